import { Tooltip } from 'antd'
import { createContext, type ReactNode, useContext, useRef, useState } from 'react'
import type { DataTableColumn } from './data-table-types'

/**
 * True inside the card list that replaces a table on narrow screens: there an EllipsisText wraps, since a
 * card has the height to show it whole.
 */
export const InCardList = createContext(false)

/**
 * A cell text that never widens its column: one line, ending in '…' where the column is narrower, with the
 * whole text in a tooltip while it is cut. It adds no width of its own to the table's max-content layout
 * (width 0, at least the cell's width), so the column gets what its `width` says, or, without a width,
 * the room the other columns leave.
 */
export function EllipsisText({ text, children }: { text: string; children?: ReactNode }) {
  const inCard = useContext(InCardList)
  const ref = useRef<HTMLSpanElement>(null)
  const [open, setOpen] = useState(false)
  if (inCard) return <span style={{ display: 'block' }}>{children ?? text}</span>
  const isCut = () => !!ref.current && ref.current.scrollWidth > ref.current.clientWidth
  return (
    <Tooltip title={text} placement="topLeft" open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <span
        ref={ref}
        style={{
          display: 'block',
          width: 0,
          minWidth: '100%',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {children ?? text}
      </span>
    </Tooltip>
  )
}

/**
 * An identifier in a list (document number, IBAN, account, tracking id): one line, never broken inside, and
 * marked `data-identifier` (the journeys' layout check fails on one that wraps or is cut). Its column gives
 * it the room; should a column still be too narrow, it ends in '…' and its title has the whole value.
 */
export function Identifier({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <span
      data-identifier
      title={text}
      style={{
        display: 'inline-block',
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {children ?? text}
    </span>
  )
}

/**
 * A column as wide as its widest cell and no wider (numbers, dates, codes, tags): its cells stay on one line,
 * its header wraps between words. Spread it into a DataTable column.
 */
export const fitContent = {
  width: 1,
  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
} satisfies Partial<DataTableColumn<never>>
