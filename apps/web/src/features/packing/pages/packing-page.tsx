import { packedExactly, parsePackingCode } from '@expedo/domain'
import { Alert, Button, Popconfirm, Space, Spin } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { type ScanAnswer, ScanAnswerBox } from '@/components/scan/scan-answer'
import { beep } from '@/components/scan/scan-feedback'
import { useScanBurst } from '@/components/scan/use-scan-burst'
import { usePacking, usePackingSession } from '../api/packing-api'
import { OrderHeader } from '../components/order-header'
import { PackForm } from '../components/pack-form'
import { PackedResult } from '../components/packed-result'
import { packingErrorText } from '../components/packing-error'
import { PackingLines } from '../components/packing-lines'
import { ScanField } from '../components/scan-field'
import { useItemScan } from '../components/use-item-scan'

/** What a USB scale types: whole grams (and maybe a unit), never as long as a product's barcode. */
const SCALE_READING = /^(\d{1,7})\s*g?$/i

/**
 * /warehouse/packing: the packing station. Scan an order's packing slip or tote to open it (its id goes into
 * the URL, so a reload resumes it), then every item into the box: each scan is answered at once, a wrong
 * item or one too many refused with colour and sound and nothing sent. When all is in: weight (typed or from
 * a USB scale), parcels, Packed; then the packing slip and the next order.
 */
export function PackingPage() {
  const { t } = useTranslation('packing')
  const [params, setParams] = useSearchParams()
  const id = params.get('order') ?? ''
  const detail = usePackingSession(id)
  const packing = usePacking()
  const [feedback, setFeedback] = useState<ScanAnswer>(null)
  const [last, setLast] = useState<number | null>(null)
  const [weight, setWeight] = useState<number | null>(null)
  const [parcels, setParcels] = useState(1)
  const session = id ? detail.data : undefined
  const isPacked = Boolean(session?.order.packedAt)
  const isComplete = session
    ? packedExactly(
        session.lines,
        session.lines.map((l) => l.packed),
      )
    : false

  const say = useCallback((kind: 'ok' | 'error', text: string) => {
    setFeedback({ kind, text })
    beep(kind)
  }, [])
  const items = useItemScan(id, say, setLast)

  // Another order on the table: nothing of the last one's box carries over (reset while rendering).
  const [shownId, setShownId] = useState(id)
  if (shownId !== id) {
    setShownId(id)
    setLast(null)
    setWeight(null)
    setParcels(1)
  }

  const close = () => setParams({})
  const open = (code: string) => {
    if (!parsePackingCode(code)) return say('error', t('errors.notACode'))
    packing.open.mutate(code, {
      onSuccess: (opened) => {
        setParams({ order: opened.order._id })
        say('ok', t('feedback.opened', { code: opened.order.code }))
      },
      onError: (error) => say('error', packingErrorText(error)),
    })
  }

  const accept = (raw: string) => {
    const text = raw.trim()
    if (!text || packing.open.isPending) return
    if (!id || isPacked) return open(text)
    if (!session) return
    const reading = isComplete ? SCALE_READING.exec(text) : null
    if (reading) return setWeight(Number(reading[1]))
    items.handleScan(text)
  }
  useScanBurst(accept)

  const reset = () =>
    packing.reset.mutate(id, {
      onSuccess: () => {
        setLast(null)
        say('ok', t('feedback.reset'))
      },
      onError: (error) => say('error', packingErrorText(error)),
    })
  const leave = () =>
    packing.leave.mutate(id, {
      onSuccess: (left) => {
        close()
        say('ok', t('feedback.left', { code: left.order.code }))
      },
      onError: (error) => say('error', packingErrorText(error)),
    })
  const markPacked = () => {
    if (weight === null) return
    packing.packed.mutate(
      { id, body: { weight, parcels } },
      {
        onSuccess: (done) => say('ok', t('feedback.packed', { code: done.order.code })),
        onError: (error) => say('error', packingErrorText(error)),
      },
    )
  }
  const next = () => {
    setFeedback(null)
    close()
  }

  const isWorking = session && !isPacked
  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={session ? t('titleOrder', { code: session.order.code }) : t('title')}
        actions={
          isWorking && (
            <Space wrap>
              <Popconfirm
                title={t('actions.resetConfirm')}
                okText={t('actions.resetYes')}
                cancelText={t('actions.resetNo')}
                onConfirm={reset}
              >
                <Button loading={packing.reset.isPending}>{t('actions.reset')}</Button>
              </Popconfirm>
              <Button loading={packing.leave.isPending} onClick={leave}>
                {t('actions.leave')}
              </Button>
            </Space>
          )
        }
      />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ScanAnswerBox answer={feedback} testId="packing-feedback" />
        {!id && <ScanField prompt={t('scanOrder')} onScan={accept} />}
        {id && detail.isPending && (
          <Spin description={t('loading')}>{<div style={{ minHeight: 80 }} />}</Spin>
        )}
        {id && detail.isError && (
          <Alert
            type="error"
            showIcon
            title={t('errors.loadFailed')}
            description={packingErrorText(detail.error)}
            action={<Button onClick={next}>{t('actions.next')}</Button>}
          />
        )}
        {session && isPacked && <PackedResult session={session} onNext={next} />}
        {isWorking && (
          <>
            <OrderHeader session={session} />
            {isComplete ? (
              <PackForm
                weight={weight}
                parcels={parcels}
                isBusy={packing.packed.isPending || items.isSending}
                onWeight={setWeight}
                onParcels={setParcels}
                onPacked={markPacked}
              />
            ) : (
              <ScanField prompt={t('scanItem')} onScan={accept} />
            )}
            <PackingLines lines={session.lines} last={last} />
          </>
        )}
      </Space>
    </div>
  )
}
