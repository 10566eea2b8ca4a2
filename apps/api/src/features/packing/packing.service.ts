import {
  countryCodeByName,
  documentLanguageOf,
  orderScanCode,
  PACKING_CLAIM_MINUTES,
  type PackedBody,
  type PackingScanAnswer,
  type PackingSession,
  packedExactly,
  packScan,
  parsePackingCode,
} from '@expedo/domain'
import type { Db, DbOrTx, Tx } from '../../platform/db/database.ts'
import { formatDate } from '../../platform/documents/format.ts'
import { countryName } from '../../platform/documents/labels.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { publicUrl } from '../files/index.ts'
import { applyStatus, logToOrders } from '../orders/index.ts'
import {
  createPackingRepository,
  type PackingHeaderRow,
  type PackingLineRow,
  type SlipRow,
} from './packing.repository.ts'

const conflict = (message: string) => new AppError('CONFLICT', message)
/** 409: another packer holds the order (the station names them). */
const heldBy = (packer: string | null | undefined) =>
  conflict(`${packer ?? 'Another packer'} is packing this order`)
/** Statuses an order is packed from: picked in a wave, or picked by hand from the ready list. */
const packable = new Set(['Product Picking', 'Order Ready for picking'])

export function toSession(h: PackingHeaderRow, lines: PackingLineRow[]): PackingSession {
  return {
    order: {
      _id: h.id,
      internalNumericId: h.internalNumericId,
      code: orderScanCode(h.internalNumericId),
      clientOrderNr: h.clientOrderNr,
      businessclient: h.businessclient,
      status: h.status,
      warehouse: h.warehouseId ? { _id: h.warehouseId, name: h.warehouseName ?? '' } : null,
      courier: h.courierId ? { _id: h.courierId, name: h.courierName ?? '' } : null,
      instructions: h.instructions,
      weight: h.weight,
      parcels: h.parcels,
      packedAt: h.packedAt ? new Date(h.packedAt).toISOString() : null,
      packedBy: h.packedBy,
    },
    lines: lines.map((l) => ({
      sku: l.sku,
      barcode: l.barcode,
      product: l.productId
        ? {
            _id: l.productId,
            name: l.productName ?? l.name,
            photo: l.photoKey ? publicUrl(l.photoKey) : null,
          }
        : null,
      quantity: l.quantity,
      packed: l.packed,
    })),
    packer: h.claimLive ? h.packerName : null,
    complete: packedExactly(
      lines,
      lines.map((l) => l.packed),
    ),
  }
}

type Language = ReturnType<typeof documentLanguageOf>

/** Street, town and country (named in the document's language; a stored name or code, else as stored). */
function address(
  language: Language,
  a: { street: string; nr: string; postcode: string; city: string; country: string },
) {
  const code = countryCodeByName(a.country) ?? a.country
  return [
    [a.street, a.nr].filter(Boolean).join(' '),
    [a.postcode, a.city].filter(Boolean).join(' '),
    a.country ? countryName(code, language, a.country) : '',
  ]
}

function shipToLines(s: SlipRow, language: Language): string[] {
  const c = s.shipToClient
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ')
  return [
    ...(c.isCompany && c.companyName ? [c.companyName] : []),
    name,
    ...address(language, {
      street: s.shipToStreet,
      nr: s.shipToStreetNr,
      postcode: s.shipToPostcode,
      city: s.shipToCity,
      country: s.shipToCountry,
    }),
  ]
}

