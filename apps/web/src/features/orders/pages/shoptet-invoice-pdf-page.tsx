import { endpoints } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PdfDocumentPage } from '@/components/pdf-document-page'
import { useOrderDetail } from '../api/order-detail-api'

/**
 * /orders/:id/shoptet-invoice: the invoice Shoptet issued for an order of a shop set to Shoptet invoices,
 * as Shoptet's PDF (fetched from Shoptet through Expedo) shown in the page with a Download button. The
 * invoice's Shoptet number names the file once the order is known.
 */
export function ShoptetInvoicePdfPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('order-detail')
  const { data: order } = useOrderDetail(id)
  return (
    <PdfDocumentPage
      endpoint={endpoints.shoptetOrders.shoptetInvoicePdf}
      id={id}
      number={order?.shoptetInvoice?.code}
      title={(number) => t('shoptetInvoicePdf.title', { number })}
      loadingTitle={t('shoptetInvoicePdf.loading')}
      backTo={`/orders/${id}`}
      backLabel={t('shoptetInvoicePdf.back')}
      downloadLabel={t('shoptetInvoicePdf.download')}
      failedTitle={t('shoptetInvoicePdf.failed')}
      failedLink={{ to: `/orders/${id}`, label: t('shoptetInvoicePdf.back') }}
    />
  )
}
