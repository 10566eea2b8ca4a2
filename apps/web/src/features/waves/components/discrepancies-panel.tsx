import { type Discrepancy, waveCode } from '@expedo/domain'
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDate } from '@/components/date-text'
import { Identifier } from '@/components/table-cells'
import { useDiscrepancies, useResolveDiscrepancy } from '../api/waves-api'

/**
 * Short picks waiting for the operator: confirming one takes the missing units out of the location by a stock
 * adjustment with the reason typed here; dismissing one (the goods were found) changes no stock. Hidden when
 * none waits.
 */
export function DiscrepanciesPanel() {
  const { t } = useTranslation('waves')
  const open = useDiscrepancies('open')
  const resolve = useResolveDiscrepancy()
  const [reasons, setReasons] = useState<Record<string, string>>({})
  const list = open.data?.list ?? []
  if (!list.length) return null
  return (
    <Card size="small" title={t('discrepancies.title', { count: list.length })} style={{ marginBottom: 16 }}>
      <Table<Discrepancy>
        size="small"
        pagination={false}
        rowKey={(d) => d._id}
        dataSource={list}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'wave',
            title: t('columns.number'),
            render: (_, d) => (
              <Link to={`/warehouse/waves/${d.wave._id}`}>
                <Identifier text={waveCode(d.wave.number)} />
              </Link>
            ),
          },
          {
            key: 'location',
            title: t('columns.location'),
            render: (_, d) => <Identifier text={d.location} />,
          },
          { key: 'sku', title: t('columns.sku'), render: (_, d) => `${d.sku} ${d.product}` },
          { key: 'client', title: t('columns.client'), render: (_, d) => d.businessclient },
          {
            key: 'missing',
            title: t('discrepancies.missing'),
            align: 'right',
            render: (_, d) => t('discrepancies.foundOf', { found: d.found, expected: d.expected }),
          },
          {
            key: 'reported',
            title: t('discrepancies.reported'),
            render: (_, d) => `${formatDate(d.reportedAt, 'DD-MM-YY HH:mm')} · ${d.reportedBy}`,
          },
          {
            key: 'actions',
            title: t('discrepancies.actions'),
            render: (_, d) => (
              <Space>
                <Input
                  size="small"
                  aria-label={t('discrepancies.reason')}
                  placeholder={t('discrepancies.reason')}
                  value={reasons[d._id] ?? ''}
                  maxLength={200}
                  onChange={(e) => setReasons((r) => ({ ...r, [d._id]: e.target.value }))}
                  style={{ width: 160 }}
                />
                <Popconfirm
                  title={t('discrepancies.confirmQuestion', {
                    count: d.expected - d.found,
                    location: d.location,
                  })}
                  okText={t('discrepancies.confirm')}
                  cancelText={t('release.cancel')}
                  onConfirm={() =>
                    resolve.mutateAsync({ id: d._id, confirm: true, reason: reasons[d._id] ?? '' })
                  }
                >
                  <Button size="small" danger>
                    {t('discrepancies.confirm')}
                  </Button>
                </Popconfirm>
                <Button
                  size="small"
                  onClick={() => resolve.mutate({ id: d._id, confirm: false, reason: '' })}
                >
                  {t('discrepancies.dismiss')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  )
}
