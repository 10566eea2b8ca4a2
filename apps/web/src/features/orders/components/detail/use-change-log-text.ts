import {
  type ChangeLogEntry,
  type ChangeLogValue,
  type ChangeLogValueKind,
  changeLogEntryOf,
  countryName,
  handoverCode,
  isOrderStatus,
  type Order,
  waveCode,
} from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { formatDate } from '@/components/date-text'
import { formatAmount } from '@/components/money'

type ChangeLog = Order['changeLogs'][number]

/** Usernames the server writes the log under without an account, and their translation keys. */
const systemUsers = { 'eshop import': 'eshopImport' } as const

/**
 * The change log in the reader's language: each entry's event and parameters through the catalogue, its
 * values through the app's formatters (status labels, countries, money, dates); a row older than event
 * codes shows its stored English text.
 */
export function useChangeLogText() {
  const { t, i18n } = useTranslation(['order-detail', 'orders'])
  const countryLabel = useCountryName()
  const locale = i18n.language || 'cs'

  const status = (s: string) => (isOrderStatus(s) ? t(`orders:status.${s}`) : s)
  // A ship-to country may be stored as its ISO code ('CZ'); the label comes from its list name.
  const country = (v: string) =>
    countryLabel(v.trim().length === 2 ? (countryName(v.trim().toUpperCase()) ?? v) : v)
  const money = (v: number) => formatAmount(v, locale)
  const paymentType = (v: string) =>
    v === 'COD' ? t('orders:list.cash') : v === 'Paid Online' ? t('orders:list.paidOnline') : v

  const value = (kind: ChangeLogValueKind, v: ChangeLogValue): string => {
    if (v === null || v === '') return '—'
    if (typeof v === 'boolean') return t(v ? 'changeLogs.values.yes' : 'changeLogs.values.no')
    if (kind === 'money' && typeof v === 'number') return money(v)
    if (kind === 'grams' && typeof v === 'number') return t('shipping.grams', { weight: v })
    if (kind === 'date') return formatDate(String(v)) || String(v)
    if (kind === 'country') return country(String(v))
    if (kind === 'paymentType') return paymentType(String(v))
    return String(v)
  }

  const entryText = (entry: ChangeLogEntry): string => {
    switch (entry.event) {
      case 'created': {
        const { status: s, copyOf } = entry.params
        return copyOf === undefined
          ? t('changeLogs.events.created', { status: status(s) })
          : t('changeLogs.events.createdCopy', { status: status(s), copyOf })
      }
      case 'imported':
        return t('changeLogs.events.imported', { eshopUrl: entry.params.eshopUrl, status: status('New') })
      case 'statusChanged': {
        const { from, to, stock, reason } = entry.params
        const why = reason ? t(`changeLogs.reasons.${reason}`) : ''
        const note =
          stock === 'blocked'
            ? why
              ? t('changeLogs.notes.stockBlockedBecause', { reason: why })
              : t('changeLogs.notes.stockBlocked')
            : stock === 'released'
              ? t('changeLogs.notes.stockReleased')
              : why
        const values = { from: status(from), to: status(to) }
        return note
          ? t('changeLogs.events.statusChangedNote', { ...values, note })
          : t('changeLogs.events.statusChanged', values)
      }
      case 'stockBlockedAgain': {
        const { reason } = entry.params
        return reason
          ? t('changeLogs.events.stockBlockedAgainBecause', { reason: t(`changeLogs.reasons.${reason}`) })
          : t('changeLogs.events.stockBlockedAgain')
      }
      case 'fieldChanged': {
        const { field, kind, from, to } = entry.params
        return t('changeLogs.events.fieldChanged', {
          field: t(`changeLogs.fields.${field}`),
          from: value(kind, from),
          to: value(kind, to),
        })
      }
      case 'courierAssigned':
        return t('changeLogs.events.courierAssigned', {
          courier: entry.params.courier,
          country: country(entry.params.country),
        })
      case 'itemAdded':
      case 'itemRemoved': {
        const { sku, name, quantity, price } = entry.params
        return t(`changeLogs.events.${entry.event}`, { sku, name, quantity, price: money(price) })
      }
      case 'itemsReplaced':
        return t('changeLogs.events.itemsReplaced')
      case 'totalChanged':
        return t('changeLogs.events.totalChanged', {
          from: money(entry.params.from),
          to: money(entry.params.to),
        })
      case 'duplicated':
        return t('changeLogs.events.duplicated', { copy: entry.params.copy })
      case 'deletedInEshop':
        return t('changeLogs.events.deletedInEshop', { status: status(entry.params.status) })
      case 'productPaired':
        return t('changeLogs.events.productPaired', { sku: entry.params.sku, name: entry.params.name })
      case 'waveReleased':
        return t('changeLogs.events.waveReleased', {
          wave: waveCode(entry.params.wave),
          slot: entry.params.slot,
        })
      case 'picked':
      case 'pickReturned':
      case 'pickShort':
        return t(`changeLogs.events.${entry.event}`, entry.params)
      case 'packed':
        return t('changeLogs.events.packed', {
          weight: value('grams', entry.params.weight),
          parcels: entry.params.parcels,
        })
      case 'labelCreated':
      case 'labelFailed':
        return t(`changeLogs.events.${entry.event}`, entry.params)
      case 'tracking':
        return t('changeLogs.events.tracking', {
          state: t(`changeLogs.trackingStates.${entry.params.state}`),
          courierText: entry.params.courierText,
        })
      case 'handoverScanned':
        return t('changeLogs.events.handoverScanned', { handover: handoverCode(entry.params.handover) })
      case 'handedOver':
        return t('changeLogs.events.handedOver', {
          courier: entry.params.courier,
          handover: handoverCode(entry.params.handover),
        })
    }
  }

  return {
    /** What changed, in the reader's language (a legacy row: its stored text). */
    what: (log: ChangeLog): string => {
      const entry = changeLogEntryOf(log)
      return entry ? entryText(entry) : log.what
    },
    /** Who changed it; a system user (no account) by its translated name. */
    who: (log: ChangeLog): string => {
      const key = log.who._id === null ? systemUsers[log.who.username as keyof typeof systemUsers] : undefined
      return key ? t(`changeLogs.users.${key}`) : log.who.username
    },
  }
}
