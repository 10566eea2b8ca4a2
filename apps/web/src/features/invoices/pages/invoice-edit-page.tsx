import { FilePdfOutlined } from '@ant-design/icons'
import { endpoints, type Invoice } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { downloadFile } from '@/components/download-file'
import { LegalMissingAlert } from '@/components/legal-missing-alert'
import { PageHeader } from '@/components/page-header'
import { usePaymentText } from '@/components/payment-text'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { useSession } from '@/lib/session'
import {
  useAddInvoiceItem,
  useCreateCreditNote,
  useInvoice,
  useIssueInvoice,
  useNumberSeries,
  useRemoveInvoiceItem,
  useUpdateInvoice,
} from '../api/invoices-api'
import { AddItemForm } from '../components/add-item-form'
import { CreditNoteModal } from '../components/credit-note-modal'
import { DocumentFields } from '../components/document-fields'
import { InvoiceItems } from '../components/invoice-items'

/** /invoices/:id and /creditnote/:id (spec "Invoice edit page"): a draft is edited and issued; an issued one is read and credited. */
export function InvoiceEditPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('invoices')
  const creditNoteOnly = useLocation().pathname.startsWith('/creditnote/')
  const { data: invoice, error, isLoading } = useInvoice(id, creditNoteOnly)
  if (isLoading) return <Skeleton active />
  if (!invoice)
    return (
      <Result
        status={error instanceof ApiClientError && error.status < 500 ? '404' : 'error'}
        title={t('edit.notFound')}
        extra={<Link to="/invoices">{t('edit.back')}</Link>}
      />
    )
  return <InvoiceEditor invoice={invoice} />
}

function InvoiceEditor({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices')
  const countryName = useCountryName()
  const payment = usePaymentText()
  const navigate = useNavigate()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const canWrite = can(roles, 'invoices.write')
  const isDraft = invoice.sequenceNumber === null
  const editable = isDraft && canWrite
  const update = useUpdateInvoice(invoice._id)
  const addItem = useAddInvoiceItem(invoice._id)
  const removeItem = useRemoveInvoiceItem(invoice._id)
  const issue = useIssueInvoice(invoice._id)
  const creditNote = useCreateCreditNote(invoice._id)
  const series = useNumberSeries(isStaffRole(roles) ? invoice.businessclient._id : undefined, editable)
  const [crediting, setCrediting] = useState(false)
  const isCreditNote = invoice.kind === 'creditnote'
  const number = invoice.sequenceNumber ?? 'PROFORMA'
  const saveFile = async (which: 'pdf' | 'isdoc') => {
    const file = await fetchFile(
      endpoints.invoices[which],
      { params: { id: invoice._id } },
      undefined,
      `${number}.${which}`,
    )
    downloadFile(file.blob, file.filename.replace(/^inline; /, ''))
  }
  const title = (
    <Space>
      {isCreditNote ? t('edit.titleCreditNote') : t('edit.titleInvoice')}
      {isDraft ? <Tag color="gold">{t('edit.draft')}</Tag> : <span>{invoice.sequenceNumber}</span>}
    </Space>
  )
  return (
    <>
      <PageHeader
        title={title}
        backTo="/invoices"
        backLabel={t('edit.back')}
        actions={
          <>
            <Link to={`/invoices/${invoice._id}/pdf`}>
              <Button icon={<FilePdfOutlined />}>{t('edit.pdf')}</Button>
            </Link>
            {!isDraft && <Button onClick={() => void saveFile('isdoc')}>{t('edit.isdoc')}</Button>}
            {editable && (
              <ConfirmButton
                type="primary"
                danger={false}
                disabled={invoice.items.length === 0 || invoice.legalMissing.length > 0}
                confirmTitle={t('edit.issueTitle')}
                confirmDescription={t('edit.issueText')}
                onConfirm={() => issue.mutateAsync()}
              >
                {t('edit.issue')}
              </ConfirmButton>
            )}
            {!isDraft && !isCreditNote && canWrite && (
              <Button onClick={() => setCrediting(true)}>{t('edit.creditNote')}</Button>
            )}
          </>
        }
      />
      <Flex vertical gap="middle">
        {!isDraft && <Alert type="info" showIcon title={t('edit.issuedNote')} />}
        <LegalMissingAlert missing={invoice.legalMissing} blocked={isDraft ? 'issue' : undefined} />
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('edit.supplier')}>{invoice.businessclient.name}</Descriptions.Item>
            <Descriptions.Item label={t('edit.order')}>
              {invoice.actionSourceId ? (
                <Link to={`/orders/${invoice.actionSourceId._id}`}>
                  {/* An order made in the app has no e-shop number: its own number names it (the link needs a name). */}
                  {invoice.actionSourceId.clientOrderNr || invoice.actionSourceId.internalNumericId}
                </Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('edit.payment')}>
              {invoice.paymentType ? payment.type(invoice.paymentType) : '—'}
            </Descriptions.Item>
            {invoice.invoice && (
              <Descriptions.Item label={t('edit.invoice')}>
                <Link to={`/invoices/${invoice.invoice._id}`}>{invoice.invoice.sequenceNumber}</Link>
              </Descriptions.Item>
            )}
            {invoice.reason && (
              <Descriptions.Item label={t('edit.reason')}>{invoice.reason}</Descriptions.Item>
            )}
            {invoice.creditNotes.length > 0 && (
              <Descriptions.Item label={t('edit.creditNotes')}>
                <Space wrap>
                  {invoice.creditNotes.map((c) => (
                    <Link key={c._id} to={`/creditnote/${c._id}`}>
                      {c.sequenceNumber}
                    </Link>
                  ))}
                </Space>
              </Descriptions.Item>
            )}
          </Descriptions>
          <DocumentFields
            invoice={invoice}
            editable={editable}
            canEditNote={canWrite}
            series={(series.data ?? [])
              .filter(
                (s) => s.documentType === invoice.kind && s.businessclient._id === invoice.businessclient._id,
              )
              .map((s) => ({ _id: s._id, label: `${s.nextNumber} (${countryName(s.country)}, ${s.year})` }))}
            onSave={(field) => update.mutateAsync(field)}
          />
        </Card>
        <Card size="small" title={t('edit.items')}>
          <InvoiceItems
            invoice={invoice}
            onRemove={editable ? (itemId) => removeItem.mutateAsync(itemId) : undefined}
          />
          {editable && (
            <div style={{ marginTop: 16 }}>
              <AddItemForm onAdd={(item) => addItem.mutateAsync(item)} />
            </div>
          )}
        </Card>
      </Flex>
      {crediting && (
        <CreditNoteModal
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onCreate={async (body) => {
            const note = await creditNote.mutateAsync(body)
            navigate(`/creditnote/${note._id}`)
          }}
        />
      )}
    </>
  )
}
