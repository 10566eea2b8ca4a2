import { and, asc, desc, eq, gte, ilike, isNotNull, lt, or, sql } from 'drizzle-orm'
import {
  businessClientBankAccounts,
  businessClientCompanyIds,
  businessClientContacts,
  businessClients,
  invoiceDayCounts,
  invoiceItems,
  invoices,
  orderItems,
  orders,
  warehouses,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { cappedCount, cappedTotal } from '../../platform/db/paging.ts'
import { anyOf, runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { exchangeRateOn, standardVatRate } from '../../platform/db/tax-rates.ts'
import { tenantCondition, tenantShape } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type { InvoiceSupplier } from '../../db/schema/index.ts'
export type InvoiceRow = typeof invoices.$inferSelect
export type InvoiceInsert = typeof invoices.$inferInsert
export type InvoiceItemRow = typeof invoiceItems.$inferSelect
export type InvoiceItemInsert = typeof invoiceItems.$inferInsert

export interface InvoiceAggregate {
  row: InvoiceRow
  items: InvoiceItemRow[]
  order: { id: string; clientOrderNr: string; internalNumericId: number } | null
  /** An invoice: its credit notes, oldest first. */
  creditNotes: Pick<InvoiceRow, 'id' | 'sequenceNumber' | 'bruttoTotal' | 'issuedDate'>[]
  /** A credit note: its invoice. */
  invoice: Pick<InvoiceRow, 'id' | 'sequenceNumber' | 'issuedDate'> | null
  series: { id: string; prefix: string; format: string; year: number; nextValue: number } | null
  /** An invoice: per line, the quantity its issued credit notes took. */
  credited: Map<string, string>
}

export interface InvoiceListFilter {
  kind: string
  from?: string
  /** exclusive */
  until?: string
  country?: string
  clientOrderNr?: string
  sequenceNumber?: string
  businessclientId?: string
  limit: number
  offset: number
}

/** Columns of the documents list (no JSON but the customer's name). */
const listColumns = {
  id: invoices.id,
  kind: invoices.kind,
  sequenceNumber: invoices.sequenceNumber,
  country: invoices.country,
  currency: invoices.currency,
  nettoTotal: invoices.nettoTotal,
  vatTotal: invoices.vatTotal,
  bruttoTotal: invoices.bruttoTotal,
  issuedDate: invoices.issuedDate,
  taxDate: invoices.taxDate,
  dueDate: invoices.dueDate,
  orderId: invoices.orderId,
  orderNr: invoices.orderNr,
  businessclientId: invoices.businessclientId,
  businessclientName: businessClients.name,
  customerName: sql<string>`trim(concat_ws(' ', ${invoices.customer} ->> 'companyName', nullif(concat_ws(' ', ${invoices.customer} ->> 'firstName', ${invoices.customer} ->> 'lastName'), ' ')))`,
  internalNumericId: orders.internalNumericId,
  creditNoteId: sql<
    string | null
  >`(select c.id from ${invoices} c where c.invoice_id = ${invoices.id} order by c.created_at desc limit 1)`,
  creditNoteNumber: sql<
    string | null
  >`(select c.sequence_number from ${invoices} c where c.invoice_id = ${invoices.id} order by c.created_at desc limit 1)`,
}
export interface InvoiceListRow {
  id: string
  kind: string
  sequenceNumber: string | null
  country: string
  currency: string
  nettoTotal: string
  vatTotal: string
  bruttoTotal: string
  issuedDate: string
  taxDate: string
  dueDate: string
  orderId: string | null
  orderNr: string
  businessclientId: string
  businessclientName: string
  customerName: string
  internalNumericId: number | null
  creditNoteId: string | null
  creditNoteNumber: string | null
}

/** The list's filters on invoice_day_counts (its count without a text filter). */
const dayCountCondition = (scope: TenantScope, f: InvoiceListFilter, params: StatementParams) =>
  and(
    eq(invoiceDayCounts.kind, params.p('kind', f.kind)),
    tenantCondition(scope, invoiceDayCounts.businessclientId, params),
    f.businessclientId
      ? eq(invoiceDayCounts.businessclientId, params.p('client', f.businessclientId))
      : undefined,
    f.from ? gte(invoiceDayCounts.day, params.p('from', f.from)) : undefined,
    f.until ? lt(invoiceDayCounts.day, params.p('until', f.until)) : undefined,
    f.country ? eq(invoiceDayCounts.country, params.p('country', f.country)) : undefined,
  )

/** Every choice the list's conditions make that changes a statement's text (runShaped). */
const listShape = (scope: TenantScope, f: InvoiceListFilter) =>
  [
    tenantShape(scope),
    f.businessclientId ? 'b' : '',
    f.from ? 'f' : '',
    f.until ? 'u' : '',
    f.country ? 'c' : '',
    f.clientOrderNr ? 'o' : '',
    f.sequenceNumber ? 'n' : '',
  ].join('.')

export function createInvoicesRepository(db: DbOrTx) {
  const where = (scope: TenantScope, f: InvoiceListFilter, params: StatementParams) =>
    and(
      eq(invoices.kind, params.p('kind', f.kind)),
      tenantCondition(scope, invoices.businessclientId, params),
      f.businessclientId ? eq(invoices.businessclientId, params.p('client', f.businessclientId)) : undefined,
      f.from ? gte(invoices.issuedDate, params.p('from', f.from)) : undefined,
      f.until ? lt(invoices.issuedDate, params.p('until', f.until)) : undefined,
      f.country ? eq(invoices.country, params.p('country', f.country)) : undefined,
      f.clientOrderNr
        ? ilike(invoices.orderNr, params.p('orderNr', containsPattern(f.clientOrderNr)))
        : undefined,
      f.sequenceNumber
        ? ilike(invoices.sequenceNumber, params.p('number', containsPattern(f.sequenceNumber)))
        : undefined,
    )

  return {
    /** A page of documents, newest issue date first, and how many match. */
    async list(
      scope: TenantScope,
      f: InvoiceListFilter,
    ): Promise<{ rows: InvoiceListRow[]; total: number; totalCapped?: true }> {
      const params = new StatementParams()
      const condition = where(scope, f, params)
      const shape = listShape(scope, f)
      const page = db
        .select(listColumns)
        .from(invoices)
        .innerJoin(businessClients, eq(businessClients.id, invoices.businessclientId))
        .leftJoin(orders, eq(orders.id, invoices.orderId))
        .where(condition)
        .orderBy(desc(invoices.issuedDate), desc(invoices.id))
        .limit(params.p('limit', f.limit))
        .offset(params.p('offset', f.offset))
      // Without a text filter the count sums the day counts of the range (a month: a few hundred index rows)
      // instead of counting every matching document.
      const searched = Boolean(f.clientOrderNr || f.sequenceNumber)
      const counted = (): Promise<{ n: number }[]> => {
        // A text filter counts up to the cap: a broad term ('2026', one digit) matches most documents.
        if (searched)
          return runShaped(db, 'invoices_count_capped', shape, params, cappedCount(db, invoices, condition))
        const countParams = new StatementParams()
        return runShaped(
          db,
          'invoices_count_days',
          shape,
          countParams,
          db
            .select({ n: sql<number>`coalesce(sum(${invoiceDayCounts.count}), 0)::int` })
            .from(invoiceDayCounts)
            .where(dayCountCondition(scope, f, countParams)),
        )
      }
      const [rows, [total]] = await readTogether(db, [
        () => runShaped(db, 'invoices_page', shape, params, page),
        counted,
      ])
      const n = total?.n ?? 0
      return { rows, ...(searched ? cappedTotal(n) : { total: n }) }
    },

    async find(scope: TenantScope, id: string): Promise<InvoiceAggregate | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), tenantCondition(scope, invoices.businessclientId)))
      if (!row) return undefined
      return this.aggregate(row)
    },

    /** The document locked FOR UPDATE within the scope (its writers queue here). */
    async lock(scope: TenantScope, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), tenantCondition(scope, invoices.businessclientId)))
        .for('update')
      return row
    },

    async aggregate(row: InvoiceRow): Promise<InvoiceAggregate> {
      const [items, order, creditNotes, invoice, series] = await readTogether(db, [
        () => this.items(row.id),
        async () =>
          row.orderId
            ? db
                .select({
                  id: orders.id,
                  clientOrderNr: orders.clientOrderNr,
                  internalNumericId: orders.internalNumericId,
                })
                .from(orders)
                .where(eq(orders.id, row.orderId))
                .then((r) => r[0] ?? null)
            : null,
        () =>
          db
            .select({
              id: invoices.id,
              sequenceNumber: invoices.sequenceNumber,
              bruttoTotal: invoices.bruttoTotal,
              issuedDate: invoices.issuedDate,
            })
            .from(invoices)
            .where(eq(invoices.invoiceId, row.id))
            .orderBy(asc(invoices.createdAt), asc(invoices.id)),
        async () =>
          row.invoiceId
            ? db
                .select({
                  id: invoices.id,
                  sequenceNumber: invoices.sequenceNumber,
                  issuedDate: invoices.issuedDate,
                })
                .from(invoices)
                .where(eq(invoices.id, row.invoiceId))
                .then((r) => r[0] ?? null)
            : null,
        async () =>
          row.seriesId && row.sequenceNumber === null
            ? db
                .execute<{ id: string; prefix: string; format: string; year: number; nextValue: number }>(
                  sql`select id, prefix, format, year, next_value as "nextValue" from number_series where id = ${row.seriesId}`,
                )
                .then((r) => r.rows[0] ?? null)
            : null,
      ])
      const credited =
        row.kind === 'invoice' && creditNotes.length ? await this.creditedQuantities(row.id) : new Map()
      return { row, items, order, creditNotes, invoice, series, credited }
    },

    items(invoiceId: string): Promise<InvoiceItemRow[]> {
      return db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, invoiceId))
        .orderBy(asc(invoiceItems.position), asc(invoiceItems.id))
    },

    async insert(row: InvoiceInsert, items: Omit<InvoiceItemInsert, 'invoiceId'>[]): Promise<InvoiceRow> {
      const [inserted] = await db.insert(invoices).values(row).returning()
      if (items.length)
        await db.insert(invoiceItems).values(items.map((i) => ({ ...i, invoiceId: inserted!.id })))
      return inserted!
    },

    async insertItem(item: InvoiceItemInsert): Promise<void> {
      await db.insert(invoiceItems).values(item)
    },

    async deleteItems(invoiceId: string, itemId?: string): Promise<number> {
      const deleted = await db
        .delete(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, invoiceId), itemId ? eq(invoiceItems.id, itemId) : undefined))
        .returning({ id: invoiceItems.id })
      return deleted.length
    },

    async update(id: string, patch: Partial<InvoiceInsert>): Promise<void> {
      await db.update(invoices).set(patch).where(eq(invoices.id, id))
    },

    async nextPosition(invoiceId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`coalesce(max(${invoiceItems.position}), 0)::int + 1` })
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, invoiceId))
      return r!.n
    },

    /** Per invoice line, the quantity its issued credit notes took (as a positive decimal text). */
    async creditedQuantities(invoiceId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({
          source: invoiceItems.sourceItemId,
          quantity: sql<string>`(-sum(${invoiceItems.quantity}))::text`,
        })
        .from(invoiceItems)
        .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
        .where(and(eq(invoices.invoiceId, invoiceId), isNotNull(invoices.sequenceNumber)))
        .groupBy(invoiceItems.sourceItemId)
      return new Map(rows.filter((r) => r.source).map((r) => [r.source!, r.quantity]))
    },

    /** The order's live invoice (not fully credited), if any. */
    async liveInvoiceOf(orderId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), eq(invoices.creditedFully, false)),
        )
      return row
    },

    /** The order to invoice, locked (two invoicings of one order queue here), with its lines. */
    async lockOrder(scope: TenantScope, orderId: string) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
        .for('update')
      if (!order) return undefined
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      return { order, items }
    },

    /** The supplier block: the business client's profile now. */
    async supplierOf(businessclientId: string) {
      const [client] = await db.select().from(businessClients).where(eq(businessClients.id, businessclientId))
      if (!client) return undefined
      const [contacts, accounts, companyIds] = await readTogether(db, [
        () =>
          db
            .select({ email: businessClientContacts.email })
            .from(businessClientContacts)
            .where(eq(businessClientContacts.businessclientId, businessclientId))
            .orderBy(asc(businessClientContacts.createdAt)),
        () =>
          db
            .select()
            .from(businessClientBankAccounts)
            .where(eq(businessClientBankAccounts.businessclientId, businessclientId))
            .orderBy(asc(businessClientBankAccounts.createdAt)),
        () =>
          db
            .select()
            .from(businessClientCompanyIds)
            .where(eq(businessClientCompanyIds.businessclientId, businessclientId))
            .orderBy(asc(businessClientCompanyIds.createdAt)),
      ])
      return { client, contacts, accounts, companyIds }
    },

    /** The standard VAT rate of `country` in force on `day` (platform/db/tax-rates.ts). */
    standardRate: (country: string, day: string) => standardVatRate(db, country, day),

    /** The warehouse an order ships from (null when not yet allocated). */
    async orderWarehouseId(orderId: string): Promise<string | null> {
      const [row] = await db.select({ id: orders.warehouseId }).from(orders).where(eq(orders.id, orderId))
      return row?.id ?? null
    },

    /** The country of the warehouse an order ships from (the place of supply of its goods); undefined when none. */
    async warehouseCountry(warehouseId: string | null): Promise<string | undefined> {
      if (!warehouseId) return undefined
      const [row] = await db
        .select({ country: warehouses.country })
        .from(warehouses)
        .where(eq(warehouses.id, warehouseId))
      return row?.country
    },

    /** The latest rate of `currency` in `target` published on or before `day`. */
    exchangeRate: (currency: string, target: string, day: string) =>
      exchangeRateOn(db, currency, target, day),

    /**
     * Ids of the scope's documents of `kind` (invoices by default) of these orders (by id or order number),
     * optionally of one business client, for an export by ids.
     */
    async invoicesOfOrders(
      scope: TenantScope,
      refs: string[],
      {
        kind = 'invoice',
        businessclientId,
      }: { kind?: 'invoice' | 'creditnote'; businessclientId?: string } = {},
    ): Promise<string[]> {
      const uuids = refs.filter((r) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(r),
      )
      const rows = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.kind, kind),
            tenantCondition(scope, invoices.businessclientId),
            businessclientId ? eq(invoices.businessclientId, businessclientId) : undefined,
            or(
              anyOf(invoices.orderNr, refs, 'text'),
              uuids.length ? anyOf(invoices.orderId, uuids, 'uuid') : undefined,
            ),
          ),
        )
      return rows.map((r) => r.id)
    },

    /** The orders waiting for their invoice (invoice_requests), oldest first. */
    async requestedOrders(limit: number): Promise<string[]> {
      const rows = await db.execute<{ order_id: string }>(
        sql`select order_id from invoice_requests order by created_at, order_id limit ${limit}`,
      )
      return rows.rows.map((r) => r.order_id)
    },

    /** Locks an order's request for this transaction; false when another run holds it or it is gone. */
    async holdRequest(orderId: string): Promise<boolean> {
      const held = await db.execute(
        sql`select 1 from invoice_requests where order_id = ${orderId} for update skip locked`,
      )
      return held.rows.length > 0
    },

    async removeRequest(orderId: string): Promise<void> {
      await db.execute(sql`delete from invoice_requests where order_id = ${orderId}`)
    },

    async failRequest(orderId: string, reason: string): Promise<void> {
      await db.execute(
        sql`update invoice_requests set attempts = attempts + 1, last_error = ${reason} where order_id = ${orderId}`,
      )
    },

    /** Issued documents of a period (by issue date), oldest first, in pages by keyset. */
    async issuedIds(
      scope: TenantScope,
      f: {
        from: string
        until: string
        kind?: string
        businessclientId?: string
        after?: string
        limit: number
      },
    ) {
      const rows = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            isNotNull(invoices.sequenceNumber),
            f.kind ? eq(invoices.kind, f.kind) : undefined,
            tenantCondition(scope, invoices.businessclientId),
            f.businessclientId ? eq(invoices.businessclientId, f.businessclientId) : undefined,
            gte(invoices.issuedDate, f.from),
            lt(invoices.issuedDate, f.until),
            f.after ? sql`${invoices.id} > ${f.after}` : undefined,
          ),
        )
        .orderBy(asc(invoices.id))
        .limit(f.limit)
      return rows.map((r) => r.id)
    },
  }
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>
