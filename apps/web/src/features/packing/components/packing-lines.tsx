import { CheckCircleFilled } from '@ant-design/icons'
import type { PackingLine } from '@expedo/domain'
import { Card, Image, Progress, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

const highlight = '#e6f4ff'
const full = '#f6ffed'

/**
 * The order's lines as the packer checks them: photo, name, SKU, barcode and packed / quantity. The line the
 * last scan went into is highlighted; full lines are green.
 */
export function PackingLines({ lines, last }: { lines: readonly PackingLine[]; last: number | null }) {
  const { t } = useTranslation('packing')
  const packed = lines.reduce((sum, line) => sum + line.packed, 0)
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0)
  return (
    <Card
      size="small"
      title={t('lines.title')}
      extra={<span data-testid="packing-total">{t('lines.total', { packed, quantity })}</span>}
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {lines.map((line, index) => {
          const done = line.packed >= line.quantity
          return (
            <li
              // Lines have no id of their own: the order's lines keep their order.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              key={index}
              data-testid="packing-line"
              data-last={index === last ? 'true' : undefined}
              aria-current={index === last ? 'true' : undefined}
              style={{
                display: 'flex',
                gap: 12,
                alignItems: 'center',
                padding: 8,
                borderRadius: 8,
                background: index === last ? highlight : done ? full : undefined,
                outline: index === last ? '2px solid #1677ff' : undefined,
              }}
            >
              <div style={{ width: 56, height: 56, flex: 'none' }}>
                {line.product?.photo && (
                  <Image src={line.product.photo} width={56} height={56} alt={line.product.name} />
                )}
              </div>
              <div style={{ minWidth: 0, flex: 1 }}>
                <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {line.product?.name ?? line.sku}
                </div>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {t('lines.sku')} {line.sku} ·{' '}
                  {line.barcode ? `${t('lines.barcode')} ${line.barcode}` : t('lines.noBarcode')}
                </Typography.Text>
              </div>
              <div style={{ width: 88, flex: 'none', textAlign: 'right' }}>
                <div data-testid="packing-line-progress" style={{ fontSize: 20, fontWeight: 700 }}>
                  {done && <CheckCircleFilled style={{ color: '#52c41a', marginRight: 4 }} aria-hidden />}
                  {line.packed} / {line.quantity}
                </div>
                <Progress
                  aria-label={line.sku}
                  percent={Math.round((100 * Math.min(line.packed, line.quantity)) / (line.quantity || 1))}
                  showInfo={false}
                  size="small"
                  status={done ? 'success' : 'normal'}
                />
              </div>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
