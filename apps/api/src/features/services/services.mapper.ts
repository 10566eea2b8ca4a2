import {
  cents,
  moneyNumber,
  type RateCard,
  type Service,
  type ServiceCategory,
  type ServiceTrigger,
  type ServiceTypeName,
} from '@expedo/domain'
import type { RateCardRow, ServiceRecord } from './services.repository.ts'

export const toService = ({ service: s, clientName, billNumber }: ServiceRecord): Service => ({
  _id: s.id,
  serviceType: { name: s.serviceType as ServiceTypeName, category: s.category as ServiceCategory },
  trigger: s.trigger as ServiceTrigger,
  triggerId: s.triggerId,
  triggerRef: s.triggerRef,
  quantity: Number(s.quantity),
  unitPrice: moneyNumber(cents(s.unitPrice)),
  amount: moneyNumber(cents(s.amount)),
  currency: s.currency,
  country: s.country,
  isBilled: s.billId !== null,
  description: s.description,
  bill: s.billId ? { _id: s.billId, sequenceNumber: billNumber } : null,
  businessclient: { _id: s.businessclientId, name: clientName },
  serviceDate: s.serviceDate,
  createdAt: s.createdAt.toISOString(),
  quotation: s.quotationId,
})

const n = (v: string) => moneyNumber(cents(v))

export const toRateCard = ({
  card: c,
  clientName,
}: {
  card: RateCardRow
  clientName: string | null
}): RateCard => ({
  _id: c.id,
  businessclient: c.businessclientId ? { _id: c.businessclientId, name: clientName ?? '' } : null,
  country: c.country,
  currency: c.currency,
  validFrom: c.validFrom,
  validTo: c.validTo,
  fulfilmentOrder: n(c.fulfilmentOrder),
  fulfilmentExtraItem: n(c.fulfilmentExtraItem),
  receivingUnit: n(c.receivingUnit),
  storagePositionDay: n(c.storagePositionDay),
  codFee: n(c.codFee),
  refundHandling: n(c.refundHandling),
  packaging: n(c.packaging),
})
