import {
  type CostCalculatorVariant,
  calculateCosts,
  costCalculatorConstants,
  isCalculatorOrders,
  MAX_CALCULATOR_ORDERS,
} from '@expedo/domain'
import { Alert, Card, Flex, Form, Segmented } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { formatAmount } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { useMyCosts } from '../api/use-my-costs'
import { CostResults } from '../components/cost-results'

const paths: Record<CostCalculatorVariant, string> = { cz: '/costcalculator', ro: '/costcalculator/ro' }

/**
 * The storage-cost calculator (spec part 2 §2, §9): orders per month (in the URL) → own staff, material and
 * rent costs against the provider's offer. Computed in the browser by the domain's rules; a signed-in client
 * gets its own last-30-days orders as the starting number and its actual cost per order beside it.
 */
function CostCalculator({ variant }: { variant: CostCalculatorVariant }) {
  const { t, i18n } = useTranslation('costcalculator')
  const navigate = useNavigate()
  const c = costCalculatorConstants[variant]
  const { isAuthenticated } = useSession()
  const mine = useMyCosts(isAuthenticated)
  const [params, setParams] = useSearchParams()
  const [costPerEmployee, setCostPerEmployee] = useState<number | null>(Number(c.costPerEmployee))
  // What the user typed is the field's own state: the URL follows it, but a router navigation renders a
  // moment later, and a field fed from the URL would be reset to the query before the last keystrokes
  // (typing "1000" quickly left "100"). The URL (and the prefill) count until the user types.
  const [typed, setTyped] = useState<number | null>()
  const fromUrl = params.get('orders')
  const prefill = mine.data && mine.data.orders > 0 ? mine.data.orders : c.defaultOrders
  const orders = typed !== undefined ? (typed ?? Number.NaN) : fromUrl === null ? prefill : Number(fromUrl)
  const valid = isCalculatorOrders(orders) && costPerEmployee !== null && costPerEmployee >= 0
  const result = valid ? calculateCosts(variant, orders, costPerEmployee.toFixed(2)) : null
  const actual = (mine.data?.costs ?? []).filter((x) => x.perOrder !== null)
  const matching = actual.filter((x) => x.currency === c.currency)
  const shown = matching.length ? matching : actual
  const handleOrders = (value: number | null) => {
    setTyped(value)
    setParams(
      (p) => {
        p.set('orders', value === null ? '' : String(value))
        return p
      },
      { replace: true },
    )
  }
  const materialLabel = variant === 'cz' ? t('results.material') : t('results.consumables')
  return (
    <>
      <PageHeader
        title={variant === 'cz' ? t('title') : t('titleRo')}
        subtitle={t('subtitle', { currency: c.currency })}
        actions={
          <Segmented
            aria-label={t('variant')}
            value={variant}
            onChange={(v) => navigate(paths[v as CostCalculatorVariant])}
            options={[
              { value: 'cz', label: t('variantCz') },
              { value: 'ro', label: t('variantRo') },
            ]}
          />
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex wrap gap="large" align="flex-start">
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('orders')}
              htmlFor="orders"
              validateStatus={isCalculatorOrders(orders) ? '' : 'error'}
              help={isCalculatorOrders(orders) ? undefined : t('ordersInvalid')}
            >
              <NumberInput
                id="orders"
                min={1}
                max={MAX_CALCULATOR_ORDERS}
                precision={0}
                value={Number.isFinite(orders) ? orders : null}
                onChange={handleOrders}
                style={{ width: 180 }}
              />
            </Form.Item>
          </Form>
          <Form layout="vertical" component="div">
            <Form.Item label={t('costPerEmployee', { currency: c.currency })} htmlFor="costPerEmployee">
              <NumberInput
                id="costPerEmployee"
                min={0}
                precision={2}
                value={costPerEmployee}
                onChange={setCostPerEmployee}
                style={{ width: 180 }}
              />
            </Form.Item>
          </Form>
          {shown.length > 0 &&
            shown.map((x) => (
              <Alert
                key={x.currency}
                type="success"
                showIcon
                title={t('actual', {
                  amount: `${formatAmount(x.perOrder, i18n.language || 'cs')} ${x.currency}`,
                  n: x.shippedOrders,
                })}
              />
            ))}
          {mine.data && mine.data.orders > 0 && (
            <Alert type="info" title={t('prefilled', { n: mine.data.orders })} />
          )}
        </Flex>
      </Card>
      {result && <CostResults result={result} currency={c.currency} materialLabel={materialLabel} />}
    </>
  )
}

export function CostCalculatorPage() {
  return <CostCalculator variant="cz" />
}

export function CostCalculatorRoPage() {
  return <CostCalculator variant="ro" />
}
