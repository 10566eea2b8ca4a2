import { MAX_UPLOAD_BYTES } from '@expedo/domain'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { Config } from './config/env.ts'
import { authRoutes, createAuthService } from './features/auth/index.ts'
import { billsRoutes, createBillsService } from './features/bills/index.ts'
import { businessClientsRoutes, createBusinessClientsService } from './features/business-clients/index.ts'
import { codRoutes, createCodService } from './features/cod/index.ts'
import { commentsRoutes, createCommentsService } from './features/comments/index.ts'
import { costCalculatorRoutes, createCostCalculatorService } from './features/costcalculator/index.ts'
import { couriersRoutes, createCouriersService, createQuotationsService } from './features/couriers/index.ts'
import { createEshopsService, createShoptetAccess, eshopsRoutes } from './features/eshops/index.ts'
import { createFilesService, filesRoutes, filesServerRoutes } from './features/files/index.ts'
import { createHandoversService, handoversRoutes } from './features/handovers/index.ts'
import { healthRoutes } from './features/health/index.ts'
import { createInboundService, inboundRoutes } from './features/inbound/index.ts'
import { createInvoicesService, invoicesRoutes, mergeInvoiceDayCounts } from './features/invoices/index.ts'
import { createLabelsService, labelsRoutes } from './features/labels/index.ts'
import { createLocationsService, locationsRoutes } from './features/locations/index.ts'
import {
  createOrdersService,
  mergeOrderDayCounts,
  ordersExportRoutes,
  ordersRoutes,
  retryAllocation,
} from './features/orders/index.ts'
import { createPackingService, packingRoutes } from './features/packing/index.ts'
import { createParcelsService, parcelsRoutes } from './features/parcels/index.ts'
import { createProductGroupsService, productGroupsRoutes } from './features/product-groups/index.ts'
import { createProductsService, productsRoutes } from './features/products/index.ts'
import { createRefundsService, mergeRefundDayCounts, refundsRoutes } from './features/refunds/index.ts'
import { createReportsService, mergeDashboardRollups, reportsRoutes } from './features/reports/index.ts'
import { createServicesService, recordStorageDay, servicesRoutes } from './features/services/index.ts'
import { createShoptetOrdersService, shoptetOrdersRoutes } from './features/shoptet-orders/index.ts'
import { createStockService, stockRoutes } from './features/stock/index.ts'
import { createUsersService, usersRoutes } from './features/users/index.ts'
import { createWarehousesService, warehousesRoutes } from './features/warehouses/index.ts'
import { createWavesService, wavesRoutes } from './features/waves/index.ts'
import { buildInfo } from './platform/build-info.ts'
import type { Database } from './platform/db/database.ts'
import { createIdempotencyKeys } from './platform/db/idempotency-keys.ts'
import { statisticsTask, vacuumsItself } from './platform/db/statistics.ts'
import { createPdfWorkerPool, type PdfWorkerPool } from './platform/documents/pdf-workers.ts'
import { answerFrameworkError, errorBody, installErrorHandling } from './platform/http/error-handler.ts'
import { createIdempotency } from './platform/http/idempotency.ts'
import { installJsonBodyParser } from './platform/http/json-body.ts'
import { installLoadShedding } from './platform/http/load-shedding.ts'
import { serializeError, serializeRequest } from './platform/http/log-redaction.ts'
import { requestIdOf } from './platform/http/request-id.ts'
import { addSecurityHeaders } from './platform/http/security-headers.ts'
import { isServerPath, serveWeb } from './platform/http/web.ts'
import { createJobQueue } from './platform/jobs/job-queue.ts'
import { createCourierProviders } from './platform/providers/couriers/courier-providers.ts'
import { shoptetClientConfig } from './platform/providers/shoptet/index.ts'
import { createLocalStorage } from './platform/providers/storage.ts'
import { createFileUrlSigner } from './platform/security/file-urls.ts'
import { createTokenService } from './platform/security/tokens.ts'

export interface AppOptions {
  config: Config
  database: Database
  /** Pino options or false; tests pass false. */
  logger?: boolean | object
  /** Where the app's own logger writes (default stdout); tests read it. */
  logStream?: DestinationStream
}

