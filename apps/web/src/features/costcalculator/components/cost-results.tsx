import type { CostCalculation } from '@expedo/domain'
import { Alert, Button, Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatAmount } from '@/components/money'

export interface CostResultsProps {
  result: CostCalculation
  currency: string
  /** Material (CZ) or consumables (RO). */
  materialLabel: string
}

/** The own costs beside the provider's offer; 'individual' (no comparison) with a contact call to action. */
export function CostResults({ result, currency, materialLabel }: CostResultsProps) {
  const { t, i18n } = useTranslation('costcalculator')
  const navigate = useNavigate()
  const locale = i18n.language || 'cs'
  const money = (amount: string) => `${formatAmount(amount, locale)} ${currency}`
  const own: [string, string][] = [
    [t('results.staff', { n: result.employees }), money(result.staffCost)],
    [materialLabel, money(result.materialCost)],
    [t('results.rent'), money(result.rent)],
    [t('results.ownMonthly'), money(result.ownMonthlyCost)],
  ]
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('results.ownTitle')}>
          <dl style={{ margin: 0 }} aria-label={t('results.ownTitle')}>
            {own.map(([label, value]) => (
              <div key={label} style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 0' }}>
                <dt>{label}</dt>
                <dd style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }}>{value}</dd>
              </div>
            ))}
          </dl>
          <Statistic title={t('results.ownPerOrder')} value={money(result.ownCostPerOrder)} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('results.offerTitle')}>
          {result.offerPerOrder === null ? (
            <Alert
              type="info"
              showIcon
              title={t('results.individual')}
              description={t('results.individualText')}
              action={
                <Button type="primary" onClick={() => navigate('/signup')}>
                  {t('results.contact')}
                </Button>
              }
            />
          ) : (
            <Row gutter={[16, 16]}>
              <Col xs={24} sm={8}>
                <Statistic title={t('results.offerPerOrder')} value={money(result.offerPerOrder)} />
              </Col>
              <Col xs={24} sm={8}>
                <Statistic title={t('results.savingPerOrder')} value={money(result.savingPerOrder ?? '0')} />
              </Col>
              <Col xs={24} sm={8}>
                <Statistic title={t('results.savingPerMonth')} value={money(result.savingPerMonth ?? '0')} />
              </Col>
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  )
}
