import { PlusOutlined } from '@ant-design/icons'
import { Badge, Button, Card, Empty, Flex } from 'antd'
import type { ReactNode } from 'react'
import { useIsNarrow } from '@/components/use-media-query'

export interface EntitySectionProps {
  title: ReactNode
  count: number
  addLabel: ReactNode
  /** Shown when the list is empty and nothing is being added. */
  emptyText: ReactNode
  onAdd?: () => void
  isAdding?: boolean
  children: ReactNode
}

/** A card listing a company's contacts, bank accounts or company ids in a responsive grid, with an Add button. */
export function EntitySection({
  title,
  count,
  addLabel,
  emptyText,
  onAdd,
  isAdding,
  children,
}: EntitySectionProps) {
  const isNarrow = useIsNarrow()
  // The heading and the Add button share a wrapping row: on a phone the button goes under the heading.
  return (
    <Card size={isNarrow ? 'small' : 'medium'}>
      <Flex wrap gap="small" align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0, fontSize: 16, display: 'flex', gap: 8, alignItems: 'center' }}>
          {title}
          <Badge count={count} showZero color="#8c8c8c" />
        </h2>
        {onAdd && (
          <Button icon={<PlusOutlined />} onClick={onAdd} disabled={isAdding}>
            {addLabel}
          </Button>
        )}
      </Flex>
      {count === 0 && !isAdding ? (
        <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
            gap: 12,
          }}
        >
          {children}
        </div>
      )}
    </Card>
  )
}

/** Grid cell spanning the whole row (for an open form). */
export function FullRow({ children }: { children: ReactNode }) {
  return <div style={{ gridColumn: '1 / -1' }}>{children}</div>
}