/** Scan-to-pack at a packing station (issue 25): open by slip or tote, scan items, mark Packed, the slip. */
export function createPackingService(deps: {
  db: Db
  /** Called after an order's Packed committed (its courier label job is sent). */
  onPacked?: (orderIds: string[]) => Promise<void>
  /** The PDF threads (app.ts): the packing slip renders there, off the event loop. */
  pdfs: () => PdfWorkerPool
}) {
  const { db } = deps
  const who = (auth: AuthContext) => ({ userId: auth.userId, username: auth.username })

  async function header(on: DbOrTx, orderId: string) {
    const h = await createPackingRepository(on).header(orderId, PACKING_CLAIM_MINUTES)
    if (!h) throw notFound('Order')
    return h
  }

  async function session(on: DbOrTx, orderId: string) {
    const h = await header(on, orderId)
    return toSession(h, await createPackingRepository(on).lines(orderId))
  }

  /** The order must be packable now: an already packed one is shown, never changed. */
  function checkStatus(h: PackingHeaderRow, field: string) {
    if (h.status === 'Packed') throw invalid(field, 'already packed')
    if (!packable.has(h.status)) throw invalid(field, `the order is ${h.status}`)
  }

  /** Claims (or refreshes the claim of) the order for the caller and locks its packing row; 409 when held. */
  async function hold(tx: Tx, auth: AuthContext, h: PackingHeaderRow) {
    const r = createPackingRepository(tx)
    if (await r.claim(h.id, h.businessclientId, auth.userId, PACKING_CLAIM_MINUTES)) return
    const now = await r.header(h.id, PACKING_CLAIM_MINUTES)
    throw heldBy(now?.packerName ?? h.packerName)
  }

  async function orderOf(code: string): Promise<string> {
    const parsed = parsePackingCode(code)
    if (!parsed) throw invalid('code', "not an order's or tote's code")
    const r = createPackingRepository(db)
    const id =
      parsed.kind === 'order'
        ? await r.orderIdByNumber(parsed.internalNumericId)
        : await r.orderIdByTote(parsed.waveNumber, parsed.slot)
    if (!id) throw invalid('code', 'no order with this code')
    return id
  }

  return {
    /** Opens the order for the packer: packable, picked (no open wave line), not held by another packer. */
    async open(auth: AuthContext, code: string): Promise<PackingSession> {
      const orderId = await orderOf(code)
      const h = await header(db, orderId)
      if (h.status === 'Packed') return session(db, orderId)
      checkStatus(h, 'code')
      const open = await createPackingRepository(db).openPickLines(orderId)
      if (open > 0) throw invalid('code', `still being picked: ${open} line${open === 1 ? '' : 's'} open`)
      return db.transaction(async (tx) => {
        await hold(tx, auth, h)
        return session(tx, orderId)
      })
    },

    detail: (orderId: string) => session(db, orderId),

    /**
     * One item into the box, in one transaction with the packing row locked (two scans of the last unit run
     * one after the other); a refused scan throws, so nothing changes, not even the claim's time.
     */
    async scan(auth: AuthContext, orderId: string, code: string): Promise<PackingScanAnswer> {
      return db.transaction(async (tx) => {
        const r = createPackingRepository(tx)
        const h = await header(tx, orderId)
        checkStatus(h, 'code')
        await hold(tx, auth, h)
        const lines = await r.lines(orderId)
        const result = packScan(
          lines,
          lines.map((l) => l.packed),
          code,
        )
        if (result.kind === 'wrongItem') throw invalid('code', 'not in this order')
        if (result.kind === 'tooMany')
          throw invalid('code', `one too many: the order takes ${result.quantity}`)
        const line = lines[result.index]!
        await r.setPacked(orderId, line.sku, result.packed)
        line.packed = result.packed
        const held = { ...h, packerId: auth.userId, packerName: auth.username, claimLive: true }
        return { line: result.index, session: toSession(held, lines) }
      })
    },

    async reset(auth: AuthContext, orderId: string): Promise<PackingSession> {
      return db.transaction(async (tx) => {
        const h = await header(tx, orderId)
        checkStatus(h, 'order')
        await hold(tx, auth, h)
        await createPackingRepository(tx).resetLines(orderId)
        return session(tx, orderId)
      })
    },

    /** Puts the order down: the claim is released, what was scanned stays. Another's claim is not touched. */
    async leave(auth: AuthContext, orderId: string): Promise<PackingSession> {
      return db.transaction(async (tx) => {
        const r = createPackingRepository(tx)
        const h = await header(tx, orderId)
        const packing = await r.lockPacking(orderId)
        if (packing?.packerId && packing.packerId !== auth.userId && h.claimLive) throw heldBy(h.packerName)
        if (packing) await r.release(orderId)
        return session(tx, orderId)
      })
    },

    /**
     * Packed: by the packer holding the order, every item scanned. The order is locked before its packing row
     * (as a cancel locks the order first), then goes to Packed through the orders' own status change.
     */
    async packed(auth: AuthContext, orderId: string, body: PackedBody): Promise<PackingSession> {
      const answer = await db.transaction(async (tx) => {
        const r = createPackingRepository(tx)
        const order = await r.lockOrder(orderId)
        if (!order) throw notFound('Order')
        const packing = await r.lockPacking(orderId)
        const h = await header(tx, orderId)
        checkStatus(h, 'order')
        if (packing?.packerId !== auth.userId)
          throw packing?.packerId
            ? heldBy(h.packerName)
            : conflict('Open the order at the packing station first')
        const lines = await r.lines(orderId)
        if (
          !packedExactly(
            lines,
            lines.map((l) => l.packed),
          )
        )
          throw invalid('lines', 'every item must be scanned first')
        let current = order
        if (current.status === 'Order Ready for picking') {
          await applyStatus(tx, current, 'Product Picking', who(auth))
          current = { ...current, status: 'Product Picking' }
        }
        await applyStatus(tx, current, 'Packed', who(auth))
        await r.markPacked(orderId, {
          packedBy: auth.userId,
          shippingWeight: body.weight,
          parcels: body.parcels,
        })
        await logToOrders(
          tx,
          [{ orderId, entry: { event: 'packed', params: { weight: body.weight, parcels: body.parcels } } }],
          who(auth),
        )
        await r.release(orderId)
        return session(tx, orderId)
      })
      await deps.onPacked?.([orderId])
      return answer
    },

    /** The packing slip in the customer's language (the ship-to country's, as an invoice picks its own). */
    async slip(orderId: string): Promise<{ pdf: Buffer; filename: string }> {
      const r = createPackingRepository(db)
      const h = await header(db, orderId)
      const s = (await r.slip(orderId))!
      const lines = await r.lines(orderId)
      const language = documentLanguageOf(s.shipToCountry)
      const code = orderScanCode(h.internalNumericId)
      const pdf = await deps.pdfs().render({
        kind: 'packingSlip',
        input: {
          language,
          code,
          orderNumber: h.clientOrderNr
            ? `${h.clientOrderNr} (${h.internalNumericId})`
            : String(h.internalNumericId),
          date: formatDate(new Date(s.createdAt).toISOString().slice(0, 10), language),
          shipTo: shipToLines(s, language),
          returnTo: [
            s.clientName,
            ...address(language, {
              street: s.clientStreet,
              nr: s.clientStreetNr,
              postcode: s.clientPostcode,
              city: s.clientCity,
              country: s.clientCountry,
            }),
          ],
          items: lines.map((l) => ({ sku: l.sku, name: l.productName ?? l.name, quantity: l.quantity })),
          instructions: h.instructions,
          weight: h.packedAt ? h.weight : null,
          parcels: h.packedAt ? h.parcels : null,
          trackingId: s.trackingId,
        },
      })
      return { pdf, filename: `packing-slip-${code}.pdf` }
    },
  }
}
export type PackingService = ReturnType<typeof createPackingService>
