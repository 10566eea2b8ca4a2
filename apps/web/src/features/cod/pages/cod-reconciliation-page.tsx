import { UploadOutlined } from '@ant-design/icons'
import {
  type CodImportResult,
  type CodMismatch,
  codMismatchKinds,
  codMismatchStatuses,
  TRANSFERS_PAGE_SIZE,
} from '@expedo/domain'
import { Alert, App, Button, Card, DatePicker, Select, Space, Upload } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { Money } from '@/components/money'
import { PageHeader } from '@/components/page-header'
import { defaultPageSizes } from '@/components/page-sizes'
import { errorMessage } from '@/lib/error-message'
import { useUrlState } from '@/lib/use-url-state'
import { useCheckUnpaid, useImportEcont, useMismatches, useUploadPayouts } from '../api/cod-api'
import { ResolveMismatchModal } from '../components/resolve-mismatch-modal'

const pageSizes = defaultPageSizes.filter((s) => s > 0)
const defaults = { status: 'open', kind: '', page: 1, pageSize: TRANSFERS_PAGE_SIZE }

/**
 * /transfers/reconciliation (finance): import Econt's payment report or a courier's payout spreadsheet
 * (the counts of matched and mismatched lines), and the mismatch queue with its resolve actions.
 */
export function CodReconciliationPage() {
  const { t } = useTranslation('cod')
  const { message } = App.useApp()
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { pageSize: pageSizes, status: ['', ...codMismatchStatuses], kind: ['', ...codMismatchKinds] },
  })
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(7, 'day'), dayjs()])
  const [result, setResult] = useState<CodImportResult>()
  const [resolving, setResolving] = useState<CodMismatch>()
  const importEcont = useImportEcont()
  const upload = useUploadPayouts()
  const checkUnpaid = useCheckUnpaid()
  const list = useMismatches({
    status: (state.status || undefined) as CodMismatch['status'] | undefined,
    kind: (state.kind || undefined) as CodMismatch['kind'] | undefined,
    currentPage: state.page,
    itemsPerPage: state.pageSize,
  })
  const imported = (r: CodImportResult) => {
    setResult(r)
    void message.success(t('reconciliation.result', r))
  }
  const failure = importEcont.error ?? upload.error
  const columns: DataTableColumn<CodMismatch>[] = [
    {
      key: 'order',
      title: t('mismatch.order'),
      isCardTitle: true,
      render: (_, m) => (
        <span>
          {m.order ? (
            <Link to={`/orders/${m.order._id}`}>{m.order.clientOrderNr || m.order.internalNumericId}</Link>
          ) : null}
          {m.order && m.trackingId ? ' · ' : ''}
          {m.trackingId}
        </span>
      ),
    },
    { key: 'kind', title: t('mismatch.kind'), width: 150, render: (_, m) => t(`mismatch.kinds.${m.kind}`) },
    {
      key: 'client',
      title: t('mismatch.client'),
      ellipsis: true,
      render: (_, m) => m.businessclient?.name ?? '—',
    },
    {
      key: 'expected',
      title: t('mismatch.expected'),
      align: 'right',
      width: 130,
      render: (_, m) => <Money amount={m.expected} currency={m.currency} />,
    },
    {
      key: 'received',
      title: t('mismatch.received'),
      align: 'right',
      width: 130,
      render: (_, m) => <Money amount={m.received} currency={m.currency} />,
    },
    {
      key: 'status',
      title: t('mismatch.status'),
      width: 170,
      render: (_, m) =>
        m.status === 'open' ? (
          <Button size="small" onClick={() => setResolving(m)}>
            {t('mismatch.actions')}
          </Button>
        ) : (
          <span title={m.reason}>
            {t(`mismatch.statuses.${m.status}`)}
            {m.resolvedBy ? ` (${m.resolvedBy})` : ''}
          </span>
        ),
    },
    { key: 'reason', title: t('mismatch.reason'), ellipsis: true, dataIndex: 'reason' },
  ]
  return (
    <>
      <PageHeader
        title={t('reconciliation.title')}
        backTo="/transfers"
        backLabel={t('reconciliation.back')}
        actions={
          <Button
            loading={checkUnpaid.isPending}
            onClick={async () => {
              const r = await checkUnpaid.mutateAsync()
              void message.success(t('reconciliation.checkUnpaidDone', { count: r.notPaid }))
            }}
          >
            {t('reconciliation.checkUnpaid')}
          </Button>
        }
      />
      <Space wrap align="start" style={{ marginBottom: 16 }}>
        <Card size="small" title={t('reconciliation.econt')}>
          <Space wrap>
            <DatePicker.RangePicker
              aria-label={t('reconciliation.econtRange')}
              value={range}
              allowClear={false}
              format={PICKER_DATE_FORMAT}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
            <Button
              loading={importEcont.isPending}
              onClick={async () =>
                imported(
                  await importEcont.mutateAsync({
                    dateFrom: range[0].format('YYYY-MM-DD'),
                    dateTo: range[1].format('YYYY-MM-DD'),
                  }),
                )
              }
            >
              {t('reconciliation.import')}
            </Button>
          </Space>
        </Card>
        <Card size="small" title={t('reconciliation.upload')}>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(file, { onSuccess: imported })
              return false
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('reconciliation.uploadHint')}
            </Button>
          </Upload>
        </Card>
      </Space>
      {failure && <Alert type="error" showIcon title={errorMessage(failure)} style={{ marginBottom: 12 }} />}
      {result && (
        <Alert
          type="success"
          showIcon
          title={t('reconciliation.result', result)}
          style={{ marginBottom: 12 }}
        />
      )}
      <h3>{t('reconciliation.queue')}</h3>
      <FilterBar onReset={reset} canReset={state.status !== 'open' || state.kind !== ''}>
        <FilterField label={t('mismatch.status')} width={170}>
          <Select
            aria-label={t('mismatch.status')}
            value={state.status}
            onChange={(status: string) => set({ status })}
            options={[
              { value: '', label: t('mismatch.anyStatus') },
              ...codMismatchStatuses.map((s) => ({ value: s, label: t(`mismatch.statuses.${s}`) })),
            ]}
          />
        </FilterField>
        <FilterField label={t('mismatch.kind')} width={200}>
          <Select
            aria-label={t('mismatch.kind')}
            value={state.kind}
            onChange={(kind: string) => set({ kind })}
            options={[
              { value: '', label: t('mismatch.anyKind') },
              ...codMismatchKinds.map((k) => ({ value: k, label: t(`mismatch.kinds.${k}`) })),
            ]}
          />
        </FilterField>
      </FilterBar>
      {list.error ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} />
      ) : (
        <DataTable<CodMismatch>
          aria-label={t('reconciliation.queue')}
          columns={columns}
          rows={list.data?.list ?? []}
          rowKey={(m) => m._id}
          loading={list.isLoading}
          emptyText={t('mismatch.empty')}
          page={state.page}
          pageSize={state.pageSize}
          pageSizeOptions={pageSizes}
          total={list.data?.total ?? 0}
          onPageChange={(page, pageSize) => set({ page, pageSize })}
          fit
        />
      )}
      {resolving && <ResolveMismatchModal mismatch={resolving} onClose={() => setResolving(undefined)} />}
    </>
  )
}