/** Builds the app: external plugins → platform → features (fastify/demo's order). Does not listen. */
export async function buildApp({ config, database, logger, logStream }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Requests are logged as method, redacted URL, address and id: never headers or bodies; errors
      // without SQL text, parameters or values (serializeError).
      serializers: { req: serializeRequest, err: serializeError },
      redact: { paths: ['*.password', '*.token', '*.authorization'], censor: '[hidden]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Receiving a request (headers and body) may take this long (checked every second; answered 408 and
    // closed); answering it is bounded by load shedding's deadline.
    requestTimeout: config.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: 1000,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    bodyLimit: 2 * 1024 * 1024,
    // The contract keeps the spec's paths, some with a trailing slash (/reports/nogoods/): both forms work.
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode ('%zz') answers in the API's shape, naming the url.
    frameworkErrors: answerFrameworkError,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // WebAssembly compiled from the app's own files (the camera's barcode reader, zxing-wasm), no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        // The PDF pages' pdf.js worker is a file of the build (no blob: worker); the app shows no frames.
        workerSrc: ["'self'"],
        frameSrc: ["'none'"],
      },
    },
  })
  await app.register(fastifyRateLimit, { global: false })
  // The one multipart form is POST /upload: a destination field and one file. A body past these limits is
  // refused as it arrives (busboy stops parsing), not read to the end.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 20 },
  })
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Expedo API', version: buildInfo.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  installErrorHandling(app)
  installJsonBodyParser(app)
  await installLoadShedding(app, {
    maxInFlight: config.maxInFlight ?? (database.pool.options.max ?? config.poolMax) * 4,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    requestTimeoutMs: config.requestTimeoutMs,
  })

  const { db } = database
  const tokens = createTokenService(config.jwtSecret, config.jwtTtlHours)
  const users = createUsersService(db, tokens)
  const auth = createAuthService({ db, users, tokens })
  const businessClients = createBusinessClientsService({ db, users })
  const storage = createLocalStorage(config.filesDir)
  const files = createFilesService({ db, storage })
  // Stock that arrives (received, or added by an adjustment) retries allocation of No goods orders, after
  // the stock change committed; a failure is logged and the next arrival retries (the receipt stands).
  const stockArrived = async (arrival: {
    businessclientId: string
    skus: string[]
    by: { userId: string; username: string }
  }) => {
    try {
      await retryAllocation(db, arrival.businessclientId, arrival.skus, arrival.by)
    } catch (err) {
      app.log.error({ err, businessclientId: arrival.businessclientId }, 'allocation retry failed')
    }
  }
  const stock = createStockService({ db, onStockAvailable: stockArrived })
  const inbound = createInboundService({ db, onStockArrived: stockArrived })
  const products = createProductsService({ db, log: app.log })
  const productGroups = createProductGroupsService({ db })
  // Background work of the features: in-process until server.ts attaches pg-boss (queue.attach).
  const queue = createJobQueue(app.log)
  const shoptet = shoptetClientConfig(config.shoptet)
  const shoptetAccess = createShoptetAccess({ db, shoptet })
  const eshops = createEshopsService({
    db,
    users,
    log: app.log,
    shoptet,
    access: shoptetAccess,
    queue,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  })
  const invoices = createInvoicesService({ db })
  const bills = createBillsService({ db })
  // The PDF threads start with the first document asked for and end with the app.
  let pdfPool: PdfWorkerPool | undefined
  const pdfs = () => {
    pdfPool ??= createPdfWorkerPool()
    return pdfPool
  }
  app.addHook('onClose', async () => pdfPool?.close())
  // Orders shipped with invoicing on get their invoice right after the commit; the minutely task retries.
  const issueRequestedInvoices = async () => {
    try {
      const issued = await invoices.issueRequested()
      if (issued) app.log.info({ count: issued }, 'invoices issued for shipped orders')
    } catch (err) {
      app.log.error({ err }, 'invoicing shipped orders failed')
    }
  }
  const shoptetOrders = createShoptetOrdersService({
    db,
    log: app.log,
    queue,
    apiFor: (eshopId, lane) => shoptetAccess.shoptetApiFor(eshopId, lane),
    forgetApi: (eshopId) => shoptetAccess.forget(eshopId),
  })
  const afterShipped = () => {
    void issueRequestedInvoices()
    shoptetOrders.afterShipped()
  }
  // Courier labels (issue 25): asked for at Packed, created by a job after the commit; parcels tracked.
  const courierProviders = createCourierProviders({
    econt: config.econt,
    packeta: config.packeta,
    gls: config.gls,
  })
  const labels = createLabelsService({
    db,
    queue,
    couriers: courierProviders,
    files,
    log: app.log,
    onShipped: afterShipped,
  })
  // A job not sent (a failed send) is sent by the minutely resend: the label stays requested meanwhile.
  const afterPacked = async (orderIds: string[]) => {
    try {
      await labels.afterPacked(orderIds)
    } catch (err) {
      app.log.error({ err }, 'courier label jobs not sent')
    }
  }
  // Courier handovers (issue 25): the manifest the driver signs, or the courier's pickup, ships the orders.
  const handovers = createHandoversService({
    db,
    couriers: courierProviders,
    log: app.log,
    onShipped: afterShipped,
  })
  const orders = createOrdersService({
    db,
    log: app.log,
    onShipped: afterShipped,
    onPacked: afterPacked,
  })
  const comments = createCommentsService({ db, orders })
  const reports = createReportsService({ db, dashboardCacheSeconds: config.dashboardCacheSeconds })
  const couriers = createCouriersService({ db, econt: config.econt, log: app.log })
  const services = createServicesService({ db })
  const cod = createCodService({ db, econt: config.econt, notPaidDays: config.codNotPaidDays })

  app.decorate('registeredRoutes', [])
  app.decorate('authenticate', auth.authenticate)
  app.decorate('statementTimeoutMs', config.statementTimeoutMs)
  const idempotencyKeys = createIdempotencyKeys(db)
  app.decorate('idempotency', createIdempotency(idempotencyKeys))
  app.decorate('fileUrls', createFileUrlSigner(config.jwtSecret, config.jwtTtlHours))
  app.decorateRequest('auth', null)

  await app.register(
    async (api: FastifyInstance) => {
      healthRoutes(api, database)
      authRoutes(api, auth, config.authRateLimit)
      usersRoutes(api, users)
      businessClientsRoutes(api, businessClients)
      filesRoutes(api, files)
      stockRoutes(api, stock)
      locationsRoutes(api, createLocationsService({ db }))
      warehousesRoutes(api, createWarehousesService({ db }))
      wavesRoutes(api, createWavesService({ db, storage }))
      packingRoutes(api, createPackingService({ db, onPacked: afterPacked }))
      labelsRoutes(api, labels)
      handoversRoutes(api, handovers)
      inboundRoutes(api, inbound)
      productsRoutes(api, products)
      productGroupsRoutes(api, productGroups)
      eshopsRoutes(api, eshops, config.authRateLimit)
      ordersRoutes(api, orders)
      ordersExportRoutes(api, { db })
      commentsRoutes(api, comments)
      reportsRoutes(api, reports)
      couriersRoutes(api, couriers, createQuotationsService({ db }))
      invoicesRoutes(api, { db, invoices, orders, pdfs })
      costCalculatorRoutes(api, createCostCalculatorService({ db }))
      billsRoutes(api, { db, bills, pdfs })
      servicesRoutes(api, services)
      codRoutes(api, { db, cod })
      parcelsRoutes(api, createParcelsService({ db, onStockArrived: stockArrived }))
      refundsRoutes(api, { db, refunds: createRefundsService({ db }) })
      shoptetOrdersRoutes(api, shoptetOrders)
    },
    { prefix: '/api' },
  )
  filesServerRoutes(app, files)

  app.setNotFoundHandler((request, reply) => {
    if (isServerPath(request.url) || !serveWeb.enabled(config)) {
      return reply
        .code(404)
        .send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`, request))
    }
    return serveWeb.index(reply)
  })
  if (serveWeb.enabled(config)) await serveWeb.register(app, config)

  return {
    app,
    /** The features' background jobs: server.ts attaches pg-boss; tests await `queue.idle()`. */
    queue,
    /** The Shoptet API of each connected shop (one cached token per shop, shared by all processes). */
    shoptetAccess,
    services: {
      auth,
      users,
      businessClients,
      files,
      stock,
      inbound,
      products,
      productGroups,
      eshops,
      invoices,
      orders,
      shoptetOrders,
      labels,
      handovers,
    },
    /** The hourly clean-ups (platform/jobs/maintenance.ts). */
    maintenance: {
      signinFailures: auth.purgeSigninFailures,
      idempotencyKeys: idempotencyKeys.purge,
      // PostgreSQL's autovacuum keeps statistics fresh and reclaims dead rows, where it is on.
      ...((await vacuumsItself(db, database.embedded)) ? {} : { statistics: statisticsTask(db) }),
    },
    /** Every minute: fold the kept counts' deltas (order and invoice day counts, the dashboard's rollups). */
    minutely: {
      orderDayCounts: () => mergeOrderDayCounts(database.db),
      invoices: () => invoices.issueRequested(),
      invoiceDayCounts: () => mergeInvoiceDayCounts(database.db),
      dashboardRollups: () => mergeDashboardRollups(database.db),
      refundDayCounts: () => mergeRefundDayCounts(database.db),
      shoptetTracking: () => shoptetOrders.writeBackTracking(),
      shoptetDeliveries: () => shoptetOrders.enqueueWaitingDeliveries(),
      courierLabels: () => labels.resendStale(),
    },
    /** Every 15 minutes: the couriers asked about the parcels of created labels (features/labels). */
    labelTracking: {
      tracking: () => labels.trackAll(),
    },
    /** Every 5 minutes: the couriers asked about booked pickups; a taken one hands its handover over. */
    handoverPickups: {
      pickups: () => handovers.trackPickups(),
    },
    /** Every 2 minutes (spec part 2 §9): the connected shops' order pulls, one job per shop. */
    shoptetPulls: {
      shoptetOrders: () => shoptetOrders.enqueuePulls(),
    },
    /** Every day after midnight (UTC): yesterday's storage services, one per occupied position. */
    daily: {
      storage: () => recordStorageDay(database.db),
      codNotPaid: async () => (await cod.checkUnpaid()).notPaid,
    },
    /** On the 1st at 02:05 UTC: the bill run of the month before (features/bills). */
    monthly: {
      bills: () => bills.runMonthly(),
    },
  }
}
export type App = Awaited<ReturnType<typeof buildApp>>
