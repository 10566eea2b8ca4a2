import { type Wave, waveCode } from '@expedo/domain'
import { Progress, Tag } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { formatDate } from '@/components/date-text'
import { Identifier } from '@/components/table-cells'

export const waveStatusColors = { picking: 'processing', picked: 'success' } as const

/**
 * Wave, warehouse, status, orders, lines done, units picked, short picks, released (when, by whom): widths for a
 * fixed layout that fits 1280 px in every language (Czech headers are the longest).
 */
export function waveColumns(t: TFunction<'waves'>): DataTableColumn<Wave>[] {
  return [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      width: 110,
      render: (_, w) => (
        <Link to={`/warehouse/waves/${w._id}`}>
          <Identifier text={waveCode(w.number)} />
        </Link>
      ),
    },
    { key: 'warehouse', title: t('columns.warehouse'), ellipsis: true, render: (_, w) => w.warehouse.name },
    {
      key: 'status',
      title: t('columns.status'),
      width: 130,
      render: (_, w) => <Tag color={waveStatusColors[w.status]}>{t(`status.${w.status}`)}</Tag>,
    },
    { key: 'orders', title: t('columns.orders'), align: 'right', width: 124, render: (_, w) => w.orders },
    {
      key: 'progress',
      title: t('columns.progress'),
      width: 150,
      render: (_, w) => (
        <Progress
          aria-label={t('columns.progress')}
          size="small"
          percent={w.lines ? Math.round((100 * w.linesDone) / w.lines) : 100}
          format={() => `${w.linesDone} / ${w.lines}`}
          // Not antd's green 'success' at 100 %: its text is 2.4:1 on white (axe); the status tag says done.
          status="normal"
        />
      ),
    },
    {
      key: 'units',
      title: t('columns.units'),
      align: 'right',
      width: 110,
      render: (_, w) => `${w.unitsPicked} / ${w.units}`,
    },
    {
      key: 'attention',
      title: t('columns.attention'),
      render: (_, w) => (
        <>
          {w.discrepancies > 0 && (
            <Tag color="error">{t('columns.shortCount', { count: w.discrepancies })}</Tag>
          )}
          {w.toReturn > 0 && <Tag color="warning">{t('columns.returnCount', { count: w.toReturn })}</Tag>}
        </>
      ),
    },
    {
      key: 'created',
      title: t('columns.created'),
      width: 160,
      render: (_, w) => (
        <>
          <Identifier text={formatDate(w.createdAt, 'DD-MM-YY HH:mm')} />
          <div style={{ fontSize: 12, color: '#595959' }}>{w.createdBy}</div>
        </>
      ),
    },
  ]
}
