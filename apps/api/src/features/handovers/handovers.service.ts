import {
  currencyOfCountry,
  documentLanguageOf,
  type Handover,
  type HandoverConfirmBody,
  type HandoverCreateBody,
  type HandoverDetail,
  type HandoverListQuery,
  type HandoverParcel,
  type HandoverPickupBody,
  type HandoverReadyGroup,
  type HandoverScanAnswer,
  type HandoverStatus,
  handoverCode,
  type PickupStatus,
  parsePackingCode,
  pickupWindowMessages,
  pickupWindowProblem,
} from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../../platform/db/database.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import {
  CourierRefusedError,
  CourierUnavailableError,
  type LabelAdapter,
  type PickupState,
} from '../../platform/providers/couriers/courier-adapter.ts'
import type { CourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import { applyStatus, logToOrders, type Who } from '../orders/index.ts'
import { createWarehousesRepository, missingSenderFields } from '../warehouses/index.ts'
import {
  type CountryTotals,
  createHandoversRepository,
  type HandoverRow,
  type ParcelRow,
} from './handovers.repository.ts'
import { pickupRequestOf } from './pickup-request.ts'

/** Every 5 minutes: the couriers asked about the pickups they were asked for (brief: Econt's courier request). */
export const HANDOVER_PICKUP_SCHEDULE = { job: 'handover-pickups', cron: '*/5 * * * *' }
/** Pickups asked about in one pass, and ids per courier call. */
const PICKUP_PASS_LIMIT = 500
const PICKUP_BATCH = 50
/** A courier that cannot be reached: the caller may try again after this long. */
const COURIER_RETRY_SECONDS = 30

const conflict = (message: string) => new AppError('CONFLICT', message)
const notOpen = (h: HandoverRow) =>
  conflict(
    `${handoverCode(h.number)} is ${h.status === 'handedOver' ? 'handed over' : h.status}: it is no longer open`,
  )

type Totals = Pick<Handover, 'orders' | 'scanned' | 'parcels' | 'weightGrams' | 'cod'>

/** Per-country totals folded into one, COD summed per currency (the label's currency: the ship-to country's). */
export function foldTotals(rows: (Omit<CountryTotals, 'scanned'> & { scanned?: number })[]): Totals {
  const cod = new Map<string, number>()
  const totals: Totals = { orders: 0, scanned: 0, parcels: 0, weightGrams: 0, cod: [] }
  for (const r of rows) {
    totals.orders += r.orders
    totals.scanned += r.scanned ?? 0
    totals.parcels += r.parcels
    totals.weightGrams += r.weightGrams
    const amount = Number(r.cod)
    if (amount > 0) {
      const currency = currencyOfCountry(r.country)
      cod.set(currency, (cod.get(currency) ?? 0) + amount)
    }
  }
  totals.cod = [...cod]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }))
  return totals
}

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof createHandoversRepository>['find']>>>

/** The receiver's name as the label prints it (label-request.ts). */
const receiverName = (c: ParcelRow['shipToClient']) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.companyName || ''

export function toParcel(p: ParcelRow): HandoverParcel {
  const cod = Number(p.cod)
  return {
    order: {
      _id: p.orderId,
      internalNumericId: p.internalNumericId,
      clientOrderNr: p.clientOrderNr,
      status: p.status,
    },
    businessclient: { _id: p.businessclientId, name: p.businessclientName },
    receiver: receiverName(p.shipToClient),
    city: p.shipToCity,
    trackingId: p.trackingId,
    parcels: p.parcels,
    weightGrams: p.weightGrams,
    cod: cod > 0 ? { currency: currencyOfCountry(p.shipToCountry), amount: cod } : null,
    scannedAt: p.scannedAt?.toISOString() ?? null,
    scannedBy: p.scannedByName,
  }
}

/** Which field a window problem is reported on: the start, or the end. */
const windowField = (problem: keyof typeof pickupWindowMessages) =>
  problem === 'past' || problem === 'tooFar' ? 'from' : 'to'

