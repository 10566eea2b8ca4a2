import { Card, Checkbox, Empty, Flex, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import { cellContent, type DataTableColumn, type DataTableSelection } from './data-table-types'
import { InCardList } from './table-cells'

export interface CardListProps<T> {
  columns: readonly DataTableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  loading?: boolean
  emptyText?: ReactNode
  selection?: DataTableSelection
  /** Replaces the card built from the columns. */
  renderCard?: (row: T, index: number) => ReactNode
  /** More about the row, at the card's foot (a table's expanded row). */
  details?: ((row: T) => ReactNode) | undefined
}

/** The narrow-screen form of a DataTable: one card a row, one labelled line a column. */
export function CardList<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  selection,
  renderCard,
  details,
}: CardListProps<T>) {
  const titleColumn = columns.find((c) => c.isCardTitle) ?? columns.find((c) => !c.hideOnCard)
  const lineColumns = columns.filter((c) => c !== titleColumn && !c.hideOnCard)

  const toggle = (key: string, checked: boolean) => {
    if (!selection) return
    const keys = selection.selectedKeys.filter((k) => k !== key)
    selection.onChange(checked ? [...keys, key] : keys)
  }

  return (
    <InCardList.Provider value>
      <Spin spinning={!!loading}>
        {rows.length === 0 ? (
          <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
            }}
          >
            {rows.map((row, index) => {
              const key = rowKey(row)
              if (renderCard) return <li key={key}>{renderCard(row, index)}</li>
              return (
                <li key={key}>
                  <Card
                    size="small"
                    title={
                      <Flex gap="small" align="center">
                        {selection && (
                          <Checkbox
                            checked={selection.selectedKeys.includes(key)}
                            onChange={(e) => toggle(key, e.target.checked)}
                            aria-label={key}
                          />
                        )}
                        {/* May shrink: a one-line title then ends in '…' instead of being clipped. */}
                        <span style={{ whiteSpace: 'normal', minWidth: 0 }}>
                          {titleColumn && cellContent(titleColumn, row, index)}
                        </span>
                      </Flex>
                    }
                  >
                    <dl
                      style={{
                        margin: 0,
                        display: 'grid',
                        gridTemplateColumns: 'minmax(80px, 40%) 1fr',
                        gap: '4px 12px',
                      }}
                    >
                      {lineColumns.map((column) => (
                        <CardLine key={column.key} label={column.title}>
                          {cellContent(column, row, index)}
                        </CardLine>
                      ))}
                    </dl>
                    {details?.(row)}
                  </Card>
                </li>
              )
            })}
          </ul>
        )}
      </Spin>
    </InCardList.Provider>
  )
}

function CardLine({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </dt>
      <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</dd>
    </>
  )
}
