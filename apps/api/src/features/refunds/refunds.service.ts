import {
  canEditRefund,
  canRecordRefundResult,
  type Refund,
  type RefundBulkStatusBody,
  type RefundBulkStatusResult,
  type RefundCreateBody,
  type RefundList,
  type RefundListQuery,
  type RefundResultBody,
  type RefundStatus,
  type RefundUpdateBody,
  refundCurrency,
  refundDecisionRefusal,
} from '@expedo/domain'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext, TenantScope } from '../../platform/http/auth-context.ts'
import { isParcelOfOrder, parcelForOrder } from '../parcels/index.ts'
import { recordRefundHandling } from '../services/index.ts'
import { toRefund } from './refunds.mapper.ts'
import { createRefundsRepository, type RefundFilter, type RefundInsert } from './refunds.repository.ts'

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

/** The list's and the export's filters; `businessclient` is a staff filter (a client's scope narrows already). */
export function refundFilter(
  auth: AuthContext,
  q: { searchTerm?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined } & {
    status?: RefundStatus | undefined
    businessclient?: string | undefined
  },
): RefundFilter {
  if (q.dateFrom && q.dateTo && q.dateTo < q.dateFrom)
    throw invalid('query.dateTo', 'must not be before dateFrom')
  return {
    searchTerm: q.searchTerm || undefined,
    from: q.dateFrom ? new Date(`${q.dateFrom}T00:00:00Z`) : undefined,
    before: q.dateTo ? nextDay(q.dateTo) : undefined,
    status: q.status,
    businessclientId: auth.scope.kind === 'all' ? q.businessclient : undefined,
  }
}

/** The editable fields as columns: the currency follows the country (spec §5), the bank data the currency. */
function bankColumns(input: RefundUpdateBody) {
  const currency = refundCurrency(input.country)
  return {
    name: input.name,
    phone: input.phone,
    country: input.country,
    city: input.city,
    street: input.street,
    amount: input.amount.toFixed(2),
    currency,
    iban: currency === 'EUR' ? input.IBAN : '',
    accountNr: currency === 'EUR' ? '' : input.account_nr,
    accountCode: currency === 'EUR' ? '' : input.account_code,
  } satisfies Partial<RefundInsert>
}

const notEditable = (refundid: string, status: string) =>
  new AppError('CONFLICT', `Refund ${refundid} is ${status}: it can no longer be changed or deleted`)

