import { endpoints } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PdfDocumentPage } from '@/components/pdf-document-page'
import { useInvoice } from '../api/invoices-api'

/**
 * /invoices/:id/pdf (spec "Invoice PDF page"): the server's A4 PDF shown in the page with a Download button.
 * The document's number names the file; a draft's is PROFORMA (the server's name adds the id, for a ZIP).
 */
export function InvoicePdfPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('invoices')
  const { data: invoice } = useInvoice(id)
  return (
    <PdfDocumentPage
      endpoint={endpoints.invoices.pdf}
      id={id}
      number={invoice ? (invoice.sequenceNumber ?? 'PROFORMA') : undefined}
      title={(number) => t('pdf.title', { number })}
      loadingTitle={t('edit.pdf')}
      backTo={`/invoices/${id}`}
      backLabel={t('pdf.back')}
      downloadLabel={t('pdf.download')}
      failedTitle={t('pdf.failed')}
      failedLink={{ to: '/invoices', label: t('edit.back') }}
    />
  )
}
