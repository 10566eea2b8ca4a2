import { normalizeLocationCode, type PickLine, scanMatchesGoods, type Wave, waveCode } from '@expedo/domain'
import { Alert, Button, Card, Image, Input, Progress, Space, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { NumberInput } from '@/components/number-input'
import { PageHeader } from '@/components/page-header'
import { CameraScanButton } from '@/components/scan/camera-scan'
import { type ScanAnswer, ScanAnswerBox } from '@/components/scan/scan-answer'
import { beep } from '@/components/scan/scan-feedback'
import { useScanBurst } from '@/components/scan/use-scan-burst'
import { usePicking } from '../api/waves-api'
import { pickErrorText } from '../components/pick-error'

type Stage = 'location' | 'product' | 'quantity' | 'short' | 'return'

/**
 * /warehouse/waves/:id/pick: picking on a phone with a hardware scanner (a scan anywhere on the screen) or by
 * typing. The screen walks the picker's claimed lines in pick-path order: scan the location, then the product,
 * then confirm the quantity; a wrong scan is refused at once with colour and sound, checked here before any
 * call (the server checks again), and nothing changes. A line of an order cancelled meanwhile asks for its
 * goods to be put back.
 */
export function PickPage() {
  const { t } = useTranslation('waves')
  const { id = '' } = useParams()
  const picking = usePicking(id)
  const [line, setLine] = useState<PickLine | null>(null)
  const [wave, setWave] = useState<Wave | null>(null)
  const [stage, setStage] = useState<Stage>('location')
  const [feedback, setFeedback] = useState<ScanAnswer>(null)
  const [quantity, setQuantity] = useState(1)
  const [found, setFound] = useState(0)
  const [typed, setTyped] = useState('')
  const [loaded, setLoaded] = useState(false)
  const left = line ? line.quantity - line.picked : 0
  const busy =
    picking.next.isPending || picking.pick.isPending || picking.short.isPending || picking.putBack.isPending

  const say = useCallback((kind: 'ok' | 'error', text: string) => {
    setFeedback({ kind, text })
    beep(kind)
  }, [])

  const loadNext = useCallback(() => {
    picking.next.mutate(undefined, {
      onSuccess: (answer) => {
        setLine(answer.line)
        setWave(answer.wave)
        setStage(answer.line?.status === 'toReturn' ? 'return' : 'location')
        setLoaded(true)
      },
      onError: (error) => say('error', pickErrorText(error)),
    })
  }, [say, picking.next.mutate])

  useEffect(() => {
    loadNext()
  }, [loadNext])

  const afterWrite = (text: string) => ({
    onSuccess: (answer: { wave: Wave }) => {
      setWave(answer.wave)
      say('ok', text)
      loadNext()
    },
    onError: (error: unknown) => say('error', pickErrorText(error)),
  })

  const pick = (n: number) => {
    if (!line?.location) return
    picking.pick.mutate(
      {
        lineId: line._id,
        body: { location: line.location.code, barcode: line.barcode || line.sku, quantity: n },
      },
      afterWrite(t('pick.picked', { quantity: n, sku: line.sku })),
    )
  }

  const accept = (raw: string) => {
    const text = raw.trim()
    if (!text || !line || busy) return
    setTyped('')
    if (stage === 'return') {
      picking.putBack.mutate(
        { lineId: line._id, location: text },
        afterWrite(t('pick.returned', { code: normalizeLocationCode(text) })),
      )
      return
    }
    if (stage === 'location') {
      if (!line.location) return say('error', t('pick.noLocation'))
      const code = normalizeLocationCode(text)
      if (code !== line.location.code)
        return say('error', t('pick.wrongLocation', { scanned: code, expected: line.location.code }))
      setStage('product')
      return say('ok', t('pick.locationOk', { code }))
    }
    if (stage === 'product' || stage === 'quantity') {
      if (!scanMatchesGoods(text, line))
        return say('error', t('pick.wrongProduct', { scanned: text, sku: line.sku }))
      if (stage === 'quantity') {
        // Each further scan of the goods counts one more.
        if (quantity < left) setQuantity(quantity + 1)
        else say('error', t('pick.allScanned', { count: left }))
        return
      }
      if (left === 1) return pick(1)
      setQuantity(1)
      setStage('quantity')
      return say('ok', t('pick.productOk', { sku: line.sku }))
    }
  }
  useScanBurst(accept)

  const reportShort = () => {
    if (!line) return
    picking.short.mutate(
      { lineId: line._id, body: { location: line.location?.code ?? '—', found } },
      afterWrite(t('pick.shortDone', { missing: left - found, sku: line.sku })),
    )
  }

  const prompt = {
    location: t('pick.scanLocation'),
    product: t('pick.scanProduct'),
    quantity: t('pick.confirmQuantity'),
    short: t('pick.foundPrompt'),
    return: t('pick.scanReturn'),
  }[stage]
  const code = wave ? waveCode(wave.number) : ''

  return (
    <div style={{ maxWidth: 520 }}>
      <PageHeader
        title={t('pick.title', { code })}
        backTo={`/warehouse/waves/${id}`}
        backLabel={t('pick.back')}
      />
      <Space direction="vertical" style={{ width: '100%' }}>
        {wave && (
          <Progress
            aria-label={t('columns.progress')}
            percent={wave.lines ? Math.round((100 * wave.linesDone) / wave.lines) : 100}
            format={() => t('pick.progress', { done: wave.linesDone, total: wave.lines })}
            // Not antd's green 'success' at 100 %: its text is 2.4:1 on white (axe); the status tag says done.
            status="normal"
          />
        )}
        <ScanAnswerBox answer={feedback} testId="pick-feedback" />
        {loaded && !line && (
          <Alert
            type="success"
            showIcon
            message={t('pick.done')}
            action={<Link to={`/warehouse/waves/${id}`}>{t('pick.back')}</Link>}
          />
        )}
        {line && (
          <Card size="small" data-testid="pick-line">
            {line.status === 'toReturn' && (
              <Alert
                type="warning"
                showIcon
                message={t('pick.canceledOrder', { slot: line.order.slot })}
                style={{ marginBottom: 8 }}
              />
            )}
            <Typography.Text type="secondary">
              {line.status === 'toReturn' ? t('pick.returnWhat') : t('pick.goTo')}
            </Typography.Text>
            <div data-testid="pick-location" style={{ fontSize: 32, fontWeight: 700, letterSpacing: 1 }}>
              {line.status === 'toReturn'
                ? t('pick.anyStorage')
                : (line.location?.code ?? t('detail.noLocation'))}
            </div>
            <Space align="start" style={{ marginTop: 8 }}>
              {line.product?.photo && <Image src={line.product.photo} width={72} height={72} alt="" />}
              <div>
                <div style={{ fontSize: 18, fontWeight: 600 }}>{line.sku}</div>
                <div>{line.product?.name}</div>
                <Typography.Text type="secondary">{line.barcode}</Typography.Text>
              </div>
            </Space>
            <div data-testid="pick-take" style={{ fontSize: 20, marginTop: 8 }}>
              {line.status === 'toReturn'
                ? t('pick.putBack', { quantity: line.picked, sku: line.sku })
                : t('pick.take', { quantity: left, slot: line.order.slot })}
            </div>
          </Card>
        )}
        {line && (
          <>
            <Typography.Text strong data-testid="pick-prompt">
              {prompt}
            </Typography.Text>
            {stage === 'quantity' && (
              <Space.Compact style={{ width: '100%' }}>
                <NumberInput
                  aria-label={t('pick.quantity')}
                  min={1}
                  max={left}
                  precision={0}
                  value={quantity}
                  onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)}
                  onPressEnter={() => pick(quantity)}
                  style={{ width: '100%' }}
                />
                <Button type="primary" loading={busy} onClick={() => pick(quantity)}>
                  {t('pick.confirm', { count: quantity })}
                </Button>
              </Space.Compact>
            )}
            {stage === 'short' ? (
              <Space.Compact style={{ width: '100%' }}>
                <NumberInput
                  aria-label={t('pick.found')}
                  min={0}
                  max={Math.max(0, left - 1)}
                  precision={0}
                  value={found}
                  onChange={(v) => setFound(typeof v === 'number' ? v : 0)}
                  style={{ width: '100%' }}
                />
                <Button danger loading={busy} onClick={reportShort}>
                  {t('pick.reportShort')}
                </Button>
              </Space.Compact>
            ) : (
              <Input
                aria-label={t('pick.manual')}
                placeholder={t('pick.manual')}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                onPressEnter={() => accept(typed)}
                disabled={stage === 'quantity'}
              />
            )}
            {stage !== 'short' && stage !== 'quantity' && <CameraScanButton onScan={accept} />}
            {line.status === 'open' && stage !== 'short' && (stage !== 'location' || !line.location) && (
              <Button
                danger
                onClick={() => {
                  setFound(0)
                  setStage('short')
                }}
              >
                {t('pick.notAllThere')}
              </Button>
            )}
          </>
        )}
      </Space>
    </div>
  )
}
