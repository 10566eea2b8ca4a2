import { handoverCode } from '../handovers/handover-rules.ts'
import type { TrackingState } from '../labels/label-rules.ts'
import { waveCode } from '../waves/wave-rules.ts'

/**
 * The order change log as event codes with parameters (issue 27): the server stores the code and its
 * parameters, the web renders them in the reader's language. The English sentence (`what`, which the spec
 * answers) comes from `changeLogText`, the one English renderer. Plain TypeScript, no zod: the web's order
 * detail reads it.
 */

/** Every change-log event. */
export const changeLogEventList = [
  'created',
  'imported',
  'statusChanged',
  'stockBlockedAgain',
  'fieldChanged',
  'courierAssigned',
  'itemAdded',
  'itemRemoved',
  'itemsReplaced',
  'totalChanged',
  'duplicated',
  'deletedInEshop',
  'productPaired',
  'waveReleased',
  'picked',
  'pickShort',
  'pickReturned',
  'packed',
  'labelCreated',
  'labelFailed',
  'tracking',
  'handoverScanned',
  'handedOver',
] as const
export type ChangeLogEvent = (typeof changeLogEventList)[number]

/** Why allocation ran again (shown after a status change it makes). */
export const allocationReasonList = ['goodsReceived', 'itemsChanged', 'warehouseChanged'] as const
export type AllocationReason = (typeof allocationReasonList)[number]

/** How a changed field's values are shown: each kind has one formatter in the web. */
export const changeLogValueKinds = [
  'text',
  'money',
  'grams',
  'boolean',
  'date',
  'country',
  'paymentType',
  'paymentStatus',
] as const
export type ChangeLogValueKind = (typeof changeLogValueKinds)[number]

