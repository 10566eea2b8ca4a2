import { endpoints } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PdfDocumentPage } from '@/components/pdf-document-page'
import { useBill } from '../api/bills-api'

/**
 * /bill/:id (spec "Bill detail", printable view): the server's A4 PDF of a locked bill shown in the page
 * with a Download PDF button, like the invoice PDF page.
 */
export function BillPrintPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('bills')
  const { data: bill } = useBill(id)
  return (
    <PdfDocumentPage
      endpoint={endpoints.bills.pdf}
      id={id}
      number={bill?.sequenceNumber ?? undefined}
      title={(number) => t('print.title', { number })}
      loadingTitle={t('detail.pdf')}
      backTo={`/billing/bills/${id}`}
      backLabel={t('print.back')}
      downloadLabel={t('print.download')}
      failedTitle={t('print.failed')}
      failedLink={{ to: `/billing/bills/${id}`, label: t('print.back') }}
    />
  )
}
