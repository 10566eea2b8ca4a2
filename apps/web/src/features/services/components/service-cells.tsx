import type { Service } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Where a service's trigger is shown: the order, the inbound shipment, the refunds list; storage has no page. */
export function triggerPath(s: Pick<Service, 'trigger' | 'triggerId'>): string | null {
  if (!s.triggerId) return null
  switch (s.trigger) {
    case 'Order':
      return `/orders/${s.triggerId}`
    case 'Inboundshipment':
      return `/shipments/inbound/${s.triggerId}`
    case 'Refund':
      return '/refunds'
    default:
      return null
  }
}

/**
 * What a service's description adds to its name and trigger: the received SKU of an inbound shipment's
 * receiving. The rest of the stored description is the trigger and its reference in English ("Refund 74009"),
 * which the trigger column shows in the reader's language.
 */
export function serviceDetail(s: Pick<Service, 'trigger' | 'triggerRef' | 'description'>): string {
  if (s.trigger !== 'Inboundshipment') return ''
  const at = s.description.indexOf(`${s.triggerRef}: `)
  return at < 0 ? '' : s.description.slice(at + s.triggerRef.length + 2).trim()
}

/** The trigger as a link to its screen ('Order ZR-1001'). */
export function TriggerCell({ service }: { service: Service }) {
  const { t } = useTranslation('services')
  const label = t(`triggers.${service.trigger}`, { ref: service.triggerRef })
  const to = triggerPath(service)
  return to ? <Link to={to}>{label}</Link> : <span>{label}</span>
}

/** The bill: a link to it when billed (its number, or 'Pending for Approval' before it is locked), else 'pending'. */
export function BillCell({ service }: { service: Service }) {
  const { t } = useTranslation('services')
  if (!service.bill) return <span>{t('bill.pending')}</span>
  return (
    <Link to={`/billing/bills/${service.bill._id}`}>
      {service.bill.sequenceNumber ?? t('bill.unnumbered')}
    </Link>
  )
}
