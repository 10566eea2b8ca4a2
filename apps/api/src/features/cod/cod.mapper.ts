import {
  type CodMismatch,
  type CodMismatchKind,
  type CodMismatchStatus,
  cents,
  moneyNumber,
  type Transfer,
  type TransferOrder,
} from '@expedo/domain'
import type { TransferRow } from './cod.repository.ts'

const num = (v: unknown): number => Number(v ?? 0)
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v))
const day = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? v.toISOString().slice(0, 10)
      : String(v).slice(0, 10)

export function toTransfer(t: TransferRow): Transfer {
  return {
    _id: t.id,
    tranfferNr: t.tranfferNr,
    toBankAccount: t.toBankAccount,
    amount: num(t.amount),
    codTotal: num(t.codTotal),
    netting: {
      amount: num(t.nettingAmount),
      bills: (t.nettedBills ?? []).map((b) => ({
        _id: b.id,
        sequenceNumber: b.sequenceNumber,
        amount: num(b.amount),
      })),
    },
    ordersCount: t.ordersCount,
    currency: t.currency,
    status: t.status as Transfer['status'],
    businessclient: { _id: t.businessclientId, name: t.businessclientName },
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  }
}

/** A row of repository.transferOrders (snake_case from SQL). */
export function toTransferOrder(r: Record<string, unknown>): TransferOrder {
  return {
    _id: String(r.id),
    clientOrderNr: String(r.client_order_nr ?? ''),
    internalNumericId: num(r.internal_numeric_id),
    status: String(r.status),
    trackingId: String(r.tracking_id ?? ''),
    customer: String(r.customer ?? '').trim(),
    country: String(r.ship_to_country ?? ''),
    codAmount: num(r.cod_amount),
    collected: num(r.collected),
    invoiced: numOrNull(r.invoiced),
    invoiceDifference:
      r.invoiced === null || r.invoiced === undefined
        ? null
        : moneyNumber(cents(String(r.collected)) - cents(String(r.invoiced))),
  }
}

/** A row of repository.mismatchViews (snake_case from SQL). */
export function toMismatch(r: Record<string, unknown>): CodMismatch {
  const actions = (typeof r.actions === 'string' ? JSON.parse(r.actions) : r.actions) as Record<
    string,
    unknown
  >[]
  return {
    _id: String(r.id),
    kind: r.kind as CodMismatchKind,
    status: r.status as CodMismatchStatus,
    trackingId: String(r.tracking_id ?? ''),
    currency: String(r.currency ?? ''),
    expected: numOrNull(r.expected),
    received: numOrNull(r.received),
    order: r.order_id
      ? {
          _id: String(r.order_id),
          clientOrderNr: String(r.client_order_nr ?? ''),
          internalNumericId: num(r.internal_numeric_id),
        }
      : null,
    businessclient: r.businessclient_id
      ? { _id: String(r.businessclient_id), name: String(r.businessclient_name ?? '') }
      : null,
    payout: r.payout_id
      ? { _id: String(r.payout_id), paidDate: day(r.paid_date), reportId: String(r.report_id ?? '') }
      : null,
    reason: String(r.reason ?? ''),
    resolvedBy: r.resolved_by_name ? String(r.resolved_by_name) : null,
    resolvedAt: isoOrNull(r.resolved_at),
    createdAt: iso(r.created_at),
    actions: actions.map((a) => ({
      action: String(a.action),
      amount: numOrNull(a.amount),
      reason: String(a.reason ?? ''),
      username: String(a.username ?? ''),
      at: iso(a.at),
    })),
  }
}
