import type { TableColumnType } from 'antd'
import type { ReactNode } from 'react'

/** One column of a DataTable; the same definition renders a table cell and a line of the mobile card. */
export interface DataTableColumn<T> extends Omit<TableColumnType<T>, 'key' | 'sortOrder' | 'title'> {
  /** Stable id of the column; reported as the sort key when the column is sortable. */
  key: string
  /** Header text; also the label of the line on a card. */
  title?: ReactNode
  /** On a card, this column is the heading (the first one flagged wins; default: the first column). */
  isCardTitle?: boolean
  /** Leave the column out of cards (e.g. a row number). */
  hideOnCard?: boolean
}

/** The sort a list asks the server for. */
export interface DataTableSort {
  columnKey: string
  order: 'ascend' | 'descend'
}

/** Optional row checkboxes; keys are the row keys. */
export interface DataTableSelection {
  selectedKeys: readonly string[]
  onChange: (keys: string[]) => void
}

/** The value a column shows for a row: its `render` output, else the value at `dataIndex`. */
export function cellContent<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  // antd types dataIndex as a deep path of T; read it as plain keys (cheaper for the type checker too).
  const dataIndex = column.dataIndex as unknown as string | number | readonly (string | number)[] | undefined
  const path: readonly (string | number)[] =
    dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex as string | number]
  let value: unknown = row
  for (const part of path)
    value = value == null ? undefined : (value as Record<string | number, unknown>)[part]
  if (path.length === 0) value = undefined
  if (column.render) {
    const rendered = column.render(value, row, index) as unknown
    // antd allows { children, props } for cell spans; a card only needs the content.
    if (rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)) {
      return (rendered as { children: ReactNode }).children
    }
    return rendered as ReactNode
  }
  return value == null ? null : (value as ReactNode)
}
