import { eq, sql } from 'drizzle-orm'
import { orders, packingLines, packings } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

/** An order as the packing station shows it, with who holds it (`claimLive`: the claim has not lapsed). */
export interface PackingHeaderRow {
  id: string
  internalNumericId: number
  clientOrderNr: string
  businessclientId: string
  businessclient: string
  status: string
  warehouseId: string | null
  warehouseName: string | null
  courierId: string | null
  courierName: string | null
  instructions: string
  weight: number | null
  parcels: number | null
  packedAt: Date | null
  packedBy: string | null
  packerId: string | null
  packerName: string | null
  claimLive: boolean
}

/** A line of the order: its items of one SKU, with the goods' barcode and what is in the box. */
export interface PackingLineRow {
  sku: string
  name: string
  barcode: string
  productId: string | null
  productName: string | null
  photoKey: string | null
  quantity: number
  packed: number
}

/** What the packing slip prints besides the lines: ship-to, the client's return address, dates, tracking. */
export interface SlipRow {
  createdAt: Date
  shipToCountry: string
  shipToProvince: string
  shipToCity: string
  shipToStreet: string
  shipToStreetNr: string
  shipToPostcode: string
  shipToClient: { firstName?: string; lastName?: string; companyName?: string; isCompany?: boolean }
  trackingId: string
  clientName: string
  clientCountry: string
  clientCity: string
  clientStreet: string
  clientStreetNr: string
  clientPostcode: string
}

export function createPackingRepository(db: DbOrTx) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[]

  return {
    async header(orderId: string, lapseMinutes: number): Promise<PackingHeaderRow | undefined> {
      const [row] = await rows<PackingHeaderRow>(sql`
        select o.id, o.internal_numeric_id::int as "internalNumericId", o.client_order_nr as "clientOrderNr",
          o.businessclient_id as "businessclientId", b.name as businessclient, o.status,
          o.warehouse_id as "warehouseId", wh.name as "warehouseName", o.courier_id as "courierId",
          c.name as "courierName", o.instructions, o.shipping_weight as weight, o.parcels,
          o.packed_at as "packedAt", pu.username as "packedBy", p.packer_id as "packerId",
          pk.username as "packerName",
          coalesce(p.claimed_at > now() - make_interval(mins => ${lapseMinutes}), false) as "claimLive"
        from orders o
        join business_clients b on b.id = o.businessclient_id
        left join warehouses wh on wh.id = o.warehouse_id
        left join couriers c on c.id = o.courier_id
        left join users pu on pu.id = o.packed_by
        left join packings p on p.order_id = o.id
        left join users pk on pk.id = p.packer_id
        where o.id = ${orderId}`)
      return row
    },

    /** The order's items grouped by SKU in the order they were added, with what is packed of each. */
    lines(orderId: string): Promise<PackingLineRow[]> {
      return rows<PackingLineRow>(sql`
        select g.sku, g.name, coalesce(p.barcode, '') as barcode, p.id as "productId", p.name as "productName",
          (select f.storage_key from product_photos pp join files f on f.id = pp.file_id
            where pp.product_id = p.id order by pp.position, pp.file_id limit 1) as "photoKey",
          g.quantity, coalesce(l.packed, 0)::int as packed
        from (
          select i.sku, min(i.name) as name, sum(i.quantity)::int as quantity, min(i.created_at) as first,
            (array_agg(i.product_id order by i.created_at, i.id) filter (where i.product_id is not null))[1]
              as product_id
          from order_items i where i.order_id = ${orderId} group by i.sku
        ) g
        left join products p on p.id = g.product_id
        left join packing_lines l on l.order_id = ${orderId} and l.sku = g.sku
        order by g.first, g.sku`)
    },

    async orderIdByNumber(internalNumericId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.internalNumericId, internalNumericId))
      return row?.id
    },

    /** The order in a wave's slot (tote) while it is in the wave. */
    async orderIdByTote(waveNumber: number, slot: number): Promise<string | undefined> {
      const [row] = await rows<{ id: string }>(sql`
        select wo.order_id as id from waves w join wave_orders wo on wo.wave_id = w.id
        where w.number = ${waveNumber} and wo.slot = ${slot} and wo.left_at is null`)
      return row?.id
    },

    /** Lines of the order's wave still to pick. */
    async openPickLines(orderId: string): Promise<number> {
      const [row] = await rows<{ n: number }>(sql`
        select count(*)::int as n from wave_lines x
        join wave_orders wo on wo.wave_id = x.wave_id and wo.order_id = x.order_id and wo.left_at is null
        where x.order_id = ${orderId} and x.status = 'open'`)
      return row?.n ?? 0
    },

    /**
     * Claims the order for the packer in ONE statement, and locks its packing row: created when new, taken when
     * free, theirs already or the claim lapsed. Two packers at once meet on the primary key; the second sees
     * the first's claim and gets false.
     */
    async claim(orderId: string, businessclientId: string, userId: string, lapseMinutes: number) {
      const won = await rows<{ orderId: string }>(sql`
        insert into packings (order_id, businessclient_id, packer_id, claimed_at)
        values (${orderId}, ${businessclientId}, ${userId}, now())
        on conflict (order_id) do update set packer_id = excluded.packer_id, claimed_at = excluded.claimed_at
        where packings.packer_id is null or packings.packer_id = excluded.packer_id
          or packings.claimed_at is null or packings.claimed_at <= now() - make_interval(mins => ${lapseMinutes})
        returning order_id as "orderId"`)
      return won.length > 0
    },

    /** The packing row locked FOR UPDATE (after the order: order → packing, as a status change locks). */
    async lockPacking(orderId: string) {
      const [row] = await db.select().from(packings).where(eq(packings.orderId, orderId)).for('update')
      return row
    },

    async lockOrder(orderId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return row
    },

    async setPacked(orderId: string, sku: string, packed: number): Promise<void> {
      await db
        .insert(packingLines)
        .values({ orderId, sku, packed })
        .onConflictDoUpdate({ target: [packingLines.orderId, packingLines.sku], set: { packed } })
    },

    async resetLines(orderId: string): Promise<void> {
      await db.delete(packingLines).where(eq(packingLines.orderId, orderId))
    },

    async release(orderId: string): Promise<void> {
      await db.update(packings).set({ packerId: null, claimedAt: null }).where(eq(packings.orderId, orderId))
    },

    async markPacked(
      orderId: string,
      set: { packedBy: string | null; shippingWeight: number; parcels: number },
    ): Promise<void> {
      await db
        .update(orders)
        .set({ ...set, packedAt: sql`now()` })
        .where(eq(orders.id, orderId))
    },

    async slip(orderId: string): Promise<SlipRow | undefined> {
      const [row] = await rows<SlipRow>(sql`
        select o.created_at as "createdAt", o.ship_to_country as "shipToCountry",
          o.ship_to_province as "shipToProvince", o.ship_to_city as "shipToCity",
          o.ship_to_street as "shipToStreet", o.ship_to_street_nr as "shipToStreetNr",
          o.ship_to_postcode as "shipToPostcode", o.ship_to_client as "shipToClient",
          o.tracking_id as "trackingId", b.name as "clientName", b.address_country as "clientCountry",
          b.address_city as "clientCity", b.address_street as "clientStreet",
          b.address_street_nr as "clientStreetNr", b.address_postcode as "clientPostcode"
        from orders o join business_clients b on b.id = o.businessclient_id
        where o.id = ${orderId}`)
      return row
    },
  }
}
export type PackingRepository = ReturnType<typeof createPackingRepository>
