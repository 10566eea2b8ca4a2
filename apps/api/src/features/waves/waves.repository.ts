import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  orderBlocks,
  orders,
  pickDiscrepancies,
  waveLines,
  waveOrders,
  waves,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type WaveLineRow = typeof waveLines.$inferSelect
export type OrderForWave = typeof orders.$inferSelect

/** Which "Order Ready for picking" orders a release takes (issue 25): by hand (`ids`) or by filters. */
export interface WaveFilters {
  warehouseId: string
  ids?: string[] | undefined
  courierId?: string | undefined
  items?: 'single' | 'multi' | undefined
  cutoff?: Date | undefined
  limit: number
}

/** A wave's counts, as every answer about it shows them. */
export interface WaveSummaryRow {
  id: string
  number: number
  warehouseId: string
  warehouseName: string
  createdAt: Date
  createdByName: string
  orders: number
  lines: number
  linesDone: number
  pending: number
  units: number
  unitsPicked: number
  discrepancies: number
  toReturn: number
}

export interface PickLineRow {
  id: string
  waveId: string
  orderId: string
  cardId: string
  locationId: string | null
  locationCode: string | null
  pickOrder: number
  quantity: number
  picked: number
  status: string
  sku: string
  barcode: string
  productId: string | null
  productName: string | null
  photoKey: string | null
  internalNumericId: number
  slot: number
  claimedByName: string | null
  claimedBy: string | null
  claimedAt: Date | null
  warehouseId: string
  businessclientId: string
}

const pendingStatuses = sql`('open', 'toReturn')`

/** The counts of the waves matched by `where` (a condition on `w`), newest first. */
const summarySql = (where: ReturnType<typeof sql>, limit: number, offset: number) => sql`
  select w.id, w.number::int as number, w.warehouse_id as "warehouseId", wh.name as "warehouseName",
    w.created_at as "createdAt", w.created_by_name as "createdByName",
    (select count(*)::int from wave_orders o where o.wave_id = w.id) as orders,
    coalesce(l.lines, 0) as lines, coalesce(l.done, 0) as "linesDone", coalesce(l.pending, 0) as pending,
    coalesce(l.units, 0) as units, coalesce(l.picked, 0) as "unitsPicked",
    coalesce(l.to_return, 0) as "toReturn",
    (select count(*)::int from pick_discrepancies d join wave_lines dl on dl.id = d.wave_line_id
      where dl.wave_id = w.id and d.status = 'open') as discrepancies
  from waves w
  join warehouses wh on wh.id = w.warehouse_id
  left join lateral (
    select count(*)::int as lines,
      count(*) filter (where x.status not in ${pendingStatuses})::int as done,
      count(*) filter (where x.status in ${pendingStatuses})::int as pending,
      count(*) filter (where x.status = 'toReturn')::int as to_return,
      sum(x.quantity)::int as units, sum(x.picked)::int as picked
    from wave_lines x where x.wave_id = w.id
  ) l on true
  where ${where}
  order by w.created_at desc, w.id desc
  limit ${limit} offset ${offset}`

const lineSql = (where: ReturnType<typeof sql>) => sql`
  select x.id, x.wave_id as "waveId", x.order_id as "orderId", x.inventory_card_id as "cardId",
    x.location_id as "locationId", loc.code as "locationCode", x.pick_order as "pickOrder",
    x.quantity, x.picked, x.status, c.sku, coalesce(p.barcode, '') as barcode, p.id as "productId",
    p.name as "productName",
    (select f.storage_key from product_photos pp join files f on f.id = pp.file_id
      where pp.product_id = p.id order by pp.position, pp.file_id limit 1) as "photoKey",
    o.internal_numeric_id::int as "internalNumericId", wo.slot, u.username as "claimedByName",
    x.claimed_by as "claimedBy", x.claimed_at as "claimedAt", c.warehouse_id as "warehouseId",
    c.businessclient_id as "businessclientId"
  from wave_lines x
  join inventory_cards c on c.id = x.inventory_card_id
  left join products p on p.id = c.product_id
  left join warehouse_locations loc on loc.id = x.location_id
  join orders o on o.id = x.order_id
  join wave_orders wo on wo.wave_id = x.wave_id and wo.order_id = x.order_id
  left join users u on u.id = x.claimed_by
  where ${where}
  order by x.pick_order, loc.code nulls last, c.sku, wo.slot, x.id`

