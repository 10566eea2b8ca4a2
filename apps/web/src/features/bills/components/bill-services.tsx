import { type BillService, endpoints } from '@expedo/domain'
import { Card, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { ExportButton, type ExportResult } from '@/components/export-button'
import { Money } from '@/components/money'
import { useServiceText } from '@/components/service-name'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { useBillServices } from '../api/bills-api'

const PAGE = 10

/** The bill's services: the summary per service name with the grand total, the list, and the export popup. */
export function BillServices({ billId, fileName }: { billId: string; fileName: string }) {
  const { t } = useTranslation('bills')
  const [page, setPage] = useState(1)
  const services = useBillServices(billId, page, PAGE)
  const summary = services.data?.foundServices[0]
  const { name } = useServiceText()
  const exportServices = async (signal: AbortSignal): Promise<ExportResult> => {
    try {
      return await fetchFile(
        endpoints.bills.exportServices,
        { params: { id: billId }, body: {} },
        signal,
        fileName,
      )
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) return { empty: true }
      throw e
    }
  }
  return (
    <Card
      title={t('services.title')}
      size="small"
      extra={<ExportButton onExport={exportServices}>{t('services.export')}</ExportButton>}
    >
      <Typography.Title level={5}>{t('services.summary')}</Typography.Title>
      <Table
        size="small"
        rowKey={(r) => r.service_details.name}
        pagination={false}
        loading={services.isLoading}
        dataSource={summary?.services ?? []}
        locale={{ emptyText: t('services.empty') }}
        columns={[
          { key: 'service', title: t('services.service'), render: (_, r) => name(r.service_details.name) },
          { key: 'quantity', title: t('services.quantity'), align: 'right', dataIndex: 'quantity' },
          {
            key: 'total',
            title: t('services.total'),
            align: 'right',
            render: (_, r) => <Money amount={r.total} />,
          },
        ]}
        summary={() =>
          summary ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('services.grandTotal')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>
                  <Money amount={summary.grandTotal} />
                </strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Table<BillService>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="_id"
        scroll={{ x: 'max-content' }}
        dataSource={services.data?.list ?? []}
        locale={{ emptyText: t('services.empty') }}
        pagination={
          (services.data?.total ?? 0) > PAGE
            ? {
                current: page,
                pageSize: PAGE,
                total: services.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        columns={[
          {
            key: 'date',
            title: t('services.date'),
            render: (_, s) => <DateText value={s.serviceDate} format="DD.MM.YYYY" />,
          },
          { key: 'service', title: t('services.service'), render: (_, s) => name(s.serviceType.name) },
          { key: 'ref', title: t('services.reference'), dataIndex: 'triggerRef' },
          { key: 'quantity', title: t('services.quantity'), align: 'right', dataIndex: 'quantity' },
          {
            key: 'amount',
            title: t('services.amount'),
            align: 'right',
            render: (_, s) => <Money amount={s.amount} />,
          },
        ]}
      />
    </Card>
  )
}
