import {
  addDays,
  type CreditNoteBody,
  type ExchangeRate,
  type ExchangeRateInput,
  type Invoice,
  type InvoiceAddItemBody,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceUpdateQuery,
  isValidNumberFormat,
  type NumberSeries,
  type NumberSeriesInput,
  numberFormatFor,
  seriesCollide,
  type VatRate,
  type VatRateInput,
} from '@expedo/domain'
import type { Db, DbOrTx, Tx } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { toInvoice, toInvoiceRow, toNumberSeries } from './invoices.mapper.ts'
import { createInvoicesRepository, type InvoiceRow } from './invoices.repository.ts'
import { createNumberSeriesRepository } from './number-series.repository.ts'
import { createRatesRepository, type VatRateRow } from './rates.repository.ts'
import { creditInvoice } from './use-cases/credit-note.ts'
import { addInvoiceItem, removeInvoiceItem, updateInvoiceField } from './use-cases/edit-invoice.ts'
import { invoiceFromOrder } from './use-cases/invoice-from-order.ts'
import { issueDocument } from './use-cases/issue-document.ts'
import { issueRequestedInvoices } from './use-cases/requested-invoices.ts'

/** Today's date (UTC), the issue date of what is made now; tests may fix it. */
export type Today = () => string
const utcToday: Today = () => new Date().toISOString().slice(0, 10)

/** The business client a call acts for: a client's own; staff name one (400 when missing). */
export function ownerFor(auth: AuthContext, requested: string | undefined, field = 'businessclient'): string {
  if (auth.scope.kind === 'client') {
    if (!auth.scope.businessclientId) throw notFound('Business client')
    return auth.scope.businessclientId
  }
  if (!requested) throw invalid(field, 'is required')
  return requested
}

