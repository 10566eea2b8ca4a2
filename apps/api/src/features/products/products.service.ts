import type { CreateProductBody, ImportResult, Product, UpdateProductBody } from '@expedo/domain'
import { PRODUCT_SEARCH_MIN_CHARS } from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/db/errors.ts'
import { pageOf } from '../../platform/db/paging.ts'
import { refreshStatistics } from '../../platform/db/statistics.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { checkRows, DUPLICATE_SKU_MESSAGE, toResult } from './import-rows.ts'
import { createProductOrdersRepository } from './product-orders.repository.ts'
import { productColumns, toProduct } from './products.mapper.ts'
import { createProductsRepository, type ProductsRepository } from './products.repository.ts'

export interface ProductListInput {
  currentPage: number
  itemsPerPage: number
  searchTerm?: string | undefined
  businessclient?: string[] | undefined
  warehouse?: string | undefined
}

/** A unique violation on (business client, SKU) becomes the stable DUPLICATE_SKU answer old clients match on. */
function duplicateSku(error: unknown): never {
  const constraint = (error as { constraint?: string; cause?: { constraint?: string } }) ?? {}
  const name = constraint.constraint ?? constraint.cause?.constraint
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && (name === undefined || name.includes('sku'))) {
    throw new AppError('DUPLICATE_SKU', DUPLICATE_SKU_MESSAGE, {
      'codes.sku': 'is already used by another product',
    })
  }
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
    throw new AppError('CONFLICT', 'This e-shop id is already used by a product of that e-shop')
  }
  throw error
}

export function createProductsService(deps: { db: Db; log: Pick<FastifyBaseLogger, 'warn'> }) {
  const { db } = deps
  const repo = createProductsRepository(db)

  /** The business client a write is for: a client's own; staff must name an existing one. */
  async function ownerFor(auth: AuthContext, requested: string | undefined): Promise<string> {
    if (auth.scope.kind === 'client') {
      if (!auth.businessclientId) throw invalid('businessclient', 'create your business client first')
      if (requested && requested !== auth.businessclientId) throw notFound('Business client')
      return auth.businessclientId
    }
    if (!requested) throw invalid('businessclient', 'is required')
    if (!(await repo.businessClientExists(requested))) throw notFound('Business client')
    return requested
  }

  /** Runs a change on one product in a transaction (row locked) and answers the product afterwards. */
  function change(
    auth: AuthContext,
    id: string,
    apply: (r: ProductsRepository, businessclientId: string) => Promise<void>,
  ): Promise<Product> {
    return db
      .transaction(async (tx) => {
        const r = createProductsRepository(tx)
        const found = await r.find(auth.scope, id, true)
        if (!found) throw notFound('Product')
        await apply(r, found.product.businessclientId)
        return toProduct((await r.find(auth.scope, id))!)
      })
      .catch(duplicateSku)
  }

  return {
    async list(auth: AuthContext, input: ProductListInput) {
      const term = input.searchTerm?.trim()
      const { list, ...total } = await repo.list(
        auth.scope,
        {
          searchTerm: term && term.length >= PRODUCT_SEARCH_MIN_CHARS ? term : undefined,
          businessclientIds: input.businessclient,
          warehouseId: input.warehouse,
        },
        pageOf(input),
      )
      return { list: list.map(toProduct), ...total }
    },

    async get(auth: AuthContext, id: string) {
      const found = await repo.find(auth.scope, id)
      if (!found) throw notFound('Product')
      const notPairedOrders = await createProductOrdersRepository(db).countNotPaired(found.product)
      return { foundProduct: toProduct(found), notPairedOrders }
    },

    /**
     * Pairs the business client's order lines that carry the product's SKU but no product ('Unpaired orders
     * N / pair'), logging it on each order; answers how many orders were paired.
     */
    pairToOrders(auth: AuthContext, id: string): Promise<{ paired: number }> {
      return db.transaction(async (tx) => {
        // The product row stays locked until the lines are paired: a concurrent SKU change waits.
        const found = await createProductsRepository(tx).find(auth.scope, id, true)
        if (!found) throw notFound('Product')
        const { product } = found
        const pairing = createProductOrdersRepository(tx)
        const orderIds = await pairing.pairLines(product)
        await pairing.logPaired(
          orderIds,
          { event: 'productPaired', params: { sku: product.sku, name: product.name } },
          auth,
        )
        return { paired: orderIds.length }
      })
    },

    async create(auth: AuthContext, body: CreateProductBody): Promise<Product> {
      const businessclientId = await ownerFor(auth, body.businessclient)
      const row = await repo
        .insert({ ...productColumns(body), name: body.name, sku: body.codes.sku, businessclientId })
        .catch(duplicateSku)
      return toProduct((await repo.find({ kind: 'all' }, row.id))!)
    },

    update(auth: AuthContext, id: string, body: UpdateProductBody): Promise<Product> {
      return change(auth, id, async (r, businessclientId) => {
        const columns = productColumns(body)
        if (Object.keys(columns).length > 0) await r.update(id, columns)
        if (body.photos) {
          const unique = [...new Set(body.photos)]
          const usable = new Set(await r.usableFiles(unique, businessclientId, auth.userId))
          if (unique.some((fileId) => !usable.has(fileId))) {
            throw invalid('photos', 'must be registered files of the same business client')
          }
          await r.setPhotos(id, businessclientId, unique)
          await r.update(id, {})
        }
      })
    },

    bulkUpdate(auth: AuthContext, body: { ids: string[]; query: { allowImportOrders: boolean } }) {
      return repo
        .bulkUpdate(auth.scope, [...new Set(body.ids)], { allowImportOrders: body.query.allowImportOrders })
        .then((modified) => ({ modified }))
    },

    addEshopId(auth: AuthContext, id: string, body: { productId: string; eshop: string }) {
      return change(auth, id, async (r, businessclientId) => {
        if (!(await r.eshopOf(body.eshop, businessclientId))) throw notFound('E-shop')
        await r.insertEshopId({ productId: id, eshopId: body.eshop, externalId: body.productId })
        await r.update(id, {})
      })
    },

    deleteEshopId(auth: AuthContext, id: string, itemId: string) {
      return change(auth, id, async (r) => {
        if (!(await r.deleteEshopId(id, itemId))) throw notFound('E-shop id')
        await r.update(id, {})
      })
    },

    /** Rows are checked one by one; the valid ones go to the database in a few bulk inserts. */
    async importRows(
      auth: AuthContext,
      body: { products: unknown[]; businessclient?: string | undefined },
    ): Promise<ImportResult[]> {
      const businessclientId = await ownerFor(auth, body.businessclient)
      const checked = checkRows(body.products)
      const valid = checked.flatMap((row) => (row.ok ? [{ ...row.values, businessclientId }] : []))
      const inserted = await db.transaction((tx) => createProductsRepository(tx).insertMany(valid))
      refreshStatistics(db, ['products'], inserted.size, deps.log)
      return checked.map((row) => toResult(row, inserted))
    },
  }
}
export type ProductsService = ReturnType<typeof createProductsService>
