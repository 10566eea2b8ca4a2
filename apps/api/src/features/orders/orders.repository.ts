import { type ChangeLogEntry, numberFreeStatuses } from '@expedo/domain'
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  businessClients,
  changeLogColumns,
  courierLabels,
  couriers,
  eshops,
  eshopTrackingRequests,
  inventoryCards,
  invoiceRequests,
  invoices,
  locationStock,
  orderBlocks,
  orderChangeLogs,
  orderItems,
  orders,
  products,
  shoptetInvoices,
  users,
  warehouseLocations,
  warehouses,
  waveLines,
  waveOrders,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { anyOf, runPrepared, runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderInsert = typeof orders.$inferInsert
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderItemInsert = typeof orderItems.$inferInsert
export type ChangeLogRow = typeof orderChangeLogs.$inferSelect

/** An order with what its answer needs besides its own columns. */
export interface OrderAggregate {
  order: OrderRow
  businessclientName: string
  warehouseName: string | null
  courierName: string | null
  openUsername: string | null
  assignedUsername: string | null
  items: OrderItemRow[]
  /** order item id → stock available for the line (see OrderItemSchema.stockAvailable). */
  stock: Map<string, number>
  logs: ChangeLogRow[]
  /** The order's latest invoice and its latest credit note (the Invoice panel). */
  invoice?: OrderInvoiceRow | null
  /** An order of a Shoptet shop: who invoices the shop's orders, and Shoptet's invoice of it when Shoptet does. */
  shoptet?: OrderShoptetInvoicing | null
}

export type OrderShoptetInvoice = Pick<
  typeof shoptetInvoices.$inferSelect,
  'code' | 'varSymbol' | 'isValid' | 'issuedAt' | 'dueDate' | 'currency' | 'total' | 'paid'
>
export interface OrderShoptetInvoicing {
  invoicing: string
  invoice: OrderShoptetInvoice | null
}

/** Who invoices the orders of a shop (docs/FINANCE.md "Shoptet and our invoices"); null: no such shop. */
export async function shopInvoicing(db: DbOrTx, eshopId: string | null): Promise<string | null> {
  if (!eshopId) return null
  const [shop] = await db.select({ invoicing: eshops.invoicing }).from(eshops).where(eq(eshops.id, eshopId))
  return shop?.invoicing ?? null
}

/**
 * Who invoices an imported order's shop and, when it is Shoptet, its Shoptet invoice: the valid one before
 * an invalid (cancelled) one, the newest first; deleted ones are not shown.
 */
export async function orderShoptetInvoicing(
  db: DbOrTx,
  order: { eshopId: string | null; eshopOrderCode: string | null },
): Promise<OrderShoptetInvoicing | null> {
  const invoicing = await shopInvoicing(db, order.eshopId)
  if (!order.eshopId || invoicing === null) return null
  if (invoicing !== 'shoptet' || !order.eshopOrderCode) return { invoicing, invoice: null }
  const [invoice] = await db
    .select({
      code: shoptetInvoices.code,
      varSymbol: shoptetInvoices.varSymbol,
      isValid: shoptetInvoices.isValid,
      issuedAt: shoptetInvoices.issuedAt,
      dueDate: shoptetInvoices.dueDate,
      currency: shoptetInvoices.currency,
      total: shoptetInvoices.total,
      paid: shoptetInvoices.paid,
    })
    .from(shoptetInvoices)
    .where(
      and(
        eq(shoptetInvoices.eshopId, order.eshopId),
        eq(shoptetInvoices.orderCode, order.eshopOrderCode),
        isNull(shoptetInvoices.deletedAt),
      ),
    )
    .orderBy(
      desc(shoptetInvoices.isValid),
      sql`${shoptetInvoices.issuedAt} desc nulls last`,
      desc(shoptetInvoices.code),
    )
    .limit(1)
  return { invoicing, invoice: invoice ?? null }
}

export type OrderInvoiceRow = {
  id: string
  sequenceNumber: string | null
  currency: string
  nettoTotal: string
  vatTotal: string
  bruttoTotal: string
  creditNoteId: string | null
  creditNoteNumber: string | null
}

/** The order's latest invoice with its latest credit note. */
async function orderInvoice(db: DbOrTx, orderId: string): Promise<OrderInvoiceRow | null> {
  const rows = await db.execute<OrderInvoiceRow>(sql`
    select i.id, i.sequence_number as "sequenceNumber", i.currency, i.netto_total as "nettoTotal",
           i.vat_total as "vatTotal", i.brutto_total as "bruttoTotal",
           c.id as "creditNoteId", c.sequence_number as "creditNoteNumber"
    from ${invoices} i
    left join lateral (select id, sequence_number from ${invoices} c where c.invoice_id = i.id
                       order by c.created_at desc limit 1) c on true
    where i.order_id = ${orderId} and i.kind = 'invoice'
    order by i.created_at desc limit 1`)
  return rows.rows[0] ?? null
}

const openUsers = alias(users, 'open_users')
const assignedUsers = alias(users, 'assigned_users')

/** The joined columns every order answer needs besides the order's own (list and detail). */
export const orderJoinColumns = {
  order: orders,
  businessclientName: businessClients.name,
  warehouseName: warehouses.name,
  courierName: couriers.name,
  openUsername: openUsers.username,
  assignedUsername: assignedUsers.username,
}

/** FROM orders with the joins of `orderJoinColumns`. */
export function fromOrdersJoined(db: DbOrTx) {
  return db
    .select(orderJoinColumns)
    .from(orders)
    .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(couriers, eq(couriers.id, orders.courierId))
    .leftJoin(openUsers, eq(openUsers.id, orders.openUserId))
    .leftJoin(assignedUsers, eq(assignedUsers.id, orders.assignedUserId))
}

/**
 * Stock available for each line (see OrderItemSchema.stockAvailable): the business client's free stock of
 * the SKU (in the ship-from warehouse once one is chosen, else in every warehouse) plus what the order
 * blocks for the line (found by the order: order_blocks is indexed by order, not by line). An expression
 * over order_items joined with orders.
 */
const lineStockColumn = sql<string>`coalesce((select sum(ic.available) from ${inventoryCards} ic
    where ic.businessclient_id = ${orders.businessclientId} and ic.sku = ${orderItems.sku}
      and (${orders.warehouseId} is null or ic.warehouse_id = ${orders.warehouseId})), 0)
  + coalesce((select sum(ob.quantity) from ${orderBlocks} ob
    where ob.order_id = ${orders.id} and ob.order_item_id = ${orderItems.id}), 0)`

/**
 * The orders' lines, oldest first, with each line's stock available, in one statement (the list page and
 * the detail read both: one round trip instead of two).
 */
export async function linesWithStock(
  db: DbOrTx,
  orderIds: string[],
): Promise<{ items: OrderItemRow[]; stock: Map<string, number> }> {
  if (!orderIds.length) return { items: [], stock: new Map() }
  const params = new StatementParams()
  const rows = await runShaped(
    db,
    'order_lines_stock',
    '',
    params,
    db
      .select({ item: orderItems, stock: lineStockColumn })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      // One array parameter: the same statement for a page of 10 or of 100 orders.
      .where(anyOf(orderItems.orderId, params.p('ids', orderIds), 'uuid'))
      .orderBy(asc(orderItems.id)),
  )
  return {
    items: rows.map((r) => r.item),
    stock: new Map(rows.map((r) => [r.item.id, Number(r.stock)])),
  }
}

export interface Who {
  userId: string | null
  username: string
}

export interface CardForAllocation {
  id: string
  warehouseId: string
  sku: string
  available: number
}

export function createOrdersRepository(db: DbOrTx) {
  return {
    async businessClient(id: string) {
      const [row] = await db
        .select({
          id: businessClients.id,
          automaticBlockingGoods: businessClients.automaticBlockingGoods,
          automaticAssignCourier: businessClients.automaticAssignCourier,
        })
        .from(businessClients)
        .where(eq(businessClients.id, id))
      return row
    },

    /** The products of `businessclientId` among `ids`. */
    async productsOf(businessclientId: string, ids: string[]) {
      if (!ids.length) return []
      return db
        .select({ id: products.id, sku: products.sku, name: products.name, weight: products.weightGrams })
        .from(products)
        .where(and(eq(products.businessclientId, businessclientId), inArray(products.id, ids)))
    },

    async insert(order: OrderInsert, items: Omit<OrderItemInsert, 'orderId'>[]): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning()
      if (items.length) await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })))
      return row!
    },

    /**
     * An order entering Shipping with invoicing on (the business profile's autoGenerate and the order's
     * generate_invoice): asks the invoicing task for its invoice, in the shipping transaction.
     */
    async requestInvoiceIfAutomatic(orderId: string): Promise<void> {
      await db
        .insert(invoiceRequests)
        .select(
          db
            .select({
              orderId: orders.id,
              attempts: sql<number>`0`.as('attempts'),
              lastError: sql<string>`''`.as('last_error'),
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(orders)
            .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
            .where(
              and(
                eq(orders.id, orderId),
                eq(orders.generateInvoice, true),
                eq(businessClients.invoicingAutoGenerate, true),
                // Never both (FINANCE.md): Shoptet invoices the orders of a shop set to Shoptet invoices.
                sql`not exists (select 1 from ${eshops} e where e.id = ${orders.eshopId} and e.invoicing = 'shoptet')`,
              ),
            ),
        )
        .onConflictDoNothing()
    },

    /**
     * An order imported from a connected e-shop entering Shipping: asks for its tracking write-back
     * (features/shoptet-orders), in the shipping transaction.
     */
    async requestTrackingWriteBack(orderId: string): Promise<void> {
      await db
        .insert(eshopTrackingRequests)
        .select(
          db
            .select({
              orderId: orders.id,
              attempts: sql<number>`0`.as('attempts'),
              lastError: sql<string>`''`.as('last_error'),
              nextAttemptAt: sql<Date>`now()`.as('next_attempt_at'),
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(orders)
            .where(and(eq(orders.id, orderId), isNotNull(orders.eshopId), isNotNull(orders.eshopOrderCode))),
        )
        .onConflictDoNothing()
    },

    /**
     * An order becoming Packed: its courier label is asked for (features/labels), in the same transaction;
     * `requested` when the courier has a label API, `unsupported` otherwise. A label already created (or
     * already asked for) stays as it is; a failed one is asked for again.
     */
    async requestCourierLabel(order: OrderRow, hasLabelApi: (courier: string) => boolean): Promise<boolean> {
      const [courier] = order.courierId
        ? await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, order.courierId))
        : []
      const name = courier?.name ?? ''
      const status = name && hasLabelApi(name) ? 'requested' : 'unsupported'
      const [row] = await db
        .insert(courierLabels)
        .values({
          orderId: order.id,
          businessclientId: order.businessclientId,
          courier: name,
          status,
          reference: `EXP-${order.internalNumericId}`,
        })
        .onConflictDoUpdate({
          target: courierLabels.orderId,
          set: {
            courier: name,
            status,
            attempts: 0,
            lastError: null,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${courierLabels.status} not in ('created', 'requested')`,
        })
        .returning({ status: courierLabels.status })
      return row?.status === 'requested'
    },

    /** One change-log row: the event, its parameters and its English sentence. */
    async log(orderId: string, entry: ChangeLogEntry, who: Who): Promise<void> {
      await db.insert(orderChangeLogs).values({
        orderId,
        ...changeLogColumns(entry),
        userId: who.userId,
        username: who.username,
        at: sql`clock_timestamp()`,
      })
    },

    /**
     * Holds the business client's order number until the transaction ends (a concurrent claim of the same
     * number waits here, then sees this order) and answers the active order that already has it, other
     * than `exceptId`. The partial unique index on the number stays the last guard.
     */
    async claimNumber(businessclientId: string, clientOrderNr: string, exceptId?: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`order-number\n${businessclientId}\n${clientOrderNr}`}, 0))`,
      )
      const [row] = await db
        .select({ id: orders.id, internalNumericId: orders.internalNumericId, status: orders.status })
        .from(orders)
        .where(
          and(
            eq(orders.businessclientId, businessclientId),
            eq(orders.clientOrderNr, clientOrderNr),
            notInArray(orders.status, [...numberFreeStatuses]),
            exceptId ? ne(orders.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return row
    },

    /** The order within the scope, locked FOR UPDATE: status changes of one order wait for each other. */
    async lock(scope: TenantScope, id: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), tenantCondition(scope, orders.businessclientId)))
        .for('update')
      return row
    },

    async setStatus(id: string, status: string, warehouseId?: string | null): Promise<void> {
      await db
        .update(orders)
        .set({ status, ...(warehouseId !== undefined ? { warehouseId } : {}) })
        .where(eq(orders.id, id))
    },

    /** One status (and any columns the caller changes with it) for many orders, in one statement. */
    async setStatusMany(ids: string[], status: string, also: Partial<OrderInsert> = {}): Promise<void> {
      if (!ids.length) return
      await db
        .update(orders)
        .set({ ...also, status })
        .where(inArray(orders.id, ids))
    },

    /** The same change-log line for many orders, in one statement. */
    /** A different entry per order, in one INSERT per 2000. */
    async logEach(list: { orderId: string; entry: ChangeLogEntry }[], who: Who): Promise<void> {
      for (let i = 0; i < list.length; i += 2000) {
        await db.insert(orderChangeLogs).values(
          list.slice(i, i + 2000).map(({ orderId, entry }) => ({
            orderId,
            ...changeLogColumns(entry),
            userId: who.userId,
            username: who.username,
            at: sql`clock_timestamp()`,
          })),
        )
      }
    },

    async logMany(orderIds: string[], entry: ChangeLogEntry, who: Who): Promise<void> {
      if (!orderIds.length) return
      const columns = changeLogColumns(entry)
      await db.insert(orderChangeLogs).values(
        orderIds.map((orderId) => ({
          orderId,
          ...columns,
          userId: who.userId,
          username: who.username,
          at: sql`clock_timestamp()`,
        })),
      )
    },

    /** Writes order columns; updatedAt moves with them. */
    async update(id: string, set: Partial<OrderInsert>): Promise<void> {
      await db.update(orders).set(set).where(eq(orders.id, id))
    },

    /**
     * Records who has the order (within the scope) open, without moving updatedAt: opening changes nothing
     * of the order. Answers when, or undefined when the order is not in the scope.
     */
    async setOpenUser(scope: TenantScope, id: string, userId: string): Promise<Date | undefined> {
      const [row] = await db
        .update(orders)
        .set({ openUserId: userId, openUserAt: sql`clock_timestamp()`, updatedAt: sql`${orders.updatedAt}` })
        .where(and(eq(orders.id, id), tenantCondition(scope, orders.businessclientId)))
        .returning({ at: orders.openUserAt })
      return row?.at ?? undefined
    },

    async courier(id: string) {
      const [row] = await db
        .select({ id: couriers.id, name: couriers.name })
        .from(couriers)
        .where(eq(couriers.id, id))
      return row
    },

    /**
     * The default courier of a country, matched on the couriers' country name without regard to case or
     * surrounding spaces (the caller turns an ISO code into the name first).
     */
    async defaultCourierOf(countryName: string) {
      const [row] = await db
        .select({ id: couriers.id, name: couriers.name })
        .from(couriers)
        .where(
          and(
            eq(couriers.isDefault, true),
            sql`lower(trim(${couriers.country})) = lower(trim(${countryName}))`,
          ),
        )
        .orderBy(asc(couriers.id))
        .limit(1)
      return row
    },

    async warehouse(id: string) {
      const [row] = await db
        .select({ id: warehouses.id, name: warehouses.name })
        .from(warehouses)
        .where(eq(warehouses.id, id))
      return row
    },

    /** Enabled admins and operators (the users an order can be assigned to), by username. */
    async assignees(id?: string) {
      return db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            sql`${users.roles} && array['admin','operator']::text[]`,
            id ? eq(users.id, id) : undefined,
          ),
        )
        .orderBy(asc(users.username))
    },

    async username(id: string): Promise<string | undefined> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
      return row?.username
    },

    async item(orderId: string, itemId: string): Promise<OrderItemRow | undefined> {
      const [row] = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)))
      return row
    },

    async insertItem(item: OrderItemInsert): Promise<OrderItemRow> {
      const [row] = await db.insert(orderItems).values(item).returning()
      return row!
    },

    async deleteItem(itemId: string): Promise<void> {
      await db.delete(orderItems).where(eq(orderItems.id, itemId))
    },

    async deleteItems(orderId: string): Promise<void> {
      await db.delete(orderItems).where(eq(orderItems.orderId, orderId))
    },

    /** Imports of one e-shop order take turns (until the transaction ends): one Expedo order per code. */
    async lockImportKey(eshopId: string, code: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`order-import\n${eshopId}\n${code}`}, 0))`,
      )
    },

    /** The order imported from the e-shop connection's order `code`, locked FOR UPDATE. */
    async lockImported(eshopId: string, code: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.eshopId, eshopId), eq(orders.eshopOrderCode, code)))
        .for('update')
      return row
    },

    /** payment.total = Σ line prices (numeric arithmetic in the database); answers the new total. */
    async recomputeTotal(orderId: string): Promise<number> {
      const [row] = await db
        .update(orders)
        .set({
          paymentTotal: sql`(select coalesce(sum(${orderItems.price}), 0) from ${orderItems} where ${orderItems.orderId} = ${orderId})`,
        })
        .where(eq(orders.id, orderId))
        .returning({ total: orders.paymentTotal })
      return Number(row!.total)
    },

    /** The business client's No goods orders with a line of one of `skus`, oldest first. */
    async noGoodsOrdersWith(businessclientId: string, skus: string[]): Promise<string[]> {
      if (!skus.length) return []
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.businessclientId, businessclientId),
            eq(orders.status, 'No goods'),
            exists(
              db
                .select({ one: sql`1` })
                .from(orderItems)
                .where(and(eq(orderItems.orderId, orders.id), inArray(orderItems.sku, skus))),
            ),
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
      return rows.map((r) => r.id)
    },

    /**
     * This transaction's COMMIT does not wait for its WAL flush (atomic and consistent all the same; only a
     * server crash in the next moments could lose it). The bulk change uses it per order and then calls
     * `flushCommits`, so its 1,000 commits cost one disk flush instead of 1,000.
     */
    async deferCommitFlush(): Promise<void> {
      await db.execute(sql`set local synchronous_commit = off`)
    },

    /**
     * A synchronous commit of a transaction with an id: it waits until the WAL is flushed up to here, which
     * makes every commit before it durable too (the WAL is one sequence).
     */
    async flushCommits(): Promise<void> {
      await db.execute(sql`select txid_current()`)
    },

    async items(orderId: string): Promise<OrderItemRow[]> {
      return runPrepared(
        'order_items',
        db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
      )
    },

    async find(scope: TenantScope, id: string): Promise<OrderAggregate | undefined> {
      const [row] = await runPrepared(
        'order_detail',
        fromOrdersJoined(db).where(and(eq(orders.id, id), tenantCondition(scope, orders.businessclientId))),
      )
      if (!row) return undefined
      const [lines, logs, invoice, shoptet] = await readTogether(db, [
        () => linesWithStock(db, [id]),
        () =>
          runPrepared(
            'order_logs',
            db
              .select()
              .from(orderChangeLogs)
              .where(eq(orderChangeLogs.orderId, id))
              .orderBy(asc(orderChangeLogs.at), asc(orderChangeLogs.id)),
          ),
        () => orderInvoice(db, id),
        () => orderShoptetInvoicing(db, row.order),
      ])
      return { ...row, ...lines, logs, invoice, shoptet }
    },

    /** The business client's cards of these SKUs in every warehouse (unlocked: a first look). */
    async cardsOf(businessclientId: string, skus: string[]): Promise<CardForAllocation[]> {
      return db
        .select({
          id: inventoryCards.id,
          warehouseId: inventoryCards.warehouseId,
          sku: inventoryCards.sku,
          available: inventoryCards.available,
        })
        .from(inventoryCards)
        .where(and(eq(inventoryCards.businessclientId, businessclientId), inArray(inventoryCards.sku, skus)))
        .orderBy(asc(inventoryCards.warehouseId), asc(inventoryCards.id))
    },

    /** Locks cards FOR UPDATE in id order (every writer locks in the same order: no deadlocks). */
    async lockCards(ids: string[]): Promise<CardForAllocation[]> {
      if (!ids.length) return []
      return db
        .select({
          id: inventoryCards.id,
          warehouseId: inventoryCards.warehouseId,
          sku: inventoryCards.sku,
          available: inventoryCards.available,
        })
        .from(inventoryCards)
        .where(inArray(inventoryCards.id, ids))
        .orderBy(asc(inventoryCards.id))
        .for('update')
    },

    /** available → blocked, only when enough is available; false when it was not. */
    async block(cardId: string, quantity: number): Promise<boolean> {
      const rows = await db
        .update(inventoryCards)
        .set({
          available: sql`${inventoryCards.available} - ${quantity}`,
          blocked: sql`${inventoryCards.blocked} + ${quantity}`,
        })
        .where(and(eq(inventoryCards.id, cardId), sql`${inventoryCards.available} >= ${quantity}`))
        .returning({ id: inventoryCards.id })
      return rows.length === 1
    },

    /** blocked → available. */
    async unblock(cardId: string, quantity: number): Promise<void> {
      await db
        .update(inventoryCards)
        .set({
          available: sql`${inventoryCards.available} + ${quantity}`,
          blocked: sql`${inventoryCards.blocked} - ${quantity}`,
        })
        .where(eq(inventoryCards.id, cardId))
    },

    async insertBlocks(
      rows: { orderId: string; orderItemId: string; inventoryCardId: string; quantity: number }[],
    ) {
      if (rows.length) await db.insert(orderBlocks).values(rows)
    },

    async blocksOf(orderId: string) {
      return db
        .select({ cardId: orderBlocks.inventoryCardId, quantity: orderBlocks.quantity })
        .from(orderBlocks)
        .where(eq(orderBlocks.orderId, orderId))
    },

    /** Shrinks the order's blocks of a card by up to `quantity` (newest first); answers how much it took. */
    async shrinkBlocks(orderId: string, cardId: string, quantity: number): Promise<number> {
      const rows = await db
        .select({ id: orderBlocks.id, quantity: orderBlocks.quantity })
        .from(orderBlocks)
        .where(and(eq(orderBlocks.orderId, orderId), eq(orderBlocks.inventoryCardId, cardId)))
        .orderBy(desc(orderBlocks.createdAt), desc(orderBlocks.id))
      let left = quantity
      for (const b of rows) {
        if (left <= 0) break
        const take = Math.min(left, b.quantity)
        if (take === b.quantity) await db.delete(orderBlocks).where(eq(orderBlocks.id, b.id))
        else
          await db
            .update(orderBlocks)
            .set({ quantity: b.quantity - take })
            .where(eq(orderBlocks.id, b.id))
        left -= take
      }
      return quantity - left
    },

    async deleteBlocks(orderId: string): Promise<void> {
      await db.delete(orderBlocks).where(eq(orderBlocks.orderId, orderId))
    },

    /**
     * What picking took of the order's goods to the packing location, per card, as far as that location still
     * holds it (issue 25: shipping takes those units from there, the rest from where they lie).
     */
    async pickedAtPacking(
      orderId: string,
    ): Promise<{ cardId: string; locationId: string; quantity: number }[]> {
      const rows = await db
        .select({
          cardId: waveLines.inventoryCardId,
          locationId: warehouseLocations.id,
          picked: sql<number>`sum(${waveLines.picked})::int`,
          there: sql<number>`coalesce(max(${locationStock.quantity}), 0)::int`,
        })
        .from(waveLines)
        .innerJoin(orders, eq(orders.id, waveLines.orderId))
        .innerJoin(
          warehouseLocations,
          and(eq(warehouseLocations.warehouseId, orders.warehouseId), eq(warehouseLocations.kind, 'packing')),
        )
        .leftJoin(
          locationStock,
          and(
            eq(locationStock.locationId, warehouseLocations.id),
            eq(locationStock.inventoryCardId, waveLines.inventoryCardId),
          ),
        )
        .where(and(eq(waveLines.orderId, orderId), inArray(waveLines.status, ['picked', 'short'])))
        .groupBy(waveLines.inventoryCardId, warehouseLocations.id)
      return rows
        .map((r) => ({ cardId: r.cardId, locationId: r.locationId, quantity: Math.min(r.picked, r.there) }))
        .filter((r) => r.quantity > 0)
    },

    /**
     * The client took the order out of picking (Draft or Canceled): it leaves its wave, its open lines need no
     * picking any more, and what was picked waits to go back to a location (the picker's screen shows it).
     */
    async leavePicking(orderId: string): Promise<void> {
      await db
        .update(waveOrders)
        .set({ leftAt: sql`now()` })
        .where(and(eq(waveOrders.orderId, orderId), isNull(waveOrders.leftAt)))
      await db
        .update(waveLines)
        .set({
          status: sql`case when ${waveLines.picked} > 0 then 'toReturn' else 'canceled' end`,
          claimedBy: null,
          claimedAt: null,
        })
        .where(and(eq(waveLines.orderId, orderId), inArray(waveLines.status, ['open', 'picked', 'short'])))
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
