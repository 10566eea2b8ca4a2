import type { RunningBill } from '@expedo/domain'
import { Alert, Button, Card, Flex, Skeleton, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/components/date-text'
import { Money } from '@/components/money'
import { useServiceText } from '@/components/service-name'
import { errorMessage } from '@/lib/error-message'

type Line = RunningBill['currencies'][number]['lines'][number]

/**
 * The running bill: what this month's not-billed services come to so far, per service name and currency.
 * The drill-down shows those services in the list below.
 */
export function RunningBillCard({
  bill,
  loading,
  error,
  onDrillDown,
}: {
  bill: RunningBill | undefined
  loading: boolean
  error: unknown
  onDrillDown: () => void
}) {
  const { t } = useTranslation('services')
  const service = useServiceText()
  return (
    <Card
      size="small"
      title={t('running.title')}
      style={{ marginBottom: 16 }}
      extra={
        bill && bill.currencies.length > 0 ? (
          <Button type="link" onClick={onDrillDown}>
            {t('running.drillDown')}
          </Button>
        ) : null
      }
    >
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} />
      ) : loading || !bill ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('running.period', {
              from: formatDate(bill.periodStart, 'DD.MM.YYYY'),
              to: formatDate(bill.periodEnd, 'DD.MM.YYYY'),
            })}
          </Typography.Paragraph>
          {bill.currencies.length === 0 ? (
            <Typography.Text>{t('running.empty')}</Typography.Text>
          ) : (
            <Flex gap="middle" wrap>
              {bill.currencies.map((c) => (
                <div key={c.currency} style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Table<Line>
                    size="small"
                    rowKey="name"
                    pagination={false}
                    // Fixed layout: the card fits a phone's width (the name wraps, the numbers keep theirs).
                    tableLayout="fixed"
                    aria-label={`${t('running.title')} ${c.currency}`}
                    dataSource={c.lines}
                    columns={[
                      {
                        key: 'name',
                        title: t('columns.description'),
                        render: (_, l) => service.name(l.name),
                      },
                      {
                        key: 'quantity',
                        title: t('running.quantity'),
                        align: 'right',
                        dataIndex: 'quantity',
                        width: 88,
                      },
                      {
                        key: 'amount',
                        title: t('columns.amount'),
                        align: 'right',
                        width: 118,
                        render: (_, l) => <Money amount={l.amount} currency={c.currency} />,
                      },
                    ]}
                    summary={() => (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0} colSpan={2}>
                          <strong>{t('running.total')}</strong>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          <strong>
                            <Money amount={c.total} currency={c.currency} />
                          </strong>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    )}
                  />
                </div>
              ))}
            </Flex>
          )}
        </>
      )}
    </Card>
  )
}
