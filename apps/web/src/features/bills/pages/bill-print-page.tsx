import { DownloadOutlined } from '@ant-design/icons'
import { endpoints } from '@expedo/domain'
import { Button, Result, Skeleton } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { downloadFile } from '@/components/download-file'
import { PageHeader } from '@/components/page-header'
import { fetchFile } from '@/lib/download-export'
import { useBill } from '../api/bills-api'

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; url: string; blob: Blob; filename: string }

/**
 * /bill/:id (spec "Bill detail", printable view): the server's A4 PDF of a locked bill shown in the page
 * (fetched with the session's token) with a Download PDF button, like the invoice PDF page.
 */
export function BillPrintPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('bills')
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const { data: bill } = useBill(id)
  useEffect(() => {
    const controller = new AbortController()
    let url = ''
    fetchFile(endpoints.bills.pdf, { params: { id } }, controller.signal, `${id}.pdf`).then(
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
  const name = bill?.sequenceNumber ?? (loaded.state === 'ready' ? loaded.filename.replace(/\.pdf$/, '') : '')
  return (
    <>
      <PageHeader
        title={loaded.state === 'ready' ? t('print.title', { number: name }) : t('detail.pdf')}
        backTo={`/billing/bills/${id}`}
        backLabel={t('print.back')}
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={loaded.state !== 'ready'}
            onClick={() => loaded.state === 'ready' && downloadFile(loaded.blob, `${name}.pdf`)}
          >
            {t('print.download')}
          </Button>
        }
      />
      {loaded.state === 'loading' && <Skeleton active />}
      {loaded.state === 'failed' && (
        <Result
          status="warning"
          title={t('print.failed')}
          extra={<Link to={`/billing/bills/${id}`}>{t('print.back')}</Link>}
        />
      )}
      {loaded.state === 'ready' && (
        <iframe
          title={t('print.title', { number: name })}
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
