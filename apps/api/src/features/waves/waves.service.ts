import {
  type ChangeLogEntry,
  CLAIM_MINUTES,
  type Discrepancy,
  normalizeLocationCode,
  type PickAnswer,
  type PickBody,
  type PickLine,
  planPicks,
  planWave,
  type ShortPickBody,
  type SysLang,
  scanMatchesGoods,
  type Wave,
  type WaveDetail,
  type WaveListQuery,
  type WaveReleaseBody,
  waveCode,
} from '@expedo/domain'
import type { Db, DbOrTx, Tx } from '../../platform/db/database.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import type { PickListLanguage, PickListRow } from '../../platform/documents/pick-list-pdf.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import type { FileStorage } from '../../platform/providers/storage.ts'
import { publicUrl } from '../files/index.ts'
import { createLocationsRepository, scannedLocation } from '../locations/index.ts'
import { applyStatusToMany, logToOrders, releaseShortPicked } from '../orders/index.ts'
import { moveStock, quantityAt, recordMovement } from '../stock/index.ts'
import {
  createWavesRepository,
  type PickLineRow,
  type WaveFilters,
  type WaveSummaryRow,
} from './waves.repository.ts'

/** A photo bigger than this is left off the pick list (its page stays light and quick). */
const MAX_PHOTO_BYTES = 2_000_000

const conflict = (message: string, details?: Record<string, string>) =>
  new AppError('CONFLICT', message, details)

export function toWave(r: WaveSummaryRow): Wave {
  return {
    _id: r.id,
    number: r.number,
    warehouse: { _id: r.warehouseId, name: r.warehouseName },
    status: r.pending > 0 ? 'picking' : 'picked',
    orders: r.orders,
    lines: r.lines,
    linesDone: r.linesDone,
    units: r.units,
    unitsPicked: r.unitsPicked,
    discrepancies: r.discrepancies,
    toReturn: r.toReturn,
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdByName,
  }
}

export function toPickLine(r: PickLineRow): PickLine {
  return {
    _id: r.id,
    location: r.locationCode === null ? null : { code: r.locationCode, pickOrder: r.pickOrder },
    sku: r.sku,
    barcode: r.barcode,
    product: r.productId
      ? { _id: r.productId, name: r.productName ?? '', photo: r.photoKey ? publicUrl(r.photoKey) : null }
      : null,
    quantity: r.quantity,
    picked: r.picked,
    status: r.status as PickLine['status'],
    order: { _id: r.orderId, internalNumericId: r.internalNumericId, slot: r.slot },
    claimedBy: r.claimedByName,
  }
}

const pickListLanguage: Record<SysLang, PickListLanguage> = {
  ENG: 'en',
  CZ: 'cs',
  SK: 'sk',
  RO: 'ro',
  RU: 'ru',
}

function filtersOf(body: WaveReleaseBody): WaveFilters {
  return {
    warehouseId: body.warehouse,
    ids: body.orders,
    courierId: body.courier,
    items: body.items,
    cutoff: body.cutoff,
    limit: body.orders ? body.orders.length : body.limit,
  }
}

