import type { InvoiceReport } from '@expedo/domain'
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCountryName } from '@/components/country-select'
import { DateRangeFilter } from '@/components/date-range-filter'
import { FilterBar } from '@/components/filter-bar'
import { Money } from '@/components/money'
import { PageHeader } from '@/components/page-header'
import { lazyComponent } from '@/lib/lazy-component'
import { useUrlState } from '@/lib/use-url-state'
import { useInvoiceReport } from '../api/use-invoice-report'

const ISO_DAY = 'YYYY-MM-DD'
/** The default period: the current month and the eleven before it. */
const defaults = {
  from: dayjs().subtract(11, 'month').startOf('month').format(ISO_DAY),
  to: dayjs().format(ISO_DAY),
}
/** ECharts in its own chunk, loaded when the report has something to draw (never in the first load). */
const InvoicesChart = lazyComponent(() => import('../components/invoices-chart').then((m) => m.InvoicesChart))

type Group = InvoiceReport['list'][number]
const LISTED = 3

/**
 * /reports/invoices — issued invoices by month, year and customer country: count, currencies (joined with
 * commas), totals per currency and the documents; the credit note summary; a chart of totals by month.
 */
export function InvoicesReportPage() {
  const { t } = useTranslation('reports')
  const { state, set, reset } = useUrlState(defaults)
  const report = useInvoiceReport({ dateFrom: state.from, dateTo: state.to })
  const data = report.data
  return (
    <>
      <PageHeader title={t('invoices.title')} subtitle={t('invoices.subtitle')} />
      <FilterBar onReset={reset} canReset={state.from !== defaults.from || state.to !== defaults.to}>
        <DateRangeFilter
          labels={{ from: t('invoices.from'), to: t('invoices.to') }}
          from={state.from}
          to={state.to}
          onChange={set}
        />
      </FilterBar>
      {report.isLoading || !data ? (
        <Skeleton active />
      ) : data.list.length === 0 ? (
        <Empty description={t('invoices.empty')} />
      ) : (
        <Flex vertical gap="middle" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Card size="small" title={t('invoices.chart')}>
            <InvoicesChart report={data} label={(currency) => t('invoices.chartLabel', { currency })} />
          </Card>
          <GroupsTable list={data.list} />
          <Card size="small" title={t('invoices.creditNotes')}>
            <Typography.Text>
              {t('invoices.creditNoteCount', { count: data.creditNotes.count })}
            </Typography.Text>
            {data.creditNotes.totals.map((total) => (
              <div key={total.currency}>
                <Money amount={total.BRUTTO_total} currency={total.currency} />
              </div>
            ))}
          </Card>
        </Flex>
      )}
    </>
  )
}

function GroupsTable({ list }: { list: Group[] }) {
  const { t } = useTranslation('reports')
  const countryName = useCountryName()
  return (
    <Table<Group>
      size="small"
      pagination={false}
      rowKey={(g) => `${g._id.year}-${g._id.month}-${g._id.country}`}
      dataSource={list}
      // Fixed layout: the columns share the width (1280 px with the menu open) instead of scrolling.
      tableLayout="fixed"
      columns={[
        {
          title: t('invoices.month'),
          key: 'month',
          width: 90,
          render: (_, g) => `${String(g._id.month).padStart(2, '0')}/${g._id.year}`,
        },
        { title: t('invoices.country'), key: 'country', render: (_, g) => countryName(g._id.country) },
        { title: t('invoices.count'), dataIndex: 'count', align: 'right', width: 90 },
        { title: t('invoices.currencies'), key: 'currency', render: (_, g) => g.currency.join(', ') },
        {
          title: t('invoices.totals'),
          key: 'totals',
          align: 'right',
          width: '34%',
          render: (_, g) =>
            g.totals.map((total) => (
              <div key={total.currency}>
                <Money amount={total.BRUTTO_total} currency={total.currency} />
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  ({t('invoices.netto')} <Money amount={total.NETTO_total} />, {t('invoices.vat')}{' '}
                  <Money amount={total.VAT_total} />)
                </Typography.Text>
              </div>
            )),
        },
        {
          title: t('invoices.documents'),
          key: 'list',
          render: (_, g) => (
            <span>
              {g.list.slice(0, LISTED).map((doc, i) => (
                <span key={doc._id}>
                  {i > 0 && ', '}
                  <Link to={`/invoices/${doc._id}`}>{doc.sequenceNumber}</Link>
                </span>
              ))}
              {g.count > LISTED && ` ${t('invoices.more', { count: g.count - LISTED })}`}
            </span>
          ),
        },
      ]}
    />
  )
}