export function createHandoversService(deps: {
  db: Db
  couriers: CourierProviders
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  /** After orders went to Shipping (invoices, the Shoptet tracking write-back), as labels do. */
  onShipped?: () => void
  /** The PDF threads (app.ts): the manifest renders there, off the event loop. */
  pdfs: () => PdfWorkerPool
  now?: () => Date
}) {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const pickupOf = (courier: string): LabelAdapter | undefined => {
    const adapter = deps.couriers.labelsFor(courier)
    return adapter?.requestPickup && adapter.pickupStatuses ? adapter : undefined
  }

  function toHandover(f: Found, totals: Totals): Handover {
    const h = f.handover
    return {
      _id: h.id,
      number: h.number,
      warehouse: { _id: f.warehouse.id, name: f.warehouse.name },
      courier: { _id: h.courierId, name: f.courier },
      status: h.status as HandoverStatus,
      ...totals,
      pickup: {
        status: h.pickupStatus as PickupStatus,
        requestId: h.pickupRequestId,
        from: h.pickupFrom?.toISOString() ?? null,
        to: h.pickupTo?.toISOString() ?? null,
        courierText: h.pickupText,
        checkedAt: h.pickupCheckedAt?.toISOString() ?? null,
      },
      pickupApi: pickupOf(f.courier) !== undefined,
      createdAt: h.createdAt.toISOString(),
      createdBy: h.createdByName,
      handedOverAt: h.handedOverAt?.toISOString() ?? null,
      handedOverBy: h.handedOverAt ? (h.handedOverByName ?? null) : null,
      driverName: h.driverName,
    }
  }

  async function found(id: string, tx: Db | Tx = db): Promise<Found> {
    const f = await createHandoversRepository(tx).find(id)
    if (!f) throw notFound('Handover')
    return f
  }

  async function summary(f: Found, tx: Db | Tx = db): Promise<Handover> {
    return toHandover(f, foldTotals(await createHandoversRepository(tx).totals([f.handover.id])))
  }

  async function detail(id: string, tx: Db | Tx = db): Promise<HandoverDetail> {
    const f = await found(id, tx)
    const parcels = await createHandoversRepository(tx).parcels(id)
    return { handover: await summary(f, tx), parcels: parcels.map(toParcel) }
  }

  /**
   * Confirms an open, locked handover in the caller's transaction: handed over by `who` (a person, or the
   * courier's pickup with `by` null), every order on it still Packed → Shipping through the orders' own
   * status change with a `handedOver` change-log line; the others are skipped. Rows become inactive.
   */
  async function handOver(
    tx: Tx,
    h: HandoverRow,
    courier: string,
    who: Who,
    extra: { driverName?: string } = {},
  ): Promise<{ shipped: number; skipped: number }> {
    const repo = createHandoversRepository(tx)
    const list = await repo.lockActiveOrders(h.id)
    const packed = list.filter((order) => order.status === 'Packed')
    // One insert of every order's line, each before the status change's own line.
    if (packed.length)
      await logToOrders(
        tx,
        packed.map((order) => ({
          orderId: order.id,
          entry: { event: 'handedOver', params: { handover: h.number, courier } },
        })),
        who,
      )
    for (const order of packed) await applyStatus(tx, order, 'Shipping', who)
    const shipped = packed.length
    const skipped = list.length - shipped
    await repo.deactivate(h.id)
    await repo.update(h.id, {
      status: 'handedOver',
      handedOverAt: now(),
      handedOverBy: who.userId,
      handedOverByName: who.userId ? who.username : null,
      ...(extra.driverName !== undefined ? { driverName: extra.driverName } : {}),
    })
    return { shipped, skipped }
  }

  const afterShipped = (shipped: number) => {
    if (shipped) deps.onShipped?.()
  }

  return {
    /** GET /handovers/ready: per warehouse × courier, the Packed, labelled orders on no open handover. */
    async ready(warehouse?: string): Promise<HandoverReadyGroup[]> {
      const rows = await createHandoversRepository(db).readyTotals(warehouse)
      const groups = new Map<string, { head: (typeof rows)[number]; rows: typeof rows }>()
      for (const r of rows) {
        const key = `${r.warehouseId}|${r.courierId}`
        const group = groups.get(key)
        if (group) group.rows.push(r)
        else groups.set(key, { head: r, rows: [r] })
      }
      return [...groups.values()]
        .map(({ head, rows: list }) => {
          const { scanned: _, ...totals } = foldTotals(list)
          return {
            warehouse: { _id: head.warehouseId, name: head.warehouseName },
            courier: { _id: head.courierId, name: head.courierName },
            ...totals,
            pickupApi: pickupOf(head.courierName) !== undefined,
          }
        })
        .sort(
          (a, b) =>
            a.warehouse.name.localeCompare(b.warehouse.name) || a.courier.name.localeCompare(b.courier.name),
        )
    },

    async list(query: HandoverListQuery) {
      const repo = createHandoversRepository(db)
      const { rows, total } = await repo.list(
        {
          ...(query.warehouse ? { warehouse: query.warehouse } : {}),
          ...(query.courier ? { courier: query.courier } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
        query.itemsPerPage,
        (query.currentPage - 1) * query.itemsPerPage,
      )
      const totals = await repo.totals(rows.map((r) => r.handover.id))
      return {
        list: rows.map((r) =>
          toHandover(r, foldTotals(totals.filter((t) => t.handoverId === r.handover.id))),
        ),
        total,
      }
    },

    detail: (id: string) => detail(id),

    /**
     * POST /handovers: the warehouse's ready orders of the courier (or exactly the listed ones) on a new
     * handover. The orders are locked, and each goes on with ON CONFLICT DO NOTHING against the partial
     * unique index: of two creates at once, an order ends on one handover only.
     */
    async create(auth: AuthContext, body: HandoverCreateBody): Promise<HandoverDetail> {
      return db.transaction(async (tx) => {
        const repo = createHandoversRepository(tx)
        const warehouse = await createWarehousesRepository(tx).one(body.warehouse)
        if (!warehouse) throw invalid('warehouse', 'is not a warehouse')
        const courier = await repo.courierName(body.courier)
        if (courier === undefined) throw invalid('courier', 'is not a courier')
        const listed = body.orders ? [...new Set(body.orders)] : undefined
        const ready = await repo.lockReady(body.warehouse, body.courier, listed)
        const readyIds = new Set(ready.map((r) => r.id))
        const notReady = async (ids: string[]) => {
          const described = await repo.describeOrders(ids)
          const missing = ids.find((i) => !described.some((d) => d.id === i))
          if (missing) throw invalid('orders', `${missing} is not an order`)
          const d = described.find((x) => ids.includes(x.id))!
          const why =
            d.warehouseId !== body.warehouse
              ? `is of another warehouse`
              : d.courierId !== body.courier
                ? `is for another courier`
                : d.status !== 'Packed'
                  ? `is '${d.status}', not Packed`
                  : d.label !== 'created'
                    ? `has no label yet`
                    : `is on another open handover`
          return invalid('orders', `order ${d.internalNumericId} ${why}`)
        }
        if (listed) {
          const missing = listed.filter((o) => !readyIds.has(o))
          if (missing.length) throw await notReady(missing)
        }
        if (!ready.length)
          throw conflict(
            `No ${courier} parcels of ${warehouse.name} are ready: none is Packed with a label and on no open handover`,
          )
        const handover = await repo.insertHandover({
          warehouseId: body.warehouse,
          courierId: body.courier,
          createdBy: auth.userId,
          createdByName: auth.username,
        })
        const added = await repo.insertParcels(
          handover.id,
          ready.map((r) => r.id),
        )
        if (listed && added.length < listed.length) {
          throw await notReady(listed.filter((o) => !added.includes(o)))
        }
        if (!added.length)
          throw conflict(`No ${courier} parcels of ${warehouse.name} are ready: another handover took them`)
        return detail(handover.id, tx)
      })
    },

    /** POST /handovers/:id/scan: a parcel of this open handover, by its AWB or its slip's code O-123456. */
    async scan(auth: AuthContext, id: string, raw: string): Promise<HandoverScanAnswer> {
      const code = raw.trim()
      const f = await found(id)
      if (f.handover.status !== 'open') throw notOpen(f.handover)
      const repo = createHandoversRepository(db)
      const parsed = parsePackingCode(code)
      const candidates = await repo.ordersByCode({
        trackingId: code,
        internalNumericId: parsed?.kind === 'order' ? parsed.internalNumericId : null,
      })
      // The AWB first (a courier's number may look like a typed order number), then the slip's code.
      const match = candidates.find((c) => c.byAwb) ?? candidates[0]
      if (!match) throw invalid('code', `${code} is no parcel's AWB nor an order's code`)
      if (match.handoverId !== id) {
        if (match.handoverId && match.handoverNumber !== null)
          throw invalid(
            'code',
            `order ${match.internalNumericId} is on ${handoverCode(match.handoverNumber)} (${match.handoverCourier})`,
          )
        throw invalid('code', `order ${match.internalNumericId} is not on this handover`)
      }
      // The mark and its change-log line (every floor scan is in the order's log, with the user) in one
      // transaction, the totals read in it.
      return db.transaction(async (tx) => {
        const inTx = createHandoversRepository(tx)
        const marked = await inTx.markScanned(id, match.orderId, auth.username)
        if (marked)
          await logToOrders(
            tx,
            [
              {
                orderId: match.orderId,
                entry: { event: 'handoverScanned', params: { handover: f.handover.number } },
              },
            ],
            { userId: auth.userId, username: auth.username },
          )
        const totals = foldTotals(await inTx.totals([id]))
        return {
          orderId: match.orderId,
          internalNumericId: match.internalNumericId,
          trackingId: match.trackingId,
          already: !marked,
          scanned: totals.scanned,
          orders: totals.orders,
        }
      })
    },

    /** DELETE /handovers/:id/parcels/:orderId: off the open handover's manifest; the order stays Packed. */
    async removeParcel(id: string, orderId: string): Promise<HandoverDetail> {
      return db.transaction(async (tx) => {
        const repo = createHandoversRepository(tx)
        const h = await repo.lock(id)
        if (!h) throw notFound('Handover')
        if (h.status !== 'open') throw notOpen(h)
        if (!(await repo.removeParcel(id, orderId))) throw notFound('Order on this handover')
        return detail(id, tx)
      })
    },

    /** POST /handovers/:id/cancel: the open handover's orders are free for the next one. */
    async cancel(id: string): Promise<HandoverDetail> {
      return db.transaction(async (tx) => {
        const repo = createHandoversRepository(tx)
        const h = await repo.lock(id)
        if (!h) throw notFound('Handover')
        if (h.status !== 'open') throw notOpen(h)
        await repo.deactivate(id)
        await repo.update(id, { status: 'cancelled', cancelledAt: now() })
        return detail(id, tx)
      })
    },

    /**
     * POST /handovers/:id/pickup: the courier's van booked for the open handover (Econt's courier request).
     * The booking is claimed first (pickup `requested`, so two bookings at once cannot both ask); the courier
     * is asked outside any transaction; a refusal or an unreachable courier puts the pickup back as it was.
     */
    async pickup(id: string, body: HandoverPickupBody): Promise<HandoverDetail> {
      const from = new Date(body.from)
      const to = new Date(body.to)
      const claim = await db.transaction(async (tx) => {
        const repo = createHandoversRepository(tx)
        const h = await repo.lock(id)
        if (!h) throw notFound('Handover')
        const f = await found(id, tx)
        if (h.status !== 'open') throw notOpen(h)
        const adapter = pickupOf(f.courier)
        if (!adapter)
          throw conflict(
            `${f.courier} has no pickup API: confirm the handover when the driver takes the parcels`,
          )
        if (h.pickupStatus === 'requested' || h.pickupStatus === 'accepted')
          throw conflict(`The pickup of ${handoverCode(h.number)} is already booked (${h.pickupRequestId})`)
        const problem = pickupWindowProblem(from, to, now())
        if (problem) throw invalid(windowField(problem), pickupWindowMessages[problem])
        const missing = missingSenderFields(f.warehouse)
        if (missing.length)
          throw invalid(
            'warehouse',
            `${f.warehouse.name} has no ${missing.join(', ')}: complete its address first`,
          )
        const parcels = await repo.activeParcels(id)
        if (!parcels.length) throw invalid('orders', `${handoverCode(h.number)} has no parcels`)
        await repo.update(id, { pickupStatus: 'requested', pickupText: '' })
        return { h, f, adapter, parcels }
      })
      const { h, f, adapter, parcels } = claim
      const restore = () =>
        createHandoversRepository(db).update(id, { pickupStatus: h.pickupStatus, pickupText: h.pickupText })
      let booking: Awaited<ReturnType<NonNullable<LabelAdapter['requestPickup']>>>
      try {
        booking = await adapter.requestPickup!(pickupRequestOf(f.warehouse, parcels, from, to))
      } catch (error) {
        await restore()
        if (error instanceof CourierRefusedError) throw invalid('pickup', error.message)
        if (error instanceof CourierUnavailableError)
          throw new AppError('UNAVAILABLE', error.message, undefined, {
            retryAfterSeconds: COURIER_RETRY_SECONDS,
          })
        throw error
      }
      return db.transaction(async (tx) => {
        await createHandoversRepository(tx).update(id, {
          pickupStatus: 'requested',
          pickupRequestId: booking.requestId,
          pickupFrom: from,
          pickupTo: to,
          pickupText: booking.courierText,
          pickupCheckedAt: null,
        })
        return detail(id, tx)
      })
    },

    /** POST /handovers/:id/confirm: the driver took the parcels; of two confirms at once, one is 409. */
    async confirm(auth: AuthContext, id: string, body: HandoverConfirmBody) {
      const result = await db.transaction(async (tx) => {
        const repo = createHandoversRepository(tx)
        const h = await repo.lock(id)
        if (!h) throw notFound('Handover')
        if (h.status !== 'open') throw notOpen(h)
        const f = await found(id, tx)
        const done = await handOver(
          tx,
          h,
          f.courier,
          { userId: auth.userId, username: auth.username },
          body.driverName !== undefined ? { driverName: body.driverName.trim() } : {},
        )
        return { handover: await summary(await found(id, tx), tx), ...done }
      })
      afterShipped(result.shipped)
      return result
    },

    /** GET /handovers/:id/manifest: the manifest PDF the warehouse and the driver sign. */
    async manifest(id: string): Promise<{ pdf: Buffer; filename: string }> {
      const d = await detail(id)
      const f = await found(id)
      const w = f.warehouse
      const code = handoverCode(d.handover.number)
      const pdf = await deps.pdfs().render({
        kind: 'handoverManifest',
        input: {
          // In the warehouse country's language (as a packing slip takes its ship-to country's): the paper is
          // signed there, by the warehouse's staff and the courier's local driver.
          language: documentLanguageOf(w.country),
          code,
          warehouse: {
            name: w.name,
            address: [
              [w.street, w.houseNumber].filter(Boolean).join(' '),
              [w.postCode, w.city].filter(Boolean).join(' '),
              w.country,
            ].filter(Boolean),
            contact: [w.contactName, w.phone, w.email].filter(Boolean).join(', '),
          },
          courier: d.handover.courier.name,
          date: (d.handover.handedOverAt ? new Date(d.handover.handedOverAt) : now())
            .toISOString()
            .slice(0, 10),
          driverName: d.handover.driverName,
          rows: d.parcels.map((p) => ({
            orderNumber: String(p.order.internalNumericId),
            client: p.businessclient.name,
            receiver: p.receiver,
            city: p.city,
            trackingId: p.trackingId,
            parcels: p.parcels,
            weightGrams: p.weightGrams,
            cod: p.cod,
          })),
          totals: {
            orders: d.handover.orders,
            parcels: d.handover.parcels,
            weightGrams: d.handover.weightGrams,
            cod: d.handover.cod,
          },
        },
      })
      return { pdf, filename: `manifest-${code}.pdf` }
    },

    /**
     * The scheduled pickup pass: the couriers asked about the pickups they were asked for; `taken` confirms
     * the handover as the driver's signature would (handed over by the courier, no user), `rejected` keeps
     * the courier's reason. A courier that does not answer is logged and asked again next time.
     */
    async trackPickups(): Promise<number> {
      const list = await createHandoversRepository(db).pickupsToTrack(PICKUP_PASS_LIMIT)
      const byCourier = new Map<string, typeof list>()
      for (const item of list) byCourier.set(item.courier, [...(byCourier.get(item.courier) ?? []), item])
      let checked = 0
      let shipped = 0
      for (const [courier, items] of byCourier) {
        const adapter = pickupOf(courier)
        if (!adapter) continue
        for (let i = 0; i < items.length; i += PICKUP_BATCH) {
          const chunk = items.slice(i, i + PICKUP_BATCH)
          let states: PickupState[]
          try {
            states = await adapter.pickupStatuses!(chunk.map((c) => c.requestId))
          } catch (err) {
            deps.log.error({ err, courier }, 'handover pickups: the courier did not answer')
            continue
          }
          for (const [n, item] of chunk.entries()) {
            const state = states[n]
            if (!state) continue
            checked += 1
            shipped += await applyPickupState(item.id, courier, adapter.label, state)
          }
        }
      }
      afterShipped(shipped)
      return checked
    },
  }

  /** One pickup's state stored; `taken` hands the handover over. Answers the orders moved to Shipping. */
  async function applyPickupState(id: string, courier: string, courierLabel: string, state: PickupState) {
    return db.transaction(async (tx) => {
      const repo = createHandoversRepository(tx)
      const h = await repo.lock(id)
      if (h?.status !== 'open' || h.pickupRequestId !== state.requestId) return 0
      await repo.update(id, {
        pickupStatus: state.status,
        pickupText: state.courierText,
        pickupCheckedAt: now(),
      })
      if (state.status !== 'taken') return 0
      const { shipped } = await handOver(tx, h, courier, { userId: null, username: courierLabel })
      return shipped
    })
  }
}
export type HandoversService = ReturnType<typeof createHandoversService>