/** Waves, pick lists and picking by scan (issue 25; docs/adr/0017-waves-and-picking.md). */
export function createWavesService(deps: {
  db: Db
  storage?: FileStorage
  /** The PDF threads (app.ts): the pick list renders there, off the event loop. */
  pdfs: () => PdfWorkerPool
}) {
  const { db, storage } = deps
  const repo = createWavesRepository(db)
  const who = (auth: AuthContext) => ({ userId: auth.userId, username: auth.username })

  async function summary(waveId: string, on: DbOrTx = db): Promise<Wave> {
    const row = await createWavesRepository(on).summary(waveId)
    if (!row) throw notFound('Wave')
    return toWave(row)
  }

  async function detail(waveId: string, on: DbOrTx = db): Promise<WaveDetail> {
    const r = createWavesRepository(on)
    const wave = await summary(waveId, on)
    const [orders, lines] = [await r.ordersOf(waveId), await r.linesOf(waveId)]
    return {
      wave,
      orders: orders.map((o) => ({
        _id: o.id,
        internalNumericId: o.internalNumericId,
        clientOrderNr: o.clientOrderNr,
        businessclient: o.businessclient,
        slot: o.slot,
        status: o.status,
        canceled: o.leftAt !== null,
      })),
      lines: lines.map(toPickLine),
    }
  }

  async function packingOf(on: DbOrTx, warehouseId: string) {
    const packing = await createLocationsRepository(on).packing(warehouseId)
    if (!packing) throw conflict('The warehouse has no packing location: create one (kind packing) first')
    return packing
  }

  /**
   * The line as a scan finds it, locked: it must be the caller's to pick (unclaimed, theirs, or a claim that
   * lapsed) and in one of the `allowed` statuses, else a clear 409 and nothing changes.
   */
  async function scannedLine(tx: Tx, auth: AuthContext, waveId: string, lineId: string, allowed: string[]) {
    const r = createWavesRepository(tx)
    await r.lockOrderOfLine(waveId, lineId)
    const locked = await r.lockLine(waveId, lineId)
    if (!locked) throw notFound('Wave line')
    const line = (await r.line(waveId, lineId))!
    if (!allowed.includes(locked.status)) {
      if (locked.status === 'toReturn')
        throw conflict('The order was cancelled during picking: put its picked goods back to a location')
      if (locked.status === 'canceled')
        throw conflict('The order was cancelled during picking: skip this line')
      throw conflict(`This line is ${locked.status} already`)
    }
    const lapsed = locked.claimedAt && Date.now() - locked.claimedAt.getTime() > CLAIM_MINUTES * 60_000
    if (locked.claimedBy && locked.claimedBy !== auth.userId && !lapsed)
      throw conflict(`${line.claimedByName ?? 'Another picker'} is picking this line`)
    return { locked, line, r }
  }

  function checkLocation(line: PickLineRow, scanned: string) {
    const code = normalizeLocationCode(scanned)
    if (line.locationCode === null) throw invalid('location', 'the line has no location: report it short')
    if (code !== line.locationCode) throw invalid('location', `${code} is not ${line.locationCode}`)
  }

  /** Picked units go from the location to the packing location, in the ledger, with the picker. */
  async function take(tx: Tx, auth: AuthContext, line: PickLineRow, quantity: number) {
    const packing = await packingOf(tx, line.warehouseId)
    await moveStock(tx, {
      cardId: line.cardId,
      from: { id: line.locationId!, code: line.locationCode! },
      to: { id: packing.id, code: packing.code },
      quantity,
      createdBy: auth.userId,
    })
  }

  async function answer(
    tx: Tx,
    waveId: string,
    lineId: string,
    discrepancy: string | null,
  ): Promise<PickAnswer> {
    const r = createWavesRepository(tx)
    return { line: toPickLine((await r.line(waveId, lineId))!), wave: await summary(waveId, tx), discrepancy }
  }

  /** Plans the missing units of a short line from the other locations holding them (new open lines). */
  async function replan(tx: Tx, line: PickLineRow, missing: number) {
    const r = createWavesRepository(tx)
    const places = (await r.freePlaces([line.cardId])).filter((p) => p.locationId !== line.locationId)
    const { picks } = planPicks(missing, places)
    const orders = new Map(places.map((p) => [p.locationId, p.pickOrder]))
    await r.insertLines(
      picks.map((p) => ({
        waveId: line.waveId,
        orderId: line.orderId,
        inventoryCardId: line.cardId,
        locationId: p.locationId,
        pickOrder: orders.get(p.locationId) ?? 0,
        quantity: p.quantity,
      })),
    )
  }

  /** The products' first photos by SKU, read once each; one too big or missing is left out. */
  async function photosOf(lines: PickLineRow[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, string>()
    for (const l of lines) if (l.photoKey) keys.set(l.sku, l.photoKey)
    const bytes = new Map<string, Buffer>()
    if (!storage) return new Map()
    for (const key of new Set(keys.values())) {
      const file = await storage.get(key)
      if (!file || file.size > MAX_PHOTO_BYTES) {
        file?.stream.destroy()
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of file.stream) chunks.push(chunk as Buffer)
      bytes.set(key, Buffer.concat(chunks))
    }
    return new Map([...keys].flatMap(([sku, key]) => (bytes.has(key) ? [[sku, bytes.get(key)!]] : [])))
  }

  const log = (tx: Tx, auth: AuthContext, orderId: string, entry: ChangeLogEntry) =>
    logToOrders(tx, [{ orderId, entry }], who(auth))

  return {
    async list(q: WaveListQuery) {
      const { list, total } = await repo.summaries(
        { warehouseId: q.warehouse, status: q.status },
        { limit: q.itemsPerPage, offset: (q.currentPage - 1) * q.itemsPerPage },
      )
      return { list: list.map(toWave), total }
    },

    async preview(body: WaveReleaseBody) {
      if ((await createLocationsRepository(db).warehouseName(body.warehouse)) === undefined)
        throw invalid('warehouse', 'is not a known warehouse')
      return repo.preview(filtersOf(body))
    },

    /**
     * Releases orders into a wave in one transaction: the orders are locked (an order another release holds
     * is skipped, so no order is in two waves), go to "Product Picking", get slots in age order, and their
     * blocked goods are planned over the locations in pick-path order.
     */
    async release(auth: AuthContext, body: WaveReleaseBody): Promise<WaveDetail> {
      return db.transaction(async (tx) => {
        const r = createWavesRepository(tx)
        if ((await createLocationsRepository(tx).warehouseName(body.warehouse)) === undefined)
          throw invalid('warehouse', 'is not a known warehouse')
        await packingOf(tx, body.warehouse)
        const list = await r.lockCandidates(filtersOf(body))
        if (!list.length)
          throw conflict('No order is "Order Ready for picking" in this warehouse with these filters', {
            [body.orders ? 'orders' : 'warehouse']: 'no order ready for picking',
          })
        await applyStatusToMany(tx, list, 'Product Picking', who(auth))
        const wave = await r.insertWave({
          warehouseId: body.warehouse,
          createdBy: auth.userId,
          createdByName: auth.username,
        })
        const slots = list.map((o, i) => ({ waveId: wave.id, orderId: o.id, slot: i + 1 }))
        await r.insertOrders(slots)
        const blocks = await r.blocksOf(list.map((o) => o.id))
        const places = await r.freePlaces([...new Set(blocks.map((b) => b.cardId))])
        const slotOf = new Map(slots.map((s) => [s.orderId, s.slot]))
        blocks.sort(
          (a, b) => slotOf.get(a.orderId)! - slotOf.get(b.orderId)! || a.cardId.localeCompare(b.cardId),
        )
        const lines = planWave(blocks, places).map(({ cardId, ...l }) => ({
          ...l,
          waveId: wave.id,
          inventoryCardId: cardId,
        }))
        await r.insertLines(lines)
        await logToOrders(
          tx,
          slots.map((s) => ({
            orderId: s.orderId,
            entry: { event: 'waveReleased', params: { wave: wave.number, slot: s.slot } },
          })),
          who(auth),
        )
        return detail(wave.id, tx)
      })
    },

    detail: (id: string) => detail(id),

    async pickList(auth: AuthContext, id: string) {
      const d = await detail(id)
      const photos = await photosOf(await repo.linesOf(id))
      const rows = new Map<string, PickListRow>()
      for (const l of d.lines) {
        if (l.status !== 'open' && l.status !== 'picked' && l.status !== 'short') continue
        const key = `${l.location?.code ?? ''}\u0000${l.sku}\u0000${l.barcode}`
        const row: PickListRow = rows.get(key) ?? {
          location: l.location?.code ?? '',
          sku: l.sku,
          barcode: l.barcode,
          product: l.product?.name ?? '',
          quantity: 0,
          slots: [],
          photo: photos.get(l.sku) ?? null,
        }
        row.quantity += l.quantity
        const slot = row.slots.find((s) => s.slot === l.order.slot)
        if (slot) slot.quantity += l.quantity
        else row.slots.push({ slot: l.order.slot, quantity: l.quantity })
        rows.set(key, row)
      }
      const code = waveCode(d.wave.number)
      const pdf = await deps.pdfs().render({
        kind: 'pickList',
        input: {
          language: pickListLanguage[auth.sysLang] ?? 'en',
          code,
          warehouse: d.wave.warehouse.name,
          created: new Date(d.wave.createdAt).toLocaleString('cs-CZ', { timeZone: 'Europe/Prague' }),
          orders: d.wave.orders,
          units: d.wave.units,
          rows: [...rows.values()],
        },
      })
      return { pdf, filename: `pick-list-${code}.pdf` }
    },

    /** The picker's next line, claimed for them; null when nothing is left for them. */
    async next(auth: AuthContext, id: string) {
      const wave = await summary(id)
      const lineId = await repo.claimNext(id, auth.userId, CLAIM_MINUTES)
      const line = lineId ? await repo.line(id, lineId) : undefined
      return { line: line ? toPickLine(line) : null, wave: lineId ? await summary(id) : wave }
    },

    async pick(auth: AuthContext, waveId: string, lineId: string, body: PickBody): Promise<PickAnswer> {
      return db.transaction(async (tx) => {
        const { locked, line, r } = await scannedLine(tx, auth, waveId, lineId, ['open'])
        checkLocation(line, body.location)
        if (!scanMatchesGoods(body.barcode, line))
          throw invalid(
            'barcode',
            `${body.barcode.trim()} is not ${line.sku}${line.barcode ? ` (${line.barcode})` : ''}`,
          )
        const left = locked.quantity - locked.picked
        if (body.quantity > left) throw invalid('quantity', `is more than the ${left} left to pick`)
        await take(tx, auth, line, body.quantity)
        const picked = locked.picked + body.quantity
        await r.updateLine(lineId, {
          picked,
          status: picked === locked.quantity ? 'picked' : 'open',
          pickedBy: auth.userId,
          pickedAt: new Date(),
          claimedBy: auth.userId,
          claimedAt: new Date(),
        })
        await log(tx, auth, line.orderId, {
          event: 'picked',
          params: { sku: line.sku, quantity: body.quantity, location: line.locationCode! },
        })
        return answer(tx, waveId, lineId, null)
      })
    },

    /**
     * Less than planned lies there: what was found is picked, the line is short, a discrepancy waits for the
     * operator, and the missing units are planned from other locations holding them, if any.
     */
    async short(auth: AuthContext, waveId: string, lineId: string, body: ShortPickBody): Promise<PickAnswer> {
      return db.transaction(async (tx) => {
        const { locked, line, r } = await scannedLine(tx, auth, waveId, lineId, ['open'])
        if (line.locationCode !== null) checkLocation(line, body.location)
        const left = locked.quantity - locked.picked
        if (body.found >= left)
          throw invalid('found', `is not less than the ${left} to pick: pick them instead`)
        if (body.found > 0) await take(tx, auth, line, body.found)
        await r.updateLine(lineId, {
          picked: locked.picked + body.found,
          status: 'short',
          pickedBy: auth.userId,
          pickedAt: new Date(),
        })
        const missing = left - body.found
        const discrepancy = line.locationId
          ? await r.insertDiscrepancy({
              waveLineId: lineId,
              expected: left,
              found: body.found,
              reportedBy: auth.userId,
            })
          : null
        await replan(tx, line, missing)
        await log(tx, auth, line.orderId, {
          event: 'pickShort',
          params: { sku: line.sku, quantity: body.found, missing, location: line.locationCode ?? '—' },
        })
        return answer(tx, waveId, lineId, discrepancy)
      })
    },

    /** A cancelled order's picked goods go back from the packing location to a scanned storage location. */
    async putBack(auth: AuthContext, waveId: string, lineId: string, location: string): Promise<PickAnswer> {
      return db.transaction(async (tx) => {
        const { locked, line, r } = await scannedLine(tx, auth, waveId, lineId, ['toReturn'])
        const target = await scannedLocation(tx, line.warehouseId, location, 'location')
        if (target.kind !== 'storage') throw invalid('location', `${target.code} is not a storage location`)
        const packing = await packingOf(tx, line.warehouseId)
        const there = Math.min(locked.picked, await quantityAt(tx, packing.id, line.cardId))
        if (there > 0)
          await moveStock(tx, {
            cardId: line.cardId,
            from: { id: packing.id, code: packing.code },
            to: { id: target.id, code: target.code },
            quantity: there,
            createdBy: auth.userId,
          })
        await r.updateLine(lineId, { status: 'returned', claimedBy: auth.userId, claimedAt: new Date() })
        await log(tx, auth, line.orderId, {
          event: 'pickReturned',
          params: { sku: line.sku, quantity: there, location: target.code },
        })
        return answer(tx, waveId, lineId, null)
      })
    },

    async discrepancies(q: { status: 'open' | 'confirmed' | 'dismissed'; warehouse?: string | undefined }) {
      const list = await repo.discrepancies({ status: q.status, warehouseId: q.warehouse })
      return { list: list.map(toDiscrepancy) }
    },

    /**
     * The operator confirms a short pick: the missing units (as far as the location still holds them) leave it
     * by a stock adjustment with the reason and the operator; answered with the discrepancy.
     */
    async confirm(auth: AuthContext, id: string, reason: string): Promise<Discrepancy> {
      return db.transaction(async (tx) => {
        const r = createWavesRepository(tx)
        const [d] = await r.discrepancies({ id }, true)
        if (!d) throw notFound('Discrepancy')
        if (d.status !== 'open') throw conflict(`The discrepancy is ${d.status} already`)
        const there = d.locationId ? await quantityAt(tx, d.locationId, d.cardId) : 0
        const missing = Math.min(d.expected - d.found, there)
        if (missing > 0) await releaseShortPicked(tx, d.orderId, d.cardId, missing)
        if (missing > 0)
          await recordMovement(tx, {
            warehouseId: d.warehouseId,
            businessclientId: d.businessclientId,
            sku: d.sku,
            quantity: -missing,
            triggredBy: 'Adjustment',
            locationId: d.locationId,
            // The user's words, or codes only (the trigger is shown in the reader's language).
            description: reason || `${waveCode(d.waveNumber)} ${d.location}`,
            createdBy: auth.userId,
          })
        await r.resolveDiscrepancy(id, { status: 'confirmed', reason, resolvedBy: auth.userId })
        const [after] = await r.discrepancies({ id })
        return toDiscrepancy(after!)
      })
    },

    async dismiss(auth: AuthContext, id: string): Promise<Discrepancy> {
      return db.transaction(async (tx) => {
        const r = createWavesRepository(tx)
        const [d] = await r.discrepancies({ id }, true)
        if (!d) throw notFound('Discrepancy')
        if (d.status !== 'open') throw conflict(`The discrepancy is ${d.status} already`)
        await r.resolveDiscrepancy(id, { status: 'dismissed', resolvedBy: auth.userId })
        const [after] = await r.discrepancies({ id })
        return toDiscrepancy(after!)
      })
    },
  }
}
export type WavesService = ReturnType<typeof createWavesService>

function toDiscrepancy(
  d: Awaited<ReturnType<ReturnType<typeof createWavesRepository>['discrepancies']>>[number],
) {
  return {
    _id: d.id,
    wave: { _id: d.waveId, number: d.waveNumber },
    warehouse: { _id: d.warehouseId, name: d.warehouseName },
    location: d.location,
    sku: d.sku,
    product: d.product,
    businessclient: d.businessclient,
    expected: d.expected,
    found: d.found,
    status: d.status,
    reason: d.reason,
    reportedBy: d.reportedBy,
    reportedAt: new Date(d.reportedAt).toISOString(),
    resolvedBy: d.resolvedBy,
  }
}
