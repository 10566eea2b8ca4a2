import { sql } from 'drizzle-orm'
import { UUIDV7_SQL } from '../../features/services/index.ts'
import type { Tx } from '../../platform/db/database.ts'
import { rateCards } from '../schema/index.ts'

const DAYS = 90
/** Storage days recorded: the last two weeks (a day is a row per occupied position: ~700 a day). */
const STORAGE_DAYS = 14
const uuid = sql.raw(UUIDV7_SQL)

/** The default card of each warehouse country (prices without VAT, in the country's billing currency). */
const defaultCards = [
  {
    country: 'Czech',
    currency: 'CZK',
    fulfilmentOrder: '26.00',
    fulfilmentExtraItem: '4.00',
    packaging: '6.50',
    receivingUnit: '1.20',
    storagePositionDay: '0.90',
    codFee: '15.00',
    refundHandling: '45.00',
  },
  {
    country: 'Romania',
    currency: 'RON',
    fulfilmentOrder: '3.25',
    fulfilmentExtraItem: '0.50',
    packaging: '0.80',
    receivingUnit: '0.15',
    storagePositionDay: '0.12',
    codFee: '2.00',
    refundHandling: '6.00',
  },
  {
    country: 'Bulgaria',
    currency: 'EUR',
    fulfilmentOrder: '0.95',
    fulfilmentExtraItem: '0.15',
    packaging: '0.25',
    receivingUnit: '0.05',
    storagePositionDay: '0.04',
    codFee: '0.60',
    refundHandling: '1.80',
  },
]

/**
 * Demo rate cards and services (docs/domain.md "Services and bills"): a default card per warehouse country
 * valid for the past year and open, the first client's own cheaper Czech card; then, in bulk statements, the
 * services the last 90 days would have recorded — each shipped order's fulfilment, extra items, packaging,
 * COD fee and (where couriers' quotations exist) transport, each received line's receiving, and for the last
 * two weeks a storage day per occupied position. Run after the orders, stock and (if any) courier quotations seeds. All not
 * billed. Answers how many services it wrote.
 */