/** Refunds (docs/DOMAIN.md "Refunds"): the client's requests and decisions, finance's bank answer. */
export function createRefundsService(deps: { db: Db }) {
  const { db } = deps
  const repo = createRefundsRepository(db)

  async function get(tx: DbOrTx, scope: TenantScope, id: string): Promise<Refund> {
    const row = await createRefundsRepository(tx).find(scope, id)
    if (!row) throw notFound('Refund')
    return toRefund(row)
  }

  return {
    async list(auth: AuthContext, q: RefundListQuery): Promise<RefundList> {
      const { rows, ...total } = await repo.list(
        auth.scope,
        refundFilter(auth, q),
        { column: q.sortColumn, type: q.sortType },
        q.limit,
        (q.currentPage - 1) * q.limit,
      )
      return { list: rows.map(toRefund), ...total }
    },

    get: (auth: AuthContext, id: string) => get(db, auth.scope, id),

    /**
     * A refund of an order of the caller's (staff: any order): New, or duplicate when the order has a refund
     * of the same amount. Its refund-handling service is recorded in the same transaction.
     */
    async create(auth: AuthContext, body: RefundCreateBody, log?: { debug(o: object, m: string): void }) {
      return db.transaction(async (tx) => {
        const r = createRefundsRepository(tx)
        const order = await r.lockOrder(auth.scope, body.order)
        if (!order) throw notFound('Order')
        // The returned parcel the refund is for: the one named (it must be this order's), else the order's latest.
        let inboundParcelId = (await parcelForOrder(tx, order.id))?._id ?? null
        if (body.inboundparcel) {
          if (!(await isParcelOfOrder(tx, body.inboundparcel, order.id)))
            throw invalid('inboundparcel', 'is not a returned parcel of this order')
          inboundParcelId = body.inboundparcel
        }
        const columns = bankColumns(body)
        const duplicate = await r.hasSameRefund(order.id, columns.amount)
        const row = await r.insert({
          ...columns,
          businessclientId: order.businessclientId,
          orderId: order.id,
          inboundParcelId,
          status: duplicate ? 'duplicate' : 'New',
          createdById: auth.userId,
        })
        await recordRefundHandling(
          tx,
          {
            id: row.id,
            businessclientId: order.businessclientId,
            country: order.warehouseCountry ?? order.shipToCountry,
            ref: order.clientOrderNr || String(order.internalNumericId),
          },
          log,
        )
        return get(tx, auth.scope, row.id)
      })
    },

    /** Changes the contact and bank data; an `error` refund goes back to New for the client to approve again. */
    async update(auth: AuthContext, id: string, body: RefundUpdateBody): Promise<Refund> {
      return db.transaction(async (tx) => {
        const r = createRefundsRepository(tx)
        const row = await r.lock(auth.scope, id)
        if (!row) throw notFound('Refund')
        if (!canEditRefund(row.status as RefundStatus)) throw notEditable(row.refundid, row.status)
        await r.update(id, {
          ...bankColumns(body),
          ...(row.status === 'error' ? { status: 'New', errorMsgs: [] } : {}),
        })
        return get(tx, auth.scope, id)
      })
    },

    async delete(auth: AuthContext, id: string): Promise<Refund> {
      return db.transaction(async (tx) => {
        const r = createRefundsRepository(tx)
        const found = await r.find(auth.scope, id)
        const row = found && (await r.lock(auth.scope, id))
        if (!found || !row) throw notFound('Refund')
        if (!canEditRefund(row.status as RefundStatus)) throw notEditable(row.refundid, row.status)
        await r.delete(id)
        return toRefund({ ...found, refund: row })
      })
    },

    /** Approves or rejects New and duplicate refunds; the others (and unknown ids) are refused with a reason. */
    async bulkStatus(auth: AuthContext, body: RefundBulkStatusBody): Promise<RefundBulkStatusResult> {
      const ids = [...new Set(body.refunds)]
      return db.transaction(async (tx) => {
        const r = createRefundsRepository(tx)
        const rows = new Map((await r.lockMany(auth.scope, ids)).map((row) => [row.id, row]))
        const result: RefundBulkStatusResult = { updated: [], refused: [] }
        for (const id of ids) {
          const row = rows.get(id)
          if (!row) {
            result.refused.push({ _id: id, refundid: null, status: null, reason: 'not found' })
            continue
          }
          const refusal = refundDecisionRefusal(row.status as RefundStatus, body.status)
          if (refusal)
            result.refused.push({
              _id: id,
              refundid: row.refundid,
              status: row.status as RefundStatus,
              reason: refusal,
            })
          else result.updated.push({ _id: id, refundid: row.refundid })
        }
        await r.setStatus(
          result.updated.map((u) => u._id),
          { status: body.status },
        )
        return result
      })
    },

    /** Finance records the bank's answer to a sent refund: Refunded, or error with the bank's reasons. */
    async result(auth: AuthContext, id: string, body: RefundResultBody): Promise<Refund> {
      return db.transaction(async (tx) => {
        const r = createRefundsRepository(tx)
        const row = await r.lock(auth.scope, id)
        if (!row) throw notFound('Refund')
        if (!canRecordRefundResult(row.status as RefundStatus))
          throw new AppError(
            'CONFLICT',
            `Refund ${row.refundid} is ${row.status}: only a refund sent in a payment file (Pending Bank Confirmation) gets the bank's answer`,
          )
        await r.update(
          id,
          body.status === 'Refunded'
            ? { status: 'Refunded', refundedAt: new Date(), errorMsgs: [] }
            : { status: 'error', errorMsgs: body.error_msgs ?? [] },
        )
        return get(tx, auth.scope, id)
      })
    },
  }
}
export type RefundsService = ReturnType<typeof createRefundsService>
