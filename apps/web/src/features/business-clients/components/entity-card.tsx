import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/confirm-button'
import { useIsNarrow } from '@/components/use-media-query'

export interface EntityCardProps {
  title: ReactNode
  /** Plain name of the item, for the buttons' accessible names ("Edit Jan Novák"). */
  name: string
  /** Labelled lines: [label, value]; empty values are left out. */
  lines: [ReactNode, ReactNode][]
  canEdit: boolean
  onEdit: () => void
  onRemove: () => Promise<unknown>
  removeConfirm: ReactNode
  /** 'delete' for company ids, 'remove' otherwise (the spec's wording). */
  removeVerb?: 'remove' | 'delete'
}

/** One contact, bank account or company id: its fields, Edit and a confirmed Remove. */
export function EntityCard({
  title,
  name,
  lines,
  canEdit,
  onEdit,
  onRemove,
  removeConfirm,
  removeVerb = 'remove',
}: EntityCardProps) {
  const { t } = useTranslation('business-clients')
  const isNarrow = useIsNarrow()
  const shown = lines.filter(
    ([, value]) => value !== '' && value !== null && value !== undefined && value !== false,
  )
  return (
    <Card
      size="small"
      title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{title}</span>}
      extra={
        canEdit && (
          <Flex gap={4}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              onClick={onEdit}
              aria-label={t('actions.editItem', { name })}
              title={t('actions.edit')}
            />
            <ConfirmButton
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              confirmTitle={removeConfirm}
              onConfirm={onRemove}
              okText={t(removeVerb === 'delete' ? 'actions.delete' : 'actions.remove')}
              aria-label={t('actions.removeItem', { name })}
              title={t(removeVerb === 'delete' ? 'actions.delete' : 'actions.remove')}
            />
          </Flex>
        )
      }
    >
      {/* On a phone each label sits above its value, so e-mails and IBANs keep the full width. */}
      <dl
        style={{
          margin: 0,
          display: 'grid',
          gridTemplateColumns: isNarrow ? '1fr' : 'minmax(80px, max-content) 1fr',
          gap: isNarrow ? 0 : '4px 12px',
        }}
      >
        {shown.map(([label, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one card
          <Line key={index} label={label} isStacked={isNarrow}>
            {value}
          </Line>
        ))}
      </dl>
    </Card>
  )
}

function Line({ label, isStacked, children }: { label: ReactNode; isStacked: boolean; children: ReactNode }) {
  return (
    <>
      <dt>
        <Typography.Text type="secondary" style={isStacked ? { fontSize: 12 } : undefined}>
          {label}
        </Typography.Text>
      </dt>
      <dd style={{ margin: isStacked ? '0 0 6px' : 0, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</dd>
    </>
  )
}