export async function seedServices(tx: Tx, clientIds: string[], now = new Date()): Promise<number> {
  const validFrom = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10)
  await tx.insert(rateCards).values(defaultCards.map((c) => ({ ...c, validFrom })))
  if (clientIds[0]) {
    await tx
      .insert(rateCards)
      .values({ ...defaultCards[0]!, businessclientId: clientIds[0], validFrom, fulfilmentOrder: '22.00' })
  }
  const since = sql`(${now.toISOString()}::timestamptz - interval '${sql.raw(String(DAYS))} days')`
  // The card in force for a client, country and day: its own, else the country's default.
  const cardFor = (client: string, country: string, day: string) => sql`
    select * from rate_cards r where r.country = ${sql.raw(country)}
      and (r.businessclient_id = ${sql.raw(client)} or r.businessclient_id is null)
      and r.valid_from <= ${sql.raw(day)} and (r.valid_to is null or r.valid_to >= ${sql.raw(day)})
    order by r.businessclient_id is null limit 1`

  // Shipped orders: the moment each entered Shipping, from its change log.
  await tx.execute(sql`
    create temporary table seed_shipped on commit drop as
    select o.id, o.businessclient_id, w.country as wh_country, o.ship_to_country, o.courier_id, o.office_code,
           o.cod_apply, o.cod_amount, o.payment_type, coalesce(nullif(o.client_order_nr, ''), o.internal_numeric_id::text) as ref,
           l.at as shipped_at,
           (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id) as units
    from orders o
    join warehouses w on w.id = o.warehouse_id
    join lateral (select min(at) as at from order_change_logs c where c.order_id = o.id and c.what like '%→ Shipping%') l on true
    where l.at >= ${since}`)
  const orderService = (
    type: string,
    category: string,
    quantity: string,
    price: string,
    where = 'true',
  ) => sql`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
      unit_price, amount, currency, country, description, service_date, rate_card_id, dedupe_key, created_at)
    select ${uuid}, s.businessclient_id, ${type}, ${category}, 'Order', s.id, s.ref, ${sql.raw(quantity)},
      r.${sql.raw(price)}, round(${sql.raw(quantity)} * r.${sql.raw(price)}, 2), r.currency, s.wh_country,
      'Order ' || s.ref, s.shipped_at::date, r.id, 'Order:' || s.id || ':' || ${type}, s.shipped_at
    from seed_shipped s
    cross join lateral (${cardFor('s.businessclient_id', 's.wh_country', 's.shipped_at::date')}) r
    where r.${sql.raw(price)} > 0 and ${sql.raw(where)}
    on conflict (dedupe_key) do nothing`
  await tx.execute(orderService('fulfilment', 'warehouse', '1', 'fulfilment_order'))
  await tx.execute(
    orderService('extra_item', 'warehouse', '(s.units - 1)', 'fulfilment_extra_item', 's.units > 1'),
  )
  await tx.execute(orderService('packaging', 'warehouse', '1', 'packaging'))
  await tx.execute(orderService('cod', 'courier', '1', 'cod_fee', 's.cod_apply and s.cod_amount > 0'))
  // Transport and the courier's COD charge: only where the courier has an active quotation.
  await tx.execute(sql`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
      unit_price, amount, currency, country, description, service_date, quotation_id, dedupe_key, created_at)
    select ${uuid}, s.businessclient_id, 'transport', 'courier', 'Order', s.id, s.ref, 1, q.amount, q.amount,
      q.currency, s.wh_country, 'Order ' || s.ref, s.shipped_at::date, q.id, 'Order:' || s.id || ':transport', s.shipped_at
    from seed_shipped s
    join courier_quotations q on q.courier_id = s.courier_id and q.country = s.ship_to_country and q.is_active
      and q.service_type = case when s.office_code <> '' then 'office' else 'address' end
    where q.amount > 0
    on conflict (dedupe_key) do nothing`)
  await tx.execute(sql`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
      unit_price, amount, currency, country, description, service_date, quotation_id, dedupe_key, created_at)
    select ${uuid}, s.businessclient_id, 'cod', 'courier', 'Order', s.id, s.ref, 1, f.fee, f.fee, q.currency,
      s.wh_country, 'Order ' || s.ref, s.shipped_at::date, q.id, 'Order:' || s.id || ':cod_courier', s.shipped_at
    from seed_shipped s
    join courier_quotations q on q.courier_id = s.courier_id and q.country = s.ship_to_country and q.is_active
      and q.service_type = case when s.office_code <> '' then 'office' else 'address' end
    cross join lateral (select case when s.payment_type ilike '%card%'
      then round(s.cod_amount * q.courier_cod_service_card / 100, 2) else q.courier_cod_service_cash end as fee) f
    where s.cod_apply and s.cod_amount > 0 and f.fee > 0
    on conflict (dedupe_key) do nothing`)

  // Receiving: each received line of the period, per unit handled.
  await tx.execute(sql`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
      unit_price, amount, currency, country, description, service_date, rate_card_id, dedupe_key, created_at)
    select ${uuid}, sh.businessclient_id, 'receiving', 'warehouse', 'Inboundshipment', sh.id, right(sh.id::text, 9),
      g.quantity + g.quantity_damaged, r.receiving_unit, round((g.quantity + g.quantity_damaged) * r.receiving_unit, 2),
      r.currency, w.country, 'Inbound shipment ' || right(sh.id::text, 9) || ': ' || g.sku, g.created_at::date, r.id,
      'Inboundshipment:' || g.id || ':receiving', g.created_at
    from goods_received g
    join inbound_shipments sh on sh.id = g.inbound_shipment_id
    join warehouses w on w.id = sh.warehouse_id
    cross join lateral (${cardFor('sh.businessclient_id', 'w.country', 'g.created_at::date')}) r
    where g.created_at >= ${since} and g.quantity + g.quantity_damaged > 0 and r.receiving_unit > 0
    on conflict (dedupe_key) do nothing`)

  // Storage: every position with stock today, for each of the last STORAGE_DAYS days (as the daily job
  // records it; the whole 90 days would be ~64,000 rows and slow the embedded database's first start).
  // The demo's cards are valid for the whole period: each position's card is looked up once.
  await tx.execute(sql`
    create temporary table seed_positions on commit drop as
    select c.id, c.businessclient_id, c.sku, w.country, w.name as warehouse, r.id as card_id,
           r.storage_position_day as price, r.currency
    from inventory_cards c
    join warehouses w on w.id = c.warehouse_id
    cross join lateral (${cardFor('c.businessclient_id', 'w.country', `'${now.toISOString().slice(0, 10)}'::date`)}) r
    where c.available + c.blocked > 0 and r.storage_position_day > 0`)
  await tx.execute(sql`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
      unit_price, amount, currency, country, description, service_date, rate_card_id, dedupe_key, created_at)
    select gen_random_uuid(), p.businessclient_id, 'storage', 'storage', 'Storage', p.id, p.sku, 1, p.price, p.price,
      p.currency, p.country, 'Storage ' || p.sku || ' ' || p.warehouse || ' ' || d.day::date::text, d.day::date,
      p.card_id, 'Storage:' || p.id || ':' || d.day::date::text || ':storage', d.day + interval '1 day 7 minutes'
    from seed_positions p
    cross join generate_series(${now.toISOString()}::date - ${sql.raw(String(STORAGE_DAYS))}, ${now.toISOString()}::date - 1, interval '1 day') d(day)
    on conflict (dedupe_key) do nothing`)
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from services`)
  return rows[0]?.n ?? 0
}