export function createInvoicesService(deps: { db: Db; today?: Today }) {
  const { db } = deps
  const today = deps.today ?? utcToday

  async function get(auth: AuthContext, id: string, kind?: 'creditnote', on: DbOrTx = db): Promise<Invoice> {
    const found = await createInvoicesRepository(on).find(auth.scope, id)
    if (!found || (kind && found.row.kind !== kind))
      throw notFound(kind === 'creditnote' ? 'Credit note' : 'Invoice')
    return toInvoice(found)
  }

  /**
   * Runs `change` with the document locked (404 outside the scope); answers the document as the transaction
   * leaves it, read on its own connection. (Read after the commit on another connection, a busy pool turned
   * a committed, numbered invoice into a 503.)
   */
  function withLocked(auth: AuthContext, id: string, change: (tx: Tx, row: InvoiceRow) => Promise<unknown>) {
    return db.transaction(async (tx) => {
      const row = await createInvoicesRepository(tx).lock(auth.scope, id)
      if (!row) throw notFound('Invoice')
      await change(tx, row)
      return get(auth, id, undefined, tx)
    })
  }

  return {
    get,
    /** The invoicing task: issues the invoices of orders shipped with invoicing on (idempotent). */
    issueRequested: () => issueRequestedInvoices(db, today()),
    getCreditNote: (auth: AuthContext, id: string) => get(auth, id, 'creditnote'),

    async list(auth: AuthContext, q: InvoiceListQuery): Promise<InvoiceList> {
      const { rows, total, totalCapped } = await createInvoicesRepository(db).list(auth.scope, {
        kind: q.kind,
        from: q.dateFrom,
        until: q.dateTo ? addDays(q.dateTo, 1) : undefined,
        country: q.country,
        clientOrderNr: q.clientOrderNr || undefined,
        sequenceNumber: q.sequenceNumber || undefined,
        businessclientId: q.businessclient,
        limit: q.itemsPerPage,
        offset: (q.currentPage - 1) * q.itemsPerPage,
      })
      return {
        foundInvoices: rows.map(toInvoiceRow),
        total,
        ...(totalCapped ? { totalCapped } : {}),
        message: total
          ? `${totalCapped ? 'More than ' : ''}${total} ${q.kind === 'invoice' ? 'invoices' : 'credit notes'} found`
          : 'No invoices found',
      }
    },

    update: (auth: AuthContext, id: string, query: InvoiceUpdateQuery) =>
      withLocked(auth, id, (tx, row) => updateInvoiceField(tx, auth.scope, row, query)),
    addItem: (auth: AuthContext, id: string, body: InvoiceAddItemBody) =>
      withLocked(auth, id, (tx, row) => addInvoiceItem(tx, row, body)),
    removeItem: (auth: AuthContext, id: string, itemId: string) =>
      withLocked(auth, id, (tx, row) => removeInvoiceItem(tx, row, itemId)),
    issue: (auth: AuthContext, id: string) => withLocked(auth, id, (tx, row) => issueDocument(tx, row)),

    creditNote: (auth: AuthContext, id: string, body: CreditNoteBody): Promise<Invoice> =>
      db.transaction(async (tx) => {
        const row = await createInvoicesRepository(tx).lock(auth.scope, id)
        if (!row) throw notFound('Invoice')
        return get(auth, await creditInvoice(tx, row, body, today()), undefined, tx)
      }),

    /** `POST /orders/{id}/invoice`: the order's draft invoice, made or rebuilt. Answers its id. */
    invoiceOrder: (auth: AuthContext, orderId: string) =>
      db.transaction((tx) => invoiceFromOrder(tx, auth.scope, orderId, today())),

    async series(auth: AuthContext, q: { businessclient?: string; year?: number }): Promise<NumberSeries[]> {
      const rows = await createNumberSeriesRepository(db).list(auth.scope, {
        businessclientId: q.businessclient,
        year: q.year,
      })
      return rows.map(toNumberSeries)
    },

    /** Answers the series as its transaction made it (read after the commit, a busy pool answered 503). */
    async createSeries(auth: AuthContext, body: NumberSeriesInput): Promise<NumberSeries> {
      const businessclientId = ownerFor(auth, body.businessclient)
      const supplier = await createInvoicesRepository(db).supplierOf(businessclientId)
      if (!supplier) throw invalid('businessclient', 'is not a business client')
      const format = body.format ?? numberFormatFor(supplier.client.addressCountry)
      if (format.includes('{prefix}') === false && body.prefix)
        throw invalid('prefix', 'is not used by the format (add {prefix} to it)')
      if (!isValidNumberFormat(format)) throw invalid('format', 'is not a valid number format')
      return db.transaction(async (tx) => {
        const repo = createNumberSeriesRepository(tx)
        // Never two tax documents of one issuer with one number (FINANCE.md "Numbering"): a series that would
        // print another series' numbers is refused before it exists.
        const wanted = { format, prefix: body.prefix, year: body.year }
        const clash = (await repo.list(auth.scope, { businessclientId })).find((other) =>
          seriesCollide(wanted, other),
        )
        if (clash)
          throw new AppError(
            'CONFLICT',
            `This series would print the numbers of the ${clash.documentType} series ${clash.prefix || '(no prefix)'} ` +
              `${clash.format} of ${clash.country} ${clash.year}: give it another prefix or format`,
          )
        const id = await repo.insert({
          businessclientId,
          documentType: body.documentType,
          country: body.country,
          year: body.year,
          prefix: body.prefix,
          format,
          nextValue: body.nextValue,
        })
        if (!id)
          throw new AppError(
            'CONFLICT',
            'A series with this document type, country, year and prefix exists already',
          )
        return toNumberSeries((await repo.get(auth.scope, id))!)
      })
    },

    async vatRates(country?: string): Promise<VatRate[]> {
      return (await createRatesRepository(db).vatRates(country)).map(toVatRate)
    },

    /**
     * Answers the rate as its transaction left it (its end day may be set by a later row), read on its own
     * connection: read after the commit, a busy pool answered 503 for an added rate.
     */
    addVatRate: (body: VatRateInput): Promise<VatRate> =>
      db.transaction(async (tx) => {
        const rates = createRatesRepository(tx)
        const row = await rates.addVatRate({
          country: body.country,
          rate: String(body.rate),
          kind: body.kind,
          validFrom: body.validFrom,
          validTo: body.validTo ?? null,
        })
        if (!row) throw new AppError('CONFLICT', 'A rate of this country and kind starts on that day already')
        return toVatRate((await rates.vatRates(body.country)).find((r) => r.id === row.id)!)
      }),

    async exchangeRates(q: { currency?: string; target?: string; limit: number }): Promise<ExchangeRate[]> {
      return (await createRatesRepository(db).exchangeRates(q)).map((r) => ({ ...r, rate: Number(r.rate) }))
    },

    async setExchangeRate(body: ExchangeRateInput): Promise<ExchangeRate> {
      const saved = await createRatesRepository(db).setExchangeRate({ ...body, rate: String(body.rate) })
      return { ...saved, rate: Number(saved.rate) }
    },

    /** Answers the client's series as its transaction leaves them (not read again after the commit). */
    deleteSeries: (auth: AuthContext, id: string): Promise<NumberSeries[]> =>
      db.transaction(async (tx) => {
        const repo = createNumberSeriesRepository(tx)
        const series = await repo.get(auth.scope, id)
        if (!series) throw notFound('Number series')
        if (!(await repo.deleteUnused(id)))
          throw new AppError(
            'CONFLICT',
            'This series has numbered documents (or a draft uses it): it cannot be deleted',
          )
        return (await repo.list(auth.scope, { businessclientId: series.businessclientId })).map(
          toNumberSeries,
        )
      }),
  }
}
export type InvoicesService = ReturnType<typeof createInvoicesService>

function toVatRate(r: VatRateRow): VatRate {
  return {
    _id: r.id,
    country: r.country,
    rate: Number(r.rate),
    kind: r.kind as VatRate['kind'],
    validFrom: r.validFrom,
    validTo: r.validTo,
  }
}
