import {
  type LocationBulkBody,
  type LocationContents,
  type LocationCreateBodySchema,
  type LocationListQuery,
  type LocationUpdateBodySchema,
  type MoveAnswer,
  type MoveBody,
  normalizeLocationCode,
  type PutawayBody,
  type PutawaySuggestion,
  planLocations,
} from '@expedo/domain'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import type { LabelSheetFormat } from '../../platform/documents/barcode-labels-pdf.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext, TenantScope } from '../../platform/http/auth-context.ts'
import { moveStock } from '../stock/index.ts'
import { toContentLine, toLocation } from './locations.mapper.ts'
import { createLocationsRepository, type LocationFilters, type LocationRow } from './locations.repository.ts'
import { scannedLocation } from './scanned-location.ts'

const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true')

export function filtersOf(
  q: Omit<LocationListQuery, 'warehouse' | 'currentPage' | 'itemsPerPage'>,
): LocationFilters {
  return { search: q.search, zone: q.zone, kind: q.kind, active: flag(q.active), occupied: flag(q.occupied) }
}

export function createLocationsService(deps: {
  db: Db
  /** The PDF threads (app.ts): the label sheets render there, off the event loop. */
  pdfs: () => PdfWorkerPool
}) {
  const { db } = deps
  const repo = createLocationsRepository(db)

  async function contentsOf(scope: TenantScope, id: string, on: DbOrTx = db): Promise<LocationContents> {
    const r = createLocationsRepository(on)
    const found = await r.one(scope, id)
    if (!found) throw notFound('Location')
    const lines = await r.contents(scope, id)
    return { location: toLocation(found.location, found.quantity), list: lines.map(toContentLine) }
  }

  async function knownWarehouse(id: string): Promise<string> {
    const name = await repo.warehouseName(id)
    if (name === undefined) throw invalid('warehouse', 'is not a known warehouse')
    return name
  }

  /** The goods a scanned barcode (or SKU) names, lying at `at` when given; one, or a clear 400. */
  async function scannedGoods(
    on: DbOrTx,
    warehouseId: string,
    scan: { barcode: string; inventoryCard?: string | undefined },
    at?: LocationRow,
  ) {
    const r = createLocationsRepository(on)
    const all = await r.goodsOf(warehouseId, scan.barcode.trim(), at?.id)
    const matching = scan.inventoryCard ? all.filter((g) => g.cardId === scan.inventoryCard) : all
    if (!matching.length) throw invalid('barcode', `${scan.barcode} is not a product of this warehouse`)
    const lying = at ? matching.filter((g) => g.quantity > 0) : matching
    if (!lying.length) throw invalid('barcode', `${scan.barcode} does not lie at ${at!.code}`)
    if (lying.length > 1)
      throw invalid('inventoryCard', 'the barcode is goods of several clients: choose one')
    return lying[0]!
  }

  async function move(auth: AuthContext, body: MoveBody, fromReceiving: boolean): Promise<MoveAnswer> {
    return db.transaction(async (tx) => {
      const r = createLocationsRepository(tx)
      let from: LocationRow
      if (fromReceiving) {
        const receiving = await r.receiving(body.warehouse)
        if (!receiving) throw invalid('warehouse', 'has nothing received')
        from = receiving
      } else {
        from = await scannedLocation(tx, body.warehouse, body.from, 'from')
      }
      const to = await scannedLocation(tx, body.warehouse, body.to, 'to')
      if (to.id === from.id) throw invalid('to', 'is the location the goods are taken from')
      if (fromReceiving && to.kind !== 'storage') throw invalid('to', 'must be a storage location')
      const goods = await scannedGoods(tx, body.warehouse, body, from)
      const after = await moveStock(tx, {
        cardId: goods.cardId,
        from,
        to,
        quantity: body.quantity,
        createdBy: auth.userId,
        // Codes only: the movement's trigger (Move) is shown in the reader's language, and a stored English
        // word ("Move", "Putaway") was the one raw value the five-language walk found on the movements list.
        description: `${from.code} → ${to.code}`,
      })
      return {
        sku: goods.sku,
        quantity: body.quantity,
        from: { code: from.code, quantity: after.from },
        to: { code: to.code, quantity: after.to },
      }
    })
  }

  return {
    async list(auth: AuthContext, q: LocationListQuery) {
      const { list, total } = await repo.list(auth.scope, q.warehouse, filtersOf(q), {
        limit: q.itemsPerPage,
        offset: (q.currentPage - 1) * q.itemsPerPage,
      })
      return { list: list.map((r) => toLocation(r.location, r.quantity)), total }
    },

    contents: (auth: AuthContext, id: string) => contentsOf(auth.scope, id),

    async scan(auth: AuthContext, warehouseId: string, code: string) {
      const found = await repo.byCode(warehouseId, normalizeLocationCode(code))
      if (!found) throw notFound('Location')
      return contentsOf(auth.scope, found.id)
    },

    async create(auth: AuthContext, body: z.infer<typeof LocationCreateBodySchema>) {
      await knownWarehouse(body.warehouse)
      if (body.kind === 'receiving' && (await repo.receiving(body.warehouse)))
        throw invalid('kind', 'the warehouse has its receiving location already')
      if (body.kind === 'packing' && (await repo.packing(body.warehouse)))
        throw invalid('kind', 'the warehouse has its packing location already')
      const pickOrder = body.pickOrder ?? (await repo.lastPickOrder(body.warehouse)) + 1
      const [code] = await repo.insertMany([
        {
          warehouseId: body.warehouse,
          code: body.code,
          zone: body.zone.toUpperCase(),
          aisle: body.aisle,
          rack: body.rack,
          level: body.level,
          position: body.position,
          pickOrder,
          kind: body.kind,
        },
      ])
      if (!code)
        throw new AppError('CONFLICT', `Location ${body.code} exists already`, { code: 'exists already' })
      const row = await repo.byCode(body.warehouse, code)
      return contentsOf(auth.scope, row!.id).then((c) => c.location)
    },

    async bulk(body: LocationBulkBody) {
      await knownWarehouse(body.warehouse)
      return db.transaction(async (tx) => {
        const r = createLocationsRepository(tx)
        const start = (await r.lastPickOrder(body.warehouse)) + 1
        const plan = planLocations(body)
        const written = await r.insertMany(
          plan.map(({ step, ...l }) => ({ ...l, warehouseId: body.warehouse, pickOrder: start + step })),
        )
        const made = new Set(written)
        return { created: written.length, skipped: plan.map((l) => l.code).filter((c) => !made.has(c)) }
      })
    },

    async update(auth: AuthContext, id: string, body: z.infer<typeof LocationUpdateBodySchema>) {
      const found = await repo.one({ kind: 'all' }, id)
      if (!found) throw notFound('Location')
      if (body.active === false && found.location.kind !== 'storage')
        throw invalid('active', `the ${found.location.kind} location stays active`)
      await repo.update(id, { ...body, ...(body.zone ? { zone: body.zone.toUpperCase() } : {}) })
      return (await contentsOf(auth.scope, id)).location
    },

    move: (auth: AuthContext, body: MoveBody) => move(auth, body, false),
    putaway: (auth: AuthContext, body: PutawayBody) => move(auth, { ...body, from: '' }, true),

    async suggestPutaway(q: { warehouse: string; barcode: string; inventoryCard?: string | undefined }) {
      const receiving = await repo.receiving(q.warehouse)
      const all = await repo.goodsOf(q.warehouse, q.barcode.trim(), receiving?.id)
      const atReceiving = all.filter((g) => g.quantity > 0)
      const goods = await scannedGoods(db, q.warehouse, q, atReceiving.length ? receiving : undefined)
      const same = await repo.whereCardLies(goods.cardId)
      const empty = same ? undefined : await repo.firstEmpty(q.warehouse)
      const answer: PutawaySuggestion = {
        sku: goods.sku,
        product: goods.productId ? { _id: goods.productId, name: goods.productName ?? '' } : null,
        atReceiving: goods.quantity,
        location: same ?? (empty ? { code: empty.code, quantity: 0 } : null),
        reason: same ? 'sameSku' : empty ? 'empty' : null,
      }
      return answer
    },

    /** Labels of the warehouse's locations (the given ones, or every active one), in pick-path order. */
    async labels(q: {
      warehouse: string
      format: LabelSheetFormat
      search?: string | undefined
      ids: string[]
    }) {
      const warehouse = await knownWarehouse(q.warehouse)
      const rows = await repo.forLabels(
        q.warehouse,
        { search: q.search, active: q.ids.length ? undefined : true },
        q.ids,
      )
      const pdf = await deps.pdfs().render({
        kind: 'barcodeLabels',
        input: {
          title: `${warehouse} locations`,
          format: q.format,
          labels: rows.map((r) => ({ code: r.code, caption: `${warehouse}${r.zone ? ` · ${r.zone}` : ''}` })),
        },
      })
      return { pdf, filename: `locations-${q.format}.pdf` }
    },
  }
}
export type LocationsService = ReturnType<typeof createLocationsService>
