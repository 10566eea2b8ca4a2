import type { MoveAnswer } from '@expedo/domain'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  InputNumber,
  List,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { CameraScanButton } from '@/components/scan/camera-scan'
import { beep } from '@/components/scan/scan-feedback'
import { useScanBurst } from '@/components/scan/use-scan-burst'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useLocationScan, useMoveStock, usePutaway, usePutawaySuggestion } from '../api/locations-api'
import { scanErrorText } from '../components/scan-error'

type Step = 'from' | 'product' | 'to' | 'quantity'
const stepsOf = {
  putaway: ['product', 'to', 'quantity'],
  move: ['from', 'product', 'to', 'quantity'],
  contents: ['from'],
} as const
const empty = { from: '', product: '', to: '', quantity: '' }

/**
 * /warehouse/floor: putaway (from receiving) and moves by scanning, made for a phone with a hardware scanner:
 * one step at a time, each scan answered at once with colour and sound. A scan anywhere on the screen fills
 * the current step; typing by hand works too (Enter goes on).
 */
export function FloorScanPage() {
  const { t } = useTranslation('locations')
  const { state, set } = useUrlState(
    { warehouse: '', mode: 'putaway' },
    { allowed: { mode: ['putaway', 'move', 'contents'] } },
  )
  const warehouses = useWarehouses()
  const warehouse = state.warehouse || warehouses.data?.[0]?._id || ''
  const mode = state.mode as keyof typeof stepsOf
  const steps = stepsOf[mode] as readonly Step[]
  const [scans, setScans] = useState(empty)
  const [step, setStep] = useState<Step>(steps[0]!)
  const [result, setResult] = useState<{ ok: MoveAnswer } | { error: string } | null>(null)
  const from = useLocationScan(warehouse, scans.from)
  const suggestion = usePutawaySuggestion(mode === 'putaway' ? warehouse : '', scans.product)
  const move = useMoveStock()
  const putaway = usePutaway()

  const restart = () => {
    setScans(empty)
    setStep(steps[0]!)
  }
  useEffect(() => {
    setScans(empty)
    setStep(stepsOf[mode][0])
    setResult(null)
  }, [mode])
  useEffect(() => {
    if (from.error || suggestion.error) {
      setResult({ error: scanErrorText(from.error ?? suggestion.error) })
      beep('error')
      setStep(from.error ? 'from' : 'product')
    }
  }, [from.error, suggestion.error])

  const submit = (quantity: number) => {
    const done = {
      onSuccess: (ok: MoveAnswer) => {
        setResult({ ok })
        beep('ok')
        restart()
      },
      onError: (error: unknown) => {
        setResult({ error: scanErrorText(error) })
        beep('error')
      },
    }
    const scanned = { warehouse, barcode: scans.product, to: scans.to, quantity }
    if (mode === 'putaway') putaway.mutate(scanned, done)
    else if (mode === 'move') move.mutate({ ...scanned, from: scans.from }, done)
  }

  const accept = (raw: string) => {
    const text = raw.trim()
    if (!text) return
    if (step === 'quantity') {
      const n = Number(text)
      if (Number.isInteger(n) && n > 0) submit(n)
      return
    }
    setResult(null)
    setScans((s) => ({ ...s, [step]: step === 'product' ? text : text.toUpperCase() }))
    const next = steps[steps.indexOf(step) + 1]
    if (next) setStep(next)
  }
  useScanBurst(accept)

  const suggested = suggestion.data?.location?.code
  const prompt = {
    from: mode === 'contents' ? t('scan.prompt.contents') : t('scan.prompt.from'),
    product: t('scan.prompt.product'),
    to: t('scan.prompt.to'),
    quantity: t('scan.prompt.quantity'),
  }[step]

  return (
    <div style={{ maxWidth: 480 }}>
      <PageHeader title={t('scan.title')} backTo={`/warehouse/locations?warehouse=${warehouse}`} />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label={t('list.warehouse')}
          value={warehouse || undefined}
          onChange={(value: string) => set({ warehouse: value })}
          options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          style={{ width: '100%' }}
        />
        <Segmented
          block
          value={mode}
          onChange={(value) => set({ mode: value as string })}
          options={[
            { value: 'putaway', label: t('scan.putaway') },
            { value: 'move', label: t('scan.move') },
            { value: 'contents', label: t('scan.contents') },
          ]}
        />
        {result && 'ok' in result && (
          <Alert
            type="success"
            showIcon
            data-testid="scan-result"
            message={t('scan.done', {
              quantity: result.ok.quantity,
              sku: result.ok.sku,
              from: result.ok.from.code,
              to: result.ok.to.code,
              left: result.ok.from.quantity,
            })}
          />
        )}
        {result && 'error' in result && (
          <Alert type="error" showIcon data-testid="scan-result" message={result.error} />
        )}
        {mode === 'contents' && from.data && (
          <Card size="small" title={from.data.location.code} data-testid="location-contents">
            {from.data.list.length ? (
              <List
                size="small"
                dataSource={from.data.list}
                rowKey={(line) => line.inventoryCard}
                renderItem={(line) => (
                  <List.Item extra={<strong>{line.quantity}</strong>}>
                    <List.Item.Meta
                      title={line.sku}
                      description={line.product?.name ?? line.businessclient.name}
                    />
                  </List.Item>
                )}
              />
            ) : (
              t('scan.emptyLocation')
            )}
          </Card>
        )}
        <Card size="small" hidden={mode === 'contents'}>
          <Descriptions column={1} size="small">
            {mode === 'move' && (
              <Descriptions.Item label={t('scan.from')}>
                {scans.from}
                {from.data && ` · ${t('scan.holds', { count: from.data.list.length })}`}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('scan.product')}>
              {scans.product}
              {suggestion.data &&
                ` · ${suggestion.data.sku} (${t('scan.atReceiving', { count: suggestion.data.atReceiving })})`}
            </Descriptions.Item>
            <Descriptions.Item label={t('scan.to')}>{scans.to}</Descriptions.Item>
          </Descriptions>
          {mode === 'putaway' && step === 'to' && suggestion.data && (
            <Typography.Paragraph data-testid="putaway-suggestion">
              {suggested
                ? t(suggestion.data.reason === 'sameSku' ? 'scan.suggestSame' : 'scan.suggestEmpty', {
                    code: suggested,
                  })
                : t('scan.suggestNone')}{' '}
              {suggested && (
                <Button size="small" onClick={() => accept(suggested)}>
                  {t('scan.useSuggestion')}
                </Button>
              )}
            </Typography.Paragraph>
          )}
        </Card>
        <Typography.Text strong>{prompt}</Typography.Text>
        {step === 'quantity' ? (
          <InputNumber
            key="quantity"
            autoFocus
            aria-label={prompt}
            min={1}
            size="large"
            style={{ width: '100%' }}
            defaultValue={mode === 'putaway' ? suggestion.data?.atReceiving || 1 : 1}
            onPressEnter={(e) => accept((e.target as HTMLInputElement).value)}
          />
        ) : (
          <Input
            key={`${mode}-${step}`}
            autoFocus
            aria-label={prompt}
            size="large"
            autoComplete="off"
            onPressEnter={(e) => {
              accept(e.currentTarget.value)
              e.currentTarget.value = ''
            }}
          />
        )}
        {step !== 'quantity' && <CameraScanButton onScan={accept} />}
        <Button onClick={restart} block>
          {t('scan.restart')}
        </Button>
      </Space>
    </div>
  )
}
