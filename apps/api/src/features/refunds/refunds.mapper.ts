import { canEditRefund, type Refund, type RefundStatus } from '@expedo/domain'
import type { RefundRow } from './refunds.repository.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Spec §3 Refund. */
export function toRefund({ refund: r, clientOrderNr, clientName }: RefundRow): Refund {
  const status = r.status as RefundStatus
  return {
    _id: r.id,
    refundid: r.refundid,
    order: { _id: r.orderId, clientOrderNr },
    inboundparcel: r.inboundParcelId ? { _id: r.inboundParcelId } : null,
    businessclient: { _id: r.businessclientId, name: clientName },
    status,
    error_msgs: r.errorMsgs,
    name: r.name,
    phone: r.phone,
    country: r.country,
    city: r.city,
    street: r.street,
    amount: Number(r.amount),
    currency: r.currency,
    IBAN: r.iban,
    account_nr: r.accountNr,
    account_code: r.accountCode,
    editable: canEditRefund(status),
    sentAt: iso(r.sentAt),
    refundedAt: iso(r.refundedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}
