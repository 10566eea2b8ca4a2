import { DASHBOARD_DAYS, type Dashboard as DashboardData } from '@expedo/domain'
import { Alert, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd'
import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCountryName } from '@/components/country-select'
import { formatDate } from '@/components/date-text'
import { Money } from '@/components/money'
import { lazyComponent } from '@/lib/lazy-component'
import { useDashboard } from '../api/use-dashboard'
import { dashboardLinks } from './dashboard-links'

/** ECharts in its own chunk, loaded once the dashboard has data. */
const OrdersPerDayChart = lazyComponent(() => import('./dashboard-charts').then((m) => m.OrdersPerDayChart))

const windowDays = () =>
  Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    dayjs()
      .subtract(DASHBOARD_DAYS - 1 - i, 'day')
      .format('YYYY-MM-DD'),
  )

function Tile({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string
  to: string
  linkLabel: string
  children: ReactNode
}) {
  return (
    <Card
      size="small"
      title={title}
      extra={<Link to={to}>{linkLabel}</Link>}
      // A title reads in full on two lines rather than cut on one (Czech titles are long at a third of 1280 px).
      styles={{ title: { whiteSpace: 'normal' } }}
      style={{ height: '100%' }}
      role="region"
      aria-label={title}
    >
      {children}
    </Card>
  )
}

/** A short list of label — value lines (antd's List is deprecated). */
function Lines<T>({
  items,
  render,
  empty,
}: {
  items: readonly T[]
  render: (item: T) => [ReactNode, ReactNode]
  empty?: string
}) {
  if (items.length === 0) return empty ? <Typography.Text type="secondary">{empty}</Typography.Text> : null
  return (
    <div>
      {items.map((item, i) => {
        const [label, value] = render(item)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
          <div key={i} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '4px 0' }}>
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
            <span style={{ flex: 'none' }}>{value}</span>
          </div>
        )
      })}
    </div>
  )
}

/**
 * The home dashboard: orders per day by status, orders waiting, stock alerts, this month's unbilled services
 * (staff: per client; a client: its running bill), finance's bills to issue by their deadline and COD waiting;
 * each tile opens the filtered list.
 */
export function Dashboard() {
  const { t, i18n } = useTranslation(['dashboard', 'orders'])
  const countryName = useCountryName()
  const dashboard = useDashboard()
  // No paragraph: its lines are a list, and the menu tiles below are the page's one list.
  if (dashboard.isLoading) return <Skeleton active title paragraph={false} />
  if (dashboard.isError || !dashboard.data)
    return <Alert type="error" showIcon title={t('dashboard:failed')} />
  const d: DashboardData = dashboard.data
  const statusLabel = (status: string) => t(`orders:status.${status}` as 'orders:status.New')
  const open = t('dashboard:open')
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Tile
          title={t('dashboard:perDay.title', { count: DASHBOARD_DAYS })}
          to={dashboardLinks.window()}
          linkLabel={open}
        >
          {d.ordersPerDay.length === 0 ? (
            <Empty description={t('dashboard:perDay.empty')} />
          ) : (
            <OrdersPerDayChart
              days={windowDays()}
              rows={d.ordersPerDay}
              statusLabel={statusLabel}
              label={t('dashboard:perDay.label', { count: DASHBOARD_DAYS })}
            />
          )}
        </Tile>
      </Col>
      <Col xs={24} xl={8}>
        <Tile title={t('dashboard:waiting.title')} to={dashboardLinks.status('New')} linkLabel={open}>
          {d.waiting.length === 0 ? (
            <Empty description={t('dashboard:waiting.empty')} />
          ) : (
            <Lines
              items={d.waiting}
              render={(w) => [
                <Link key="l" to={dashboardLinks.status(w.status)}>
                  {statusLabel(w.status)}
                </Link>,
                <Typography.Text key="v" strong>
                  {w.count}
                </Typography.Text>,
              ]}
            />
          )}
        </Tile>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Tile title={t('dashboard:alerts.title')} to={dashboardLinks.noGoods()} linkLabel={open}>
          <Statistic
            value={d.stockAlerts.total}
            suffix={t('dashboard:alerts.products', { count: d.stockAlerts.total })}
          />
          <Lines
            items={d.stockAlerts.products}
            empty={t('dashboard:alerts.empty')}
            render={(p) => [
              <Link key="l" to={dashboardLinks.noGoods(p.product)}>
                {p.sku} · {p.name}
              </Link>,
              t('dashboard:alerts.waiting', { count: p.orders }),
            ]}
          />
        </Tile>
      </Col>
      {d.unbilled && (
        <Col xs={24} md={12} xl={8}>
          <Tile
            title={t('dashboard:unbilled.title', { month: d.unbilled.month })}
            to={dashboardLinks.unbilled()}
            linkLabel={open}
          >
            {d.unbilled.totals.length === 0 ? (
              <Empty description={t('dashboard:unbilled.empty')} />
            ) : (
              <Flex vertical gap={8}>
                {d.unbilled.totals.map((total) => (
                  <Typography.Text key={total.currency} strong style={{ fontSize: 20 }}>
                    <Money amount={total.amount} currency={total.currency} />
                  </Typography.Text>
                ))}
                <Lines
                  items={d.unbilled.clients}
                  render={(c) => [
                    c.businessclient.name,
                    <Money key="v" amount={c.amount} currency={c.currency} />,
                  ]}
                />
              </Flex>
            )}
          </Tile>
        </Col>
      )}
      {d.billsToIssue && (
        <Col xs={24} md={12} xl={8}>
          <Tile title={t('dashboard:billsToIssue.title')} to={dashboardLinks.bills()} linkLabel={open}>
            <Statistic
              value={d.billsToIssue.count}
              suffix={t('dashboard:billsToIssue.bills', { count: d.billsToIssue.count })}
            />
            {d.billsToIssue.count === 0 ? (
              <Typography.Text type="secondary">{t('dashboard:billsToIssue.empty')}</Typography.Text>
            ) : (
              <Flex vertical gap={4}>
                {d.billsToIssue.overdue > 0 && (
                  <Typography.Text type="danger" strong>
                    {t('dashboard:billsToIssue.overdue', { count: d.billsToIssue.overdue })}
                  </Typography.Text>
                )}
                {d.billsToIssue.soon > 0 && (
                  <Typography.Text type="warning">
                    {t('dashboard:billsToIssue.soon', { count: d.billsToIssue.soon })}
                  </Typography.Text>
                )}
                {d.billsToIssue.issueBy && (
                  <Typography.Text>
                    {t('dashboard:billsToIssue.issueBy', {
                      date: formatDate(d.billsToIssue.issueBy, 'DD.MM.YYYY'),
                    })}
                  </Typography.Text>
                )}
              </Flex>
            )}
          </Tile>
        </Col>
      )}
      <Col xs={24} md={12} xl={8}>
        <Tile title={t('dashboard:cod.title')} to={dashboardLinks.codWaiting()} linkLabel={open}>
          <Statistic
            value={d.codWaiting.count}
            suffix={t('dashboard:cod.orders', { count: d.codWaiting.count })}
          />
          <Lines
            items={d.codWaiting.countries}
            empty={t('dashboard:cod.empty')}
            render={(c) => [`${countryName(c.country)} (${c.count})`, <Money key="v" amount={c.amount} />]}
          />
        </Tile>
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary" data-testid="dashboard-computed">
          {t('dashboard:computedAt', { time: new Date(d.computedAt).toLocaleTimeString(i18n.language) })}
        </Typography.Text>
      </Col>
    </Row>
  )
}
