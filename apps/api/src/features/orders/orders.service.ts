import type {
  AddOrderItemBodySchema,
  BulkUpdateOrdersBody,
  CreateOrderBodySchema,
  Order,
  OrderListBody,
  OrderSearchBody,
  UpdateOrderBody,
} from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Db, DbOrTx, Tx } from '../../platform/db/database.ts'
import { invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { toOrder } from './orders.mapper.ts'
import { createOrdersRepository, type OrderRow, type Who } from './orders.repository.ts'
import { bulkUpdateOrders } from './use-cases/bulk-update.ts'
import { applyStatus, checkStatusPermission } from './use-cases/change-status.ts'
import { insertNewOrder } from './use-cases/create-order.ts'
import { duplicateOrder } from './use-cases/duplicate-order.ts'
import { listOrders, searchOrders } from './use-cases/list-orders.ts'
import { addItem, deleteItem } from './use-cases/order-items.ts'
import { createOrderRefs } from './use-cases/order-refs.ts'
import { checkFieldPermission, namedFields, updateOrderFields } from './use-cases/update-order-fields.ts'

type CreateBody = z.infer<typeof CreateOrderBodySchema>
type AddItemBody = z.infer<typeof AddOrderItemBodySchema>

const whoOf = (auth: AuthContext): Who => ({ userId: auth.userId, username: auth.username })

export function createOrdersService(deps: {
  db: Db
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Called after a status change to Shipping committed (the invoicing task listens). */
  onShipped?: () => void
  /** Called after a status change to Packed committed (the courier label jobs are sent). */
  onPacked?: (orderIds: string[]) => Promise<void>
}) {
  const { db } = deps

  async function get(auth: AuthContext, id: string, on: DbOrTx = db): Promise<Order> {
    const aggregate = await createOrdersRepository(on).find(auth.scope, id)
    if (!aggregate) throw notFound('Order')
    return toOrder(aggregate)
  }

  /**
   * Runs `change` in a transaction with the order (within the caller's scope) locked; answers the order as
   * the transaction leaves it, read on its connection (after the commit, a busy pool made committed work a 503).
   */
  function withLockedOrder(
    auth: AuthContext,
    id: string,
    change: (tx: Tx, order: OrderRow) => Promise<unknown>,
  ): Promise<Order> {
    return db.transaction(async (tx) => {
      const order = await createOrdersRepository(tx).lock(auth.scope, id)
      if (!order) throw notFound('Order')
      await change(tx, order)
      return get(auth, id, tx)
    })
  }

  return {
    get,
    list: (auth: AuthContext, body: OrderListBody) => listOrders(db, auth, body),
    search: (auth: AuthContext, body: OrderSearchBody) => searchOrders(db, auth, body),

    async create(auth: AuthContext, body: CreateBody): Promise<Order> {
      const businessclientId = businessClientFor(auth, body.businessclient)
      const repo = createOrdersRepository(db)
      if (!(await repo.businessClient(businessclientId))) throw notFound('Business client')
      const productIds = [...new Set(body.items.map((i) => i.product))]
      const found = new Map((await repo.productsOf(businessclientId, productIds)).map((p) => [p.id, p]))
      body.items.forEach((item, n) => {
        if (!found.has(item.product))
          throw invalid(`items.${n}.product`, 'is not a product of this business client')
      })

      const shipTo = body.shipTo
      const c = shipTo.client ?? {}
      const same = body.isAdressAsShipping === true
      const codAmount = body.payment?.COD?.amount ?? 0
      return db.transaction(async (tx) => {
        const order = await insertNewOrder(
          tx,
          {
            businessclientId,
            clientOrderNr: body.clientOrderNr ?? '',
            shipToCountry: shipTo.country,
            shipToProvince: shipTo.province ?? '',
            shipToCity: shipTo.city,
            shipToDistrict: shipTo.district ?? '',
            shipToStreet: shipTo.street,
            shipToStreetNr: shipTo.streetNr ?? '',
            shipToPostcode: shipTo.postcode,
            shipToPhone: shipTo.phone ?? '',
            shipToIsCompany: shipTo.isCompany ?? c.isCompany ?? false,
            shipToClient: {
              firstName: c.firstName ?? '',
              lastName: c.lastName ?? '',
              email: c.email ?? '',
              isCompany: c.isCompany ?? shipTo.isCompany ?? false,
              companyName: c.companyName ?? '',
              taxId: c.taxId ?? '',
              nr_reg_com: c.nr_reg_com ?? '',
              phone: c.phone ?? shipTo.phone ?? '',
              // Same address: the company address follows the shipping address (spec §5).
              country: same ? shipTo.country : (c.country ?? ''),
              province: same ? (shipTo.province ?? '') : (c.province ?? ''),
              city: same ? shipTo.city : (c.city ?? ''),
              street: same ? shipTo.street : (c.street ?? ''),
              streetNr: same ? (shipTo.streetNr ?? '') : (c.streetNr ?? ''),
              postcode: same ? shipTo.postcode : (c.postcode ?? ''),
            },
            paymentType: codAmount > 0 ? 'COD' : 'Paid Online',
            paymentTotal: body.items.reduce((sum, i) => sum + i.price, 0),
            codApply: codAmount > 0,
            codAmount,
            codAmountInit: codAmount,
          },
          body.items.map((item) => {
            const product = found.get(item.product)!
            return {
              productId: product.id,
              sku: product.sku,
              name: product.name,
              weight: product.weight,
              quantity: item.quantity,
              price: item.price,
            }
          }),
          whoOf(auth),
        )
        return get(auth, order.id, tx)
      })
    },

    async duplicate(auth: AuthContext, id: string): Promise<Order> {
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx)
        const order = await repo.lock(auth.scope, id)
        if (!order) throw notFound('Order')
        return get(auth, await duplicateOrder(repo, order, whoOf(auth)), tx)
      })
    },

    cancel: (auth: AuthContext, id: string) =>
      withLockedOrder(auth, id, (tx, order) => applyStatus(tx, order, 'Canceled', whoOf(auth))),

    /**
     * `PUT /orders/:id`: the named fields first (each checked for permission and status, each change
     * logged), then the status when one is named. Everything or nothing: one transaction.
     */
    async update(auth: AuthContext, id: string, body: UpdateOrderBody): Promise<Order> {
      const { status, ...fields } = body
      // Permission problems answer 403 before anything is read (after the 404 of a foreign order).
      return withLockedOrder(auth, id, async (tx, order) => {
        checkFieldPermission(auth.roles, namedFields(fields))
        if (status) checkStatusPermission(auth.roles, status)
        const changed = await updateOrderFields(
          tx,
          auth.roles,
          order,
          fields,
          whoOf(auth),
          createOrderRefs(tx),
        )
        if (!status) return
        // The status change starts from the order as the field changes left it (read again only if any).
        const current = changed ? (await createOrdersRepository(tx).lock(auth.scope, id))! : order
        await applyStatus(tx, current, status, whoOf(auth))
      })
        .finally(() => {
          if (status === 'Shipping') deps.onShipped?.()
        })
        .then(async (order) => {
          if (status === 'Packed') await deps.onPacked?.([id])
          return order
        })
    },

    addItem: (auth: AuthContext, id: string, body: AddItemBody) =>
      withLockedOrder(auth, id, (tx, order) => addItem(createOrdersRepository(tx), order, body, whoOf(auth))),

    deleteItem: (auth: AuthContext, id: string, itemId: string) =>
      withLockedOrder(auth, id, (tx, order) =>
        deleteItem(createOrdersRepository(tx), order, itemId, whoOf(auth)),
      ),

    bulkUpdate: (auth: AuthContext, body: BulkUpdateOrdersBody) =>
      bulkUpdateOrders(db, auth, body, whoOf(auth), deps.log)
        .finally(() => {
          if (body.status === 'Shipping') deps.onShipped?.()
        })
        .then(async (answer) => {
          if (body.status === 'Packed') await deps.onPacked?.(body.orders)
          return answer
        }),

    /** The caller has the order open: the list and the detail show who, for two minutes. */
    async open(auth: AuthContext, id: string) {
      const since = await createOrdersRepository(db).setOpenUser(auth.scope, id, auth.userId)
      if (!since) throw notFound('Order')
      return { isOpenUser: { _id: auth.userId, username: auth.username, since: since.toISOString() } }
    },

    async assignees() {
      const users = await createOrdersRepository(db).assignees()
      return users.map((u) => ({ _id: u.id, username: u.username }))
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>

/** Staff name the business client; a client user creates for its own (naming another one is a 404). */
function businessClientFor(auth: AuthContext, requested: string | undefined): string {
  if (auth.scope.kind === 'all') {
    if (!requested) throw invalid('businessclient', 'is required')
    return requested
  }
  const own = auth.scope.businessclientId
  if (requested && requested !== own) throw notFound('Business client')
  if (!own) throw invalid('businessclient', 'create your business client first')
  return own
}
