import { Tag } from 'antd'
import type { ReactNode } from 'react'

/** An antd Tag colour: a preset name ('red', 'green'...) or a CSS colour. */
export type StatusColor = string

/** Status → colour table. Keys are the statuses exactly as the API sends them. */
export type StatusColors<S extends string = string> = Readonly<Record<S, StatusColor>>

/** Order statuses, fixed colours (spec part 2 §4). */
export const orderStatusColors: StatusColors = {
  New: 'blue',
  Draft: 'gold',
  'Client editing': 'purple',
  'Order Ready for picking': 'cyan',
  'Product Picking': 'blue',
  'No goods': 'orange',
  Packed: 'green',
  'Not shipped': 'lime',
  Validated: 'geekblue',
  Canceled: 'red',
  Error: 'red',
  Shipping: 'processing',
  Delivered: 'success',
  'COD WAITING': 'warning',
  'In progress': 'magenta',
}

/** Inbound shipment statuses (spec part 1 §4). */
export const inboundStatusColors: StatusColors = {
  New: 'red',
  pending: 'orange',
  Shipping: 'blue',
  Delivered: 'green',
  'Partially Delivered': 'gold',
}

/** Bill payment state (spec part 2 §4): overdue red, paid green, unpaid yellow. */
export const billStatusColors: StatusColors<'overdue' | 'paid' | 'unpaid'> = {
  overdue: 'red',
  paid: 'green',
  unpaid: 'gold',
}

/** The colour of a status, or `fallback` for a status the table does not know. */
export function statusColor(
  colors: StatusColors,
  status: string,
  fallback: StatusColor = 'default',
): StatusColor {
  return colors[status] ?? fallback
}

export interface StatusTagProps {
  status: string
  colors: StatusColors
  /** Text to show (e.g. translated); default the status itself. */
  label?: ReactNode
}

/**
 * A status badge whose colour comes from a status → colour table. Never wider than its place: a long label
 * (Czech 'Připravena k vychystání' on a phone's card) ends in '…' instead of being clipped.
 */
export function StatusTag({ status, colors, label }: StatusTagProps) {
  return (
    <Tag
      color={statusColor(colors, status)}
      style={{
        marginInlineEnd: 0,
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        verticalAlign: 'bottom',
      }}
    >
      {label ?? status}
    </Tag>
  )
}
