import { endpoints, handoverCode } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PdfDocumentPage } from '@/components/pdf-document-page'
import { useHandover } from '../api/handovers-api'

/**
 * /warehouse/handover/:id/manifest: the manifest the driver signs (its parcels with their AWB barcodes,
 * totals, signatures) drawn in the app as invoices are, with a Download button named by the handover.
 */
export function HandoverManifestPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('handovers')
  const { data } = useHandover(id)
  return (
    <PdfDocumentPage
      endpoint={endpoints.handovers.manifest}
      id={id}
      number={data ? `manifest-${handoverCode(data.handover.number)}` : undefined}
      title={(name) => t('manifest.title', { code: name.replace(/^manifest-/, '') })}
      loadingTitle={t('manifest.loading')}
      backTo={`/warehouse/handover/${id}`}
      backLabel={t('manifest.back')}
      downloadLabel={t('manifest.download')}
      failedTitle={t('manifest.failed')}
      failedLink={{ to: `/warehouse/handover/${id}`, label: t('manifest.back') }}
    />
  )
}
