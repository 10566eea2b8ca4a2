import type { Order } from '@expedo/domain'
import { Button, Card, Col, Row, Switch, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { DateText } from '@/components/date-text'
import { Money } from '@/components/money'
import { notificationsStore } from '@/lib/notifications'
import { fieldErrorText } from './field-error'

export interface InvoicePanelProps {
  order: Order
  /** The order's generate-invoice switch (orders.write or orders.process, order not canceled). */
  canToggle: boolean
  /** Generate New Invoice (invoices.write). */
  canGenerate: boolean
  onToggle: (generate: boolean) => Promise<unknown>
  onGenerate: () => Promise<unknown>
}

const label = { fontSize: 12, display: 'block' } as const

/**
 * Spec "Invoice panel": the generate-invoice switch, Generate New Invoice, the invoice number or DRAFT, the
 * credit note number, netto, VAT and brutto totals, with links to the invoice and its PDF. An order of a
 * shop set to Shoptet invoices is invoiced by Shoptet only: the panel shows Shoptet's invoice instead.
 */
export function InvoicePanel(props: InvoicePanelProps) {
  return props.order.invoicing === 'shoptet' ? (
    <ShoptetInvoicePanel order={props.order} />
  ) : (
    <ExpedoInvoicePanel {...props} />
  )
}

function ExpedoInvoicePanel({ order, canToggle, canGenerate, onToggle, onGenerate }: InvoicePanelProps) {
  const { t } = useTranslation('order-detail')
  const invoice = order.invoice
  const [error, setError] = useState('')
  const [isSwitching, setSwitching] = useState(false)

  const run = async (action: () => Promise<unknown>) => {
    setError('')
    try {
      await action()
    } catch (failure) {
      setError(fieldErrorText(failure))
    }
  }
  const handleToggle = async (generate: boolean) => {
    setSwitching(true)
    await run(() => onToggle(generate))
    setSwitching(false)
  }
  // Generating takes a moment and changes only a small part of the page: the button shows it is working,
  // and a message says what came out and what is next.
  const [isGenerating, setGenerating] = useState(false)
  const handleGenerate = async () => {
    setGenerating(true)
    await run(async () => {
      await onGenerate()
      notificationsStore.push('success', t('invoice.generated'), 6000)
    })
    setGenerating(false)
  }
  const generate = invoice ? (
    <ConfirmButton
      size="small"
      danger={false}
      disabled={!canGenerate}
      confirmTitle={t('invoice.regenerateTitle')}
      confirmDescription={t('invoice.regenerateText')}
      loading={isGenerating}
      onConfirm={handleGenerate}
    >
      {t('invoice.generate')}
    </ConfirmButton>
  ) : (
    <Button size="small" disabled={!canGenerate} loading={isGenerating} onClick={() => void handleGenerate()}>
      {t('invoice.generate')}
    </Button>
  )

  return (
    <Card size="small" title={t('invoice.title')} extra={canGenerate ? generate : null}>
      <Row gutter={[16, 12]}>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={label}>
            <label htmlFor="order-generate-invoice">{t('invoice.generateInvoice')}</label>
          </Typography.Text>
          <Switch
            id="order-generate-invoice"
            checked={order.processing.generate_invoice}
            disabled={!canToggle}
            loading={isSwitching}
            onChange={(value) => void handleToggle(value)}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={label}>
            {t('invoice.number')}
          </Typography.Text>
          {invoice ? (
            <span>
              <Link to={`/invoices/${invoice._id}`}>
                {invoice.sequenceNumber ?? <Tag color="gold">DRAFT</Tag>}
              </Link>{' '}
              <Link
                to={`/invoices/${invoice._id}/pdf`}
                aria-label={t('invoice.pdfOf', { number: invoice.sequenceNumber ?? 'DRAFT' })}
              >
                PDF
              </Link>
            </span>
          ) : (
            <Typography.Text type="secondary">{t('invoice.none')}</Typography.Text>
          )}
        </Col>
        {invoice && (
          <>
            <Col xs={24} sm={12}>
              <Typography.Text type="secondary" style={label}>
                {t('invoice.creditNote')}
              </Typography.Text>
              {invoice.creditNote ? (
                <Link to={`/creditnote/${invoice.creditNote._id}`}>{invoice.creditNote.sequenceNumber}</Link>
              ) : (
                '—'
              )}
            </Col>
            <Col xs={24} sm={12}>
              <Typography.Text type="secondary" style={label}>
                {t('invoice.totals')}
              </Typography.Text>
              <dl className="invoice-panel-totals" style={{ margin: 0 }}>
                <dt>{t('invoice.netto')}</dt>
                <dd>
                  <Money amount={invoice.NETTO_total} currency={invoice.currency} />
                </dd>
                <dt>{t('invoice.vat')}</dt>
                <dd>
                  <Money amount={invoice.VAT_total} currency={invoice.currency} />
                </dd>
                <dt>{t('invoice.brutto')}</dt>
                <dd>
                  <strong>
                    <Money amount={invoice.BRUTTO_total} currency={invoice.currency} />
                  </strong>
                </dd>
              </dl>
            </Col>
          </>
        )}
      </Row>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12, marginTop: 8 }}>
          {error}
        </Typography.Text>
      )}
    </Card>
  )
}