/** The order fields whose change is logged, with their English label and how their values are shown. */
export const changeLogFields = {
  clientOrderNr: { label: 'Order number', kind: 'text' },
  'shipTo.country': { label: 'Country', kind: 'country' },
  'shipTo.province': { label: 'Province', kind: 'text' },
  'shipTo.city': { label: 'City', kind: 'text' },
  'shipTo.district': { label: 'District', kind: 'text' },
  'shipTo.street': { label: 'Street', kind: 'text' },
  'shipTo.streetNr': { label: 'Street number', kind: 'text' },
  'shipTo.postcode': { label: 'Post code', kind: 'text' },
  'shipTo.phone': { label: 'Phone', kind: 'text' },
  'shipTo.isCompany': { label: 'Company', kind: 'boolean' },
  'client.firstName': { label: 'Client first name', kind: 'text' },
  'client.lastName': { label: 'Client last name', kind: 'text' },
  'client.email': { label: 'Client email', kind: 'text' },
  'client.isCompany': { label: 'Client company', kind: 'boolean' },
  'client.companyName': { label: 'Client company name', kind: 'text' },
  'client.taxId': { label: 'Client tax id', kind: 'text' },
  'client.nr_reg_com': { label: 'Client trade register number', kind: 'text' },
  'client.phone': { label: 'Client phone', kind: 'text' },
  'client.country': { label: 'Client country', kind: 'country' },
  'client.province': { label: 'Client province', kind: 'text' },
  'client.city': { label: 'Client city', kind: 'text' },
  'client.street': { label: 'Client street', kind: 'text' },
  'client.streetNr': { label: 'Client street number', kind: 'text' },
  'client.postcode': { label: 'Client post code', kind: 'text' },
  courier: { label: 'Courier', kind: 'text' },
  assignedUser: { label: 'Assigned user', kind: 'text' },
  warehouse: { label: 'Warehouse', kind: 'text' },
  deliveryDate: { label: 'Delivery date', kind: 'date' },
  shippingCost: { label: 'Shipping cost', kind: 'money' },
  trackingId: { label: 'Tracking id', kind: 'text' },
  trackingUrl: { label: 'Tracking url', kind: 'text' },
  weight: { label: 'Weight', kind: 'grams' },
  paymentStatus: { label: 'Payment status', kind: 'paymentStatus' },
  codApply: { label: 'COD', kind: 'boolean' },
  codAmount: { label: 'COD amount', kind: 'money' },
  paymentType: { label: 'Payment type', kind: 'paymentType' },
  instructions: { label: 'Packing instructions', kind: 'text' },
  generateInvoice: { label: 'Generate invoice', kind: 'boolean' },
  toOffice: { label: 'Office', kind: 'text' },
  officeCode: { label: 'Office code', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: ChangeLogValueKind }>
export type ChangeLogField = keyof typeof changeLogFields
export const changeLogFieldList = Object.keys(changeLogFields) as ChangeLogField[]

/** A logged value: null when empty. */
export type ChangeLogValue = string | number | boolean | null

/** An item line as the log names it. */
export type ChangeLogItem = { sku: string; name: string; quantity: number; price: number }

/** One change-log entry: the event code and its parameters. */
export type ChangeLogEntry =
  | { event: 'created'; params: { status: string; copyOf?: number } }
  | { event: 'imported'; params: { eshopUrl: string } }
  | {
      event: 'statusChanged'
      params: { from: string; to: string; stock?: 'blocked' | 'released'; reason?: AllocationReason }
    }
  | { event: 'stockBlockedAgain'; params: { reason?: AllocationReason } }
  | {
      event: 'fieldChanged'
      params: { field: ChangeLogField; kind: ChangeLogValueKind; from: ChangeLogValue; to: ChangeLogValue }
    }
  | { event: 'courierAssigned'; params: { courier: string; country: string } }
  | { event: 'itemAdded' | 'itemRemoved'; params: ChangeLogItem }
  | { event: 'itemsReplaced'; params: Record<string, never> }
  | { event: 'totalChanged'; params: { from: number; to: number } }
  | { event: 'duplicated'; params: { copy: number } }
  | { event: 'deletedInEshop'; params: { status: string } }
  | { event: 'productPaired'; params: { sku: string; name: string } }
  | { event: 'waveReleased'; params: { wave: number; slot: number } }
  | { event: 'picked' | 'pickReturned'; params: PickEvent }
  | { event: 'pickShort'; params: PickEvent & { missing: number } }
  | { event: 'packed'; params: { weight: number; parcels: number } }
  | { event: 'labelCreated'; params: { trackingId: string; courier: string } }
  | { event: 'labelFailed'; params: { courier: string; message: string } }
  | { event: 'tracking'; params: { state: TrackingState; courierText: string } }
  /** Scanned into the courier's van on handover H-000012 (the handover's scan, before it is confirmed). */
  | { event: 'handoverScanned'; params: { handover: number } }
  /** Handed to the courier on handover H-000012 (by its driver, or the courier's pickup confirmed it). */
  | { event: 'handedOver'; params: { handover: number; courier: string } }

/** A pick, a short pick or a return of picked goods: which goods, how many, at which location. */
export type PickEvent = { sku: string; quantity: number; location: string }

/** A field change, its value kind taken from the catalogue; empty values ('' or undefined) become null. */
export function fieldChange(field: ChangeLogField, from: unknown, to: unknown): ChangeLogEntry {
  return {
    event: 'fieldChanged',
    params: { field, kind: changeLogFields[field].kind, from: logValue(from), to: logValue(to) },
  }
}

function logValue(v: unknown): ChangeLogValue {
  if (v === undefined || v === null || v === '') return null
  return typeof v === 'number' || typeof v === 'boolean' ? v : String(v)
}

/**
 * An API change-log row's event and parameters as an entry, or null for a legacy row (only its English
 * text) or an event this version does not know.
 */
export function changeLogEntryOf(row: { event?: string | null; params?: unknown }): ChangeLogEntry | null {
  const { event, params } = row
  if (!event || !(changeLogEventList as readonly string[]).includes(event)) return null
  if (params === null || typeof params !== 'object') return null
  return { event, params } as ChangeLogEntry
}

const allocationReasonText: Record<AllocationReason, string> = {
  goodsReceived: 'goods received',
  itemsChanged: 'items changed',
  warehouseChanged: 'warehouse changed',
}

const dash = '—'
const plain = (v: ChangeLogValue | undefined) =>
  v === null || v === undefined || v === '' ? dash : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)

