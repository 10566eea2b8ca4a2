import { SHOPTET_MESSAGES, type ShoptetProductImport } from '@expedo/domain'
import { AppError, invalid, notFound } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { ShoptetError } from '../../../platform/providers/shoptet/index.ts'
import type { EshopsDeps } from '../eshops.deps.ts'
import type { EshopRow } from '../eshops.mapper.ts'
import { createEshopsRepository } from '../eshops.repository.ts'
import { createProductImportRepository, type ProductImportRow } from '../product-import.repository.ts'
import { productsOf } from '../product-mapping.ts'
import { notConnected } from '../shoptet-access.ts'

export const PRODUCT_IMPORT_JOB = 'shoptet-product-import'
type Kind = 'import' | 'update'

export function toProductImport(row: ProductImportRow): ShoptetProductImport {
  const done = row.status === 'done'
  return {
    _id: row.id,
    eshop: row.eshopId,
    businessclient: row.businessclientId,
    kind: row.kind as Kind,
    status: row.status as ShoptetProductImport['status'],
    page: row.page,
    pageCount: row.pageCount,
    imported: row.imported,
    updated: row.updated,
    failed: row.failed,
    error: row.error,
    message: done
      ? row.kind === 'import'
        ? SHOPTET_MESSAGES.productsImported
        : SHOPTET_MESSAGES.productsUpdated
      : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** The connection an import is for: the one named, else the business client's only connected shop. */
async function connectionFor(
  deps: EshopsDeps,
  auth: AuthContext,
  q: { businessclient?: string | undefined; eshop?: string | undefined },
): Promise<EshopRow> {
  const repo = createEshopsRepository(deps.db)
  if (q.eshop) {
    const found = await repo.find(auth.scope, q.eshop)
    if (!found || (q.businessclient && found.eshop.businessclientId !== q.businessclient))
      throw notFound('E-shop')
    return found.eshop
  }
  const own = auth.scope.kind === 'client' ? auth.scope.businessclientId : null
  const businessclientId = auth.scope.kind === 'all' ? q.businessclient : own
  if (!businessclientId) {
    if (auth.scope.kind === 'all') throw invalid('businessclient', 'is required (or eshop)')
    throw notFound('E-shop')
  }
  if (auth.scope.kind !== 'all' && q.businessclient && q.businessclient !== own) throw notFound('E-shop')
  const connected = await repo.connectedOf(businessclientId)
  if (connected.length === 0) throw notFound('E-shop')
  if (connected.length > 1) throw invalid('eshop', 'is required: the business client has several e-shops')
  return connected[0]!
}

/** Starts an import or update job (or answers the one of that shop still running). */
export async function startProductImport(
  deps: EshopsDeps,
  auth: AuthContext,
  kind: Kind,
  q: {
    businessclient?: string | undefined
    eshop?: string | undefined
    page?: number
    itemsPerPage?: number
  },
): Promise<ShoptetProductImport> {
  const eshop = await connectionFor(deps, auth, q)
  if (!eshop.oauthAccessToken || eshop.uninstalledAt) throw notConnected()
  const { row, created } = await createProductImportRepository(deps.db).start({
    eshopId: eshop.id,
    businessclientId: eshop.businessclientId,
    kind,
    ...(q.page ? { firstPage: q.page } : {}),
    ...(q.itemsPerPage ? { itemsPerPage: q.itemsPerPage } : {}),
  })
  if (created) await deps.queue.send(PRODUCT_IMPORT_JOB, { importId: row.id }, { singletonKey: row.id })
  return toProductImport(row)
}

export async function productImportOf(deps: EshopsDeps, auth: AuthContext, id: string) {
  const row = await createProductImportRepository(deps.db).find(auth.scope, id)
  if (!row) throw notFound('Product import')
  return toProductImport(row)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Shoptet's passing troubles (429, 5xx, timeouts) are waited out a few times before the import fails. */
async function patiently<T>(call: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ShoptetError) || !error.retryable || attempt >= attempts) throw error
      await sleep(
        Math.min(10_000, error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 200 * 2 ** attempt),
      )
    }
  }
}

/**
 * The job: walks the shop's product pages from the import's next page to the last, reads each product's
 * variants, and per variant with a code matches our product (by the shop id kept, else by SKU), creates it
 * when missing (import) or refreshes it (update), and keeps the shop id on it. Progress is saved per page, so
 * a retried job continues where it stopped; a repeat of the whole import creates nothing twice.
 */
export async function runProductImport(deps: EshopsDeps, importId: string): Promise<void> {
  const imports = createProductImportRepository(deps.db)
  const job = await imports.byId(importId)
  if (!job || job.status === 'done' || job.status === 'failed') return
  await imports.update(job.id, { status: 'running' })
  const kind = job.kind as Kind
  try {
    const api = deps.access.shoptetApiFor(job.eshopId, 'products')
    let page = job.page > 0 ? job.page + 1 : job.firstPage
    for (;;) {
      const list = await patiently(() => api.listProducts({ page, itemsPerPage: job.itemsPerPage }))
      const details = await Promise.all(list.products.map((p) => patiently(() => api.getProduct(p.guid))))
      const add = { imported: 0, updated: 0, failed: 0 }
      for (const product of details) {
        for (const p of productsOf(product)) {
          try {
            const matched = await imports.match(job.businessclientId, job.eshopId, p)
            if (matched) {
              if (kind === 'update') await imports.refresh(matched, p)
              await imports.link(matched, job.eshopId, p.externalId)
              add.updated++
            } else if (kind === 'import') {
              const made = await imports.create(job.businessclientId, p)
              await imports.link(made.id, job.eshopId, p.externalId)
              add[made.created ? 'imported' : 'updated']++
            }
          } catch (error) {
            add.failed++
            deps.log.warn({ err: error, importId, sku: p.sku }, 'a Shoptet product could not be saved')
          }
        }
      }
      const pageCount = Math.max(list.paginator.pageCount, 1)
      await imports.progress(job.id, page, pageCount, add)
      if (page >= pageCount || list.products.length === 0) break
      page++
    }
    await imports.update(job.id, { status: 'done', finishedAt: new Date(), error: null })
    deps.log.info({ importId, kind }, 'Shoptet products imported')
  } catch (error) {
    const message =
      error instanceof ShoptetError
        ? `Shoptet: ${error.message}`
        : error instanceof AppError
          ? error.message
          : 'The import stopped on an unexpected error'
    await imports.update(job.id, { status: 'failed', finishedAt: new Date(), error: message })
    deps.log.error({ err: error, importId }, 'Shoptet product import failed')
  }
}