export function createWavesRepository(db: DbOrTx) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[]

  /** The orders a release would take, oldest first; `lock` locks them and skips rows another release holds. */
  function candidates(f: WaveFilters, lock: boolean) {
    const conditions = [eq(orders.status, 'Order Ready for picking'), eq(orders.warehouseId, f.warehouseId)]
    if (f.ids) conditions.push(inArray(orders.id, f.ids))
    if (f.courierId) conditions.push(eq(orders.courierId, f.courierId))
    if (f.cutoff) conditions.push(sql`${orders.createdAt} <= ${f.cutoff}`)
    if (f.items) {
      const units = sql`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = ${orders.id})`
      conditions.push(f.items === 'single' ? sql`${units} = 1` : sql`${units} > 1`)
    }
    const query = db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(f.limit)
    return lock ? query.for('update', { skipLocked: true }) : query
  }

  return {
    lockCandidates: (f: WaveFilters): Promise<OrderForWave[]> => candidates(f, true),

    async preview(f: WaveFilters): Promise<{ orders: number; units: number }> {
      const list = await candidates(f, false)
      if (!list.length) return { orders: 0, units: 0 }
      const [row] = await rows<{ units: number }>(sql`
        select coalesce(sum(quantity), 0)::int as units from order_blocks
        where order_id in (${sql.join(
          list.map((o) => sql`${o.id}`),
          sql`, `,
        )})`)
      return { orders: list.length, units: row?.units ?? 0 }
    },

    async insertWave(w: { warehouseId: string; createdBy: string | null; createdByName: string }) {
      const [row] = await db.insert(waves).values(w).returning({ id: waves.id, number: waves.number })
      return row!
    },

    async insertOrders(list: { waveId: string; orderId: string; slot: number }[]): Promise<void> {
      if (list.length) await db.insert(waveOrders).values(list)
    },

    /** The blocked goods of the orders (what picking must take), per order and card, in slot order. */
    blocksOf(orderIds: string[]) {
      return db
        .select({
          orderId: orderBlocks.orderId,
          cardId: orderBlocks.inventoryCardId,
          quantity: sql<number>`sum(${orderBlocks.quantity})::int`,
        })
        .from(orderBlocks)
        .where(inArray(orderBlocks.orderId, orderIds))
        .groupBy(orderBlocks.orderId, orderBlocks.inventoryCardId)
    },

    /**
     * Where the cards lie, minus what open lines of any wave are going to take there: storage in pick-path
     * order, then receiving (not yet put away); never the packing location (goods picked for other orders).
     */
    freePlaces(cardIds: string[]) {
      if (!cardIds.length) return Promise.resolve([])
      return rows<{ cardId: string; locationId: string; pickOrder: number; free: number }>(sql`
        select s.inventory_card_id as "cardId", s.location_id as "locationId", l.pick_order as "pickOrder",
          (s.quantity - coalesce((select sum(x.quantity - x.picked) from wave_lines x
            where x.location_id = s.location_id and x.inventory_card_id = s.inventory_card_id
              and x.status = 'open'), 0))::int as free
        from location_stock s join warehouse_locations l on l.id = s.location_id
        where s.inventory_card_id in (${sql.join(
          cardIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and l.kind <> 'packing' and l.active
        order by s.inventory_card_id, case l.kind when 'storage' then 0 else 1 end, l.pick_order, l.code`)
    },

    async insertLines(
      list: {
        waveId: string
        orderId: string
        inventoryCardId: string
        locationId: string | null
        pickOrder: number
        quantity: number
      }[],
    ): Promise<void> {
      for (let i = 0; i < list.length; i += 2000) await db.insert(waveLines).values(list.slice(i, i + 2000))
    },

    async summaries(
      f: { warehouseId?: string | undefined; status?: 'picking' | 'picked' | undefined },
      page: { limit: number; offset: number },
    ): Promise<{ list: WaveSummaryRow[]; total: number }> {
      const parts = [sql`true`]
      if (f.warehouseId) parts.push(sql`w.warehouse_id = ${f.warehouseId}`)
      const pending = sql`exists (select 1 from wave_lines p where p.wave_id = w.id and p.status in ${pendingStatuses})`
      if (f.status === 'picking') parts.push(pending)
      if (f.status === 'picked') parts.push(sql`not ${pending}`)
      const where = sql.join(parts, sql` and `)
      const list = await rows<WaveSummaryRow>(summarySql(where, page.limit, page.offset))
      const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from waves w where ${where}`)
      return { list, total: count?.n ?? 0 }
    },

    async summary(waveId: string): Promise<WaveSummaryRow | undefined> {
      const [row] = await rows<WaveSummaryRow>(summarySql(sql`w.id = ${waveId}`, 1, 0))
      return row
    },

    ordersOf(waveId: string) {
      return rows<{
        id: string
        internalNumericId: number
        clientOrderNr: string
        businessclient: string
        slot: number
        status: string
        leftAt: Date | null
      }>(sql`
        select o.id, o.internal_numeric_id::int as "internalNumericId", o.client_order_nr as "clientOrderNr",
          b.name as businessclient, wo.slot, o.status, wo.left_at as "leftAt"
        from wave_orders wo join orders o on o.id = wo.order_id
        join business_clients b on b.id = o.businessclient_id
        where wo.wave_id = ${waveId} order by wo.slot`)
    },

    linesOf: (waveId: string) => rows<PickLineRow>(lineSql(sql`x.wave_id = ${waveId}`)),

    async line(waveId: string, lineId: string): Promise<PickLineRow | undefined> {
      const [row] = await rows<PickLineRow>(lineSql(sql`x.wave_id = ${waveId} and x.id = ${lineId}`))
      return row
    },

    /**
     * Locks the line's order first (as a status change does), so a pick and a cancel of the same order take
     * their locks in one order (order, line, card) and never deadlock.
     */
    async lockOrderOfLine(waveId: string, lineId: string): Promise<void> {
      await db.execute(sql`
        select 1 from orders where id = (select order_id from wave_lines where id = ${lineId} and wave_id = ${waveId})
        for update`)
    },

    /** The line locked FOR UPDATE: two scans of one line run one after the other. */
    async lockLine(waveId: string, lineId: string): Promise<WaveLineRow | undefined> {
      const [row] = await db
        .select()
        .from(waveLines)
        .where(and(eq(waveLines.waveId, waveId), eq(waveLines.id, lineId)))
        .for('update')
      return row
    },

    /**
     * Claims the picker's next line in ONE statement: the one they hold already, else the first pending line on
     * the pick path that nobody holds (or whose claim lapsed); a line another picker's statement is claiming is
     * skipped, so two pickers never get the same line.
     */
    async claimNext(waveId: string, userId: string, lapseMinutes: number): Promise<string | undefined> {
      const [row] = await rows<{ id: string }>(sql`
        update wave_lines set claimed_by = ${userId}, claimed_at = now()
        where id = (
          select x.id from wave_lines x
          where x.wave_id = ${waveId} and x.status in ${pendingStatuses}
            and (x.claimed_by is null or x.claimed_by = ${userId}
              or x.claimed_at < now() - make_interval(mins => ${lapseMinutes}))
          order by (x.claimed_by is distinct from ${userId}), (x.status <> 'toReturn'), x.pick_order, x.id
          limit 1 for update skip locked)
        returning id`)
      return row?.id
    },

    async updateLine(id: string, set: Partial<typeof waveLines.$inferInsert>): Promise<void> {
      await db.update(waveLines).set(set).where(eq(waveLines.id, id))
    },

    async insertDiscrepancy(d: { waveLineId: string; expected: number; found: number; reportedBy: string }) {
      const [row] = await db.insert(pickDiscrepancies).values(d).returning({ id: pickDiscrepancies.id })
      return row!.id
    },

    discrepancies(f: { id?: string; status?: string; warehouseId?: string | undefined }, lock = false) {
      const parts = [sql`true`]
      if (f.id) parts.push(sql`d.id = ${f.id}`)
      if (f.status) parts.push(sql`d.status = ${f.status}`)
      if (f.warehouseId) parts.push(sql`w.warehouse_id = ${f.warehouseId}`)
      return rows<{
        id: string
        waveId: string
        waveNumber: number
        warehouseId: string
        warehouseName: string
        locationId: string | null
        location: string
        cardId: string
        orderId: string
        sku: string
        product: string
        businessclientId: string
        businessclient: string
        expected: number
        found: number
        status: 'open' | 'confirmed' | 'dismissed'
        reason: string
        reportedBy: string
        reportedAt: Date
        resolvedBy: string | null
      }>(sql`
        select d.id, w.id as "waveId", w.number::int as "waveNumber", w.warehouse_id as "warehouseId",
          wh.name as "warehouseName", x.location_id as "locationId", coalesce(loc.code, '') as location,
          c.id as "cardId", x.order_id as "orderId", c.sku, coalesce(p.name, '') as product, c.businessclient_id as "businessclientId",
          b.name as businessclient, d.expected, d.found, d.status, d.reason,
          coalesce(ur.username, '') as "reportedBy", d.reported_at as "reportedAt", uv.username as "resolvedBy"
        from pick_discrepancies d
        join wave_lines x on x.id = d.wave_line_id
        join waves w on w.id = x.wave_id
        join warehouses wh on wh.id = w.warehouse_id
        join inventory_cards c on c.id = x.inventory_card_id
        join business_clients b on b.id = c.businessclient_id
        left join products p on p.id = c.product_id
        left join warehouse_locations loc on loc.id = x.location_id
        left join users ur on ur.id = d.reported_by
        left join users uv on uv.id = d.resolved_by
        where ${sql.join(parts, sql` and `)}
        order by d.reported_at desc, d.id
        limit 500 ${lock ? sql`for update of d` : sql``}`)
    },

    async resolveDiscrepancy(id: string, set: { status: string; reason?: string; resolvedBy: string }) {
      await db
        .update(pickDiscrepancies)
        .set({ ...set, resolvedAt: sql`now()` })
        .where(eq(pickDiscrepancies.id, id))
    },
  }
}
export type WavesRepository = ReturnType<typeof createWavesRepository>