/** A field value in English, as the log always wrote it (money with 2 decimals, weights in g). */
function englishValue(kind: ChangeLogValueKind, v: ChangeLogValue): string {
  if (kind === 'money' && typeof v === 'number') return v.toFixed(2)
  if (kind === 'grams' && typeof v === 'number') return `${v} g`
  return plain(v)
}

const itemText = (i: ChangeLogItem) => `${i.sku} ${i.name} × ${i.quantity} (${Number(i.price).toFixed(2)})`

/** The entry as the English sentence the log has always shown (the API's `what`). */
export function changeLogText(entry: ChangeLogEntry): string {
  switch (entry.event) {
    case 'created': {
      const { status, copyOf } = entry.params
      return copyOf === undefined
        ? `Order created (${status})`
        : `Order created (${status}) as a copy of order ${copyOf}`
    }
    case 'imported':
      return `Order imported from ${entry.params.eshopUrl} (New)`
    case 'statusChanged': {
      const { from, to, stock, reason } = entry.params
      const why = reason ? allocationReasonText[reason] : ''
      const note =
        stock === 'blocked'
          ? ` (stock blocked${why ? `: ${why}` : ''})`
          : stock === 'released'
            ? ' (blocked stock released)'
            : why
              ? ` (${why})`
              : ''
      return `Status: ${from} → ${to}${note}`
    }
    case 'stockBlockedAgain': {
      const { reason } = entry.params
      return `Stock blocked again${reason ? `: ${allocationReasonText[reason]}` : ''}`
    }
    case 'fieldChanged': {
      const { field, kind, from, to } = entry.params
      const label = changeLogFields[field]?.label ?? field
      return `${label}: ${englishValue(kind, from)} → ${englishValue(kind, to)}`
    }
    case 'courierAssigned':
      return `Courier: — → ${entry.params.courier} (default courier of ${entry.params.country}, assigned automatically)`
    case 'itemAdded':
      return `Item added: ${itemText(entry.params)}`
    case 'itemRemoved':
      return `Item removed: ${itemText(entry.params)}`
    case 'itemsReplaced':
      return 'Items replaced by the e-shop’s order'
    case 'totalChanged':
      return `Total: ${entry.params.from.toFixed(2)} → ${entry.params.to.toFixed(2)}`
    case 'duplicated':
      return `Duplicated as order ${entry.params.copy}`
    case 'deletedInEshop':
      return `Deleted in the e-shop; an order in status ${entry.params.status} cannot be canceled`
    case 'productPaired':
      return `Item ${entry.params.sku} paired with product ${entry.params.name}`
    case 'waveReleased':
      return `Released in wave ${waveCode(entry.params.wave)} (slot ${entry.params.slot})`
    case 'picked':
      return `Picked ${entry.params.quantity} × ${entry.params.sku} at ${entry.params.location}`
    case 'pickShort':
      return `Short pick at ${entry.params.location}: ${entry.params.missing} × ${entry.params.sku} missing (${entry.params.quantity} taken)`
    case 'pickReturned':
      return `Picked goods put back: ${entry.params.quantity} × ${entry.params.sku} to ${entry.params.location}`
    case 'packed':
      return `Packed: ${entry.params.weight} g, ${entry.params.parcels} parcel(s)`
    case 'labelCreated':
      return `Label created at ${entry.params.courier}: ${entry.params.trackingId}`
    case 'labelFailed':
      return `Label refused by ${entry.params.courier}: ${entry.params.message}`
    case 'tracking':
      return `Parcel: ${entry.params.state} (${entry.params.courierText})`
    case 'handoverScanned':
      return `Scanned into the courier's van on ${handoverCode(entry.params.handover)}`
    case 'handedOver':
      return `Handed to ${entry.params.courier} on ${handoverCode(entry.params.handover)}`
  }
}