/**
 * Shoptet issues the order's invoice and Expedo none (no switch, no Generate New Invoice): Shoptet's
 * invoice as last synced, with its PDF (fetched from Shoptet through Expedo on the app's PDF page).
 */
function ShoptetInvoicePanel({ order }: { order: Order }) {
  const { t } = useTranslation('order-detail')
  const invoice = order.shoptetInvoice
  const paid =
    invoice?.paid === true ? (
      <Tag color="green">{t('invoice.shoptet.paid')}</Tag>
    ) : invoice?.paid === false ? (
      <Tag color="orange">{t('invoice.shoptet.notPaid')}</Tag>
    ) : (
      <Tag>{t('invoice.shoptet.paidUnknown')}</Tag>
    )
  return (
    <Card size="small" title={t('invoice.title')}>
      <Typography.Text strong style={{ display: 'block' }}>
        {t('invoice.shoptet.by')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 12 }}>
        {t('invoice.shoptet.byText')}
      </Typography.Text>
      {invoice ? (
        <Row gutter={[16, 12]}>
          <Col xs={24} sm={12}>
            <Typography.Text type="secondary" style={label}>
              {t('invoice.number')}
            </Typography.Text>
            <span>
              {invoice.code}{' '}
              <Link
                to={`/orders/${order._id}/shoptet-invoice`}
                aria-label={t('invoice.shoptet.pdfOf', { number: invoice.code })}
              >
                PDF
              </Link>
            </span>
            {!invoice.isValid && (
              <div>
                <Tag color="red">{t('invoice.shoptet.cancelled')}</Tag>
              </div>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Typography.Text type="secondary" style={label}>
              {t('invoice.shoptet.total')}
            </Typography.Text>
            <strong>
              <Money amount={invoice.total} currency={invoice.currency} />
            </strong>
          </Col>
          <Col xs={24} sm={12}>
            <Typography.Text type="secondary" style={label}>
              {t('invoice.shoptet.issuedAt')}
            </Typography.Text>
            <DateText value={invoice.issuedAt} />
          </Col>
          <Col xs={24} sm={12}>
            <Typography.Text type="secondary" style={label}>
              {t('invoice.shoptet.dueDate')}
            </Typography.Text>
            <DateText value={invoice.dueDate} />
          </Col>
          <Col xs={24} sm={12}>
            <Typography.Text type="secondary" style={label}>
              {t('invoice.shoptet.payment')}
            </Typography.Text>
            {paid}
          </Col>
        </Row>
      ) : (
        <Typography.Text type="secondary">{t('invoice.shoptet.none')}</Typography.Text>
      )}
      {order.invoice && (
        // Issued by Expedo before the shop switched to Shoptet invoices: still a document of the order.
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 12 }}>
          {t('invoice.shoptet.earlier')}{' '}
          <Link to={`/invoices/${order.invoice._id}`}>{order.invoice.sequenceNumber ?? 'DRAFT'}</Link>
        </Typography.Text>
      )}
    </Card>
  )
}
