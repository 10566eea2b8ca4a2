import type { Bill } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { DateText } from '@/components/date-text'
import { LegalMissingAlert } from '@/components/legal-missing-alert'
import { Money } from '@/components/money'
import { PageHeader } from '@/components/page-header'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useBill, useBillAction, useCreditBill, useUpdateBillItem } from '../api/bills-api'
import { BillCreditModal } from '../components/bill-credit-modal'
import { BillDeadlineTag } from '../components/bill-deadline-tag'
import { BillItems } from '../components/bill-items'
import { BillServices } from '../components/bill-services'
import { BillStatusTag } from '../components/bill-status-tag'

function Party({
  title,
  party,
  ids,
}: {
  title: string
  party: Bill['issuer'] | Bill['businessclient']
  ids: { coid: string; taxid: string }
}) {
  const { t } = useTranslation('bills')
  const countryName = useCountryName()
  const a = party.address
  return (
    <Card size="small" title={title}>
      <div>
        <strong>{party.name}</strong>
      </div>
      <div>{`${a.street} ${a.streetNr}`.trim()}</div>
      <div>{`${a.postcode} ${a.city}`.trim()}</div>
      <div>{countryName(a.country)}</div>
      {ids.coid && <div>{`${t('detail.coid')}: ${ids.coid}`}</div>}
      {ids.taxid && <div>{`${t('detail.taxid')}: ${ids.taxid}`}</div>}
    </Card>
  )
}

/**
 * /billing/bills/:id (spec part 2 "Bill detail"): period, dates, issuer and client, items (editable cells
 * while unlocked, for finance), totals, the credit note, the services summary and export; Lock, Mark paid
 * and Credit note with a confirmation. An unlocked bill shows 'Pending for Approval' and no dates or PDF.
 */
export function BillDetailPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('bills')
  const { currentUser } = useSession()
  const canWrite = can(currentUser?.roles ?? [], 'bills.write')
  const { data: bill, isLoading, error } = useBill(id)
  const update = useUpdateBillItem(id)
  const lock = useBillAction(id, 'lock')
  const pay = useBillAction(id, 'pay')
  const credit = useCreditBill(id)
  const [crediting, setCrediting] = useState(false)
  if (isLoading) return <Skeleton active />
  if (!bill)
    return (
      <Result
        status="404"
        title={error ? t('detail.notFound') : ''}
        extra={<Link to="/billing/bills">{t('detail.back')}</Link>}
      />
    )
  const title = !bill.locked
    ? t('detail.pendingTitle')
    : bill.kind === 'billcreditnote'
      ? t('detail.creditNoteTitle', { number: bill.sequenceNumber })
      : t('detail.title', { number: bill.sequenceNumber })
  const failure = update.error ?? lock.error ?? pay.error ?? credit.error
  return (
    <>
      <PageHeader
        title={title}
        backTo="/billing/bills"
        backLabel={t('detail.back')}
        actions={
          <Space wrap>
            <BillStatusTag status={bill.status} />
            {bill.locked && <Link to={`/bill/${bill._id}`}>{t('detail.pdf')}</Link>}
            {canWrite && !bill.locked && (
              <ConfirmButton
                danger={false}
                type="primary"
                disabled={bill.legalMissing.length > 0}
                confirmTitle={t('detail.lockConfirm')}
                onConfirm={() => lock.mutateAsync()}
              >
                {t('detail.lock')}
              </ConfirmButton>
            )}
            {canWrite && bill.locked && bill.kind === 'bill' && !bill.isPaid && (
              <ConfirmButton
                danger={false}
                confirmTitle={t('detail.payConfirm')}
                onConfirm={() => pay.mutateAsync()}
              >
                {t('detail.pay')}
              </ConfirmButton>
            )}
            {canWrite && bill.locked && bill.kind === 'bill' && !bill.creditNote && (
              <Button danger onClick={() => setCrediting(true)}>
                {t('detail.credit')}
              </Button>
            )}
          </Space>
        }
      />
      {crediting && (
        <BillCreditModal
          onCreate={(reason) => credit.mutateAsync(reason)}
          onClose={() => setCrediting(false)}
        />
      )}
      {failure && <Alert type="error" showIcon title={errorMessage(failure)} style={{ marginBottom: 12 }} />}
      {bill.legalMissing.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <LegalMissingAlert missing={bill.legalMissing} blocked={bill.locked ? undefined : 'lock'} />
        </div>
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('detail.period')}>
          <DateText value={bill.period.start} format="DD.MM.YYYY" /> –{' '}
          <DateText value={bill.period.end} format="DD.MM.YYYY" />
        </Descriptions.Item>
        {canWrite && !bill.locked && bill.issueBy && (
          <Descriptions.Item label={t('columns.issueBy')}>
            <BillDeadlineTag issueBy={bill.issueBy} locked={bill.locked} />
          </Descriptions.Item>
        )}
        {bill.locked && (
          <>
            <Descriptions.Item label={t('detail.issued')}>
              <DateText value={bill.dates.issuedDate} format="DD.MM.YYYY" />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.due')}>
              <DateText value={bill.dates.dueDate} format="DD.MM.YYYY" />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.taxDate')}>
              <DateText value={bill.dates.taxDate} format="DD.MM.YYYY" />
            </Descriptions.Item>
          </>
        )}
        {bill.creditNote && (
          <Descriptions.Item label={t('detail.creditNote')}>
            <Link to={`/billing/bills/${bill.creditNote._id}`}>{bill.creditNote.creditNoteNr}</Link>
          </Descriptions.Item>
        )}
        {bill.bill && (
          <Descriptions.Item label={t('detail.creditedBill')}>
            <Link to={`/billing/bills/${bill.bill._id}`}>{bill.bill.sequenceNumber}</Link>
          </Descriptions.Item>
        )}
        {bill.paidAt && (
          <Descriptions.Item label={t('detail.paidAt')}>
            <DateText value={bill.paidAt} format="DD.MM.YYYY" />
          </Descriptions.Item>
        )}
      </Descriptions>
      {bill.locked && (
        <Row gutter={12} style={{ marginBottom: 12 }}>
          <Col xs={24} md={12}>
            <Party title={t('detail.issuer')} party={bill.issuer} ids={bill.issuerId} />
          </Col>
          <Col xs={24} md={12}>
            <Party title={t('detail.client')} party={bill.businessclient} ids={bill.businessclientId} />
          </Col>
        </Row>
      )}
      <Card size="small" title={t('detail.items')} style={{ marginBottom: 12 }}>
        <BillItems
          key={bill.items.map((i) => `${i._id}:${i.quantity}:${i.netto_price}:${i.VAT_procent}`).join()}
          items={bill.items}
          editable={bill.editable && canWrite}
          onChange={(itemId, body) => update.mutate({ itemId, body })}
        />
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 12, maxWidth: 360, marginInlineStart: 'auto' }}
        >
          <Descriptions.Item label={t('detail.netto')}>
            <Money amount={bill.totals.NETTO_total} /> {bill.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.vat')}>
            <Money amount={bill.totals.VAT_total} /> {bill.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.brutto')}>
            <strong>
              <Money amount={bill.totals.BRUTTO_total} /> {bill.currency}
            </strong>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {bill.kind === 'bill' && (
        <BillServices
          billId={bill._id}
          fileName={`${bill.sequenceNumber ?? `bill-${bill._id.slice(-9)}`}-services.xlsx`}
        />
      )}
    </>
  )
}
