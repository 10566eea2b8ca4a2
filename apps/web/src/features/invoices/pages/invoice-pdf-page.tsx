import { DownloadOutlined } from '@ant-design/icons'
import { endpoints } from '@expedo/domain'
import { Button, Result, Skeleton } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { downloadFile } from '@/components/download-file'
import { PageHeader } from '@/components/page-header'
import { fetchFile } from '@/lib/download-export'
import { useInvoice } from '../api/invoices-api'

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; url: string; blob: Blob; filename: string }

/**
 * /invoices/:id/pdf (spec "Invoice PDF page"): the server's A4 PDF shown in the page (fetched with the
 * session's token, so it is never reachable by its URL alone) with a Download button.
 */
export function InvoicePdfPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('invoices')
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  // The document's number names the file; a draft's is PROFORMA (the server's name adds the id, for a ZIP).
  const { data: invoice } = useInvoice(id)
  useEffect(() => {
    const controller = new AbortController()
    let url = ''
    fetchFile(endpoints.invoices.pdf, { params: { id } }, controller.signal, `${id}.pdf`).then(
      ({ blob, filename }) => {
        url = URL.createObjectURL(blob)
        setLoaded({ state: 'ready', url, blob, filename })
      },
      () => !controller.signal.aborted && setLoaded({ state: 'failed' }),
    )
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [id])
  const name = invoice
    ? (invoice.sequenceNumber ?? 'PROFORMA')
    : loaded.state === 'ready'
      ? loaded.filename.replace(/\.pdf$/, '')
      : ''
  return (
    <>
      <PageHeader
        title={loaded.state === 'ready' ? t('pdf.title', { number: name }) : t('edit.pdf')}
        backTo={`/invoices/${id}`}
        backLabel={t('pdf.back')}
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={loaded.state !== 'ready'}
            onClick={() => loaded.state === 'ready' && downloadFile(loaded.blob, `${name}.pdf`)}
          >
            {t('pdf.download')}
          </Button>
        }
      />
      {loaded.state === 'loading' && <Skeleton active />}
      {loaded.state === 'failed' && (
        <Result
          status="warning"
          title={t('pdf.failed')}
          extra={<Link to="/invoices">{t('edit.back')}</Link>}
        />
      )}
      {loaded.state === 'ready' && (
        <iframe
          title={t('pdf.title', { number: name })}
          src={loaded.url}
          style={{
            width: '100%',
            height: 'calc(100vh - 180px)',
            minHeight: 480,
            border: '1px solid #d9d9d9',
          }}
        />
      )}
    </>
  )
}
