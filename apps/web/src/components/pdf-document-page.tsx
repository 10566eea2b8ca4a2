import { DownloadOutlined } from '@ant-design/icons'
import { Button, Result, Skeleton } from 'antd'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { downloadFile } from '@/components/download-file'
import { PageHeader } from '@/components/page-header'
import { fetchFile } from '@/lib/download-export'
import { PdfViewer } from './pdf-viewer/pdf-viewer'

type FileEndpoint = Parameters<typeof fetchFile>[0]

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; blob: Blob; filename: string }

export interface PdfDocumentPageProps {
  /** The PDF's endpoint (`GET …/{id}/pdf`) and the document's id. */
  endpoint: FileEndpoint
  id: string
  /** The document's name (its number) once known; else the server's file name without .pdf is used. */
  number: string | undefined
  title(number: string): string
  /** The header's title while the PDF loads. */
  loadingTitle: string
  backTo: string
  backLabel: string
  downloadLabel: string
  failedTitle: string
  failedLink: { to: string; label: string }
}

/**
 * A document's server-made A4 PDF drawn in the page (PdfViewer: pdf.js into canvases, no frame, so it shows
 * without a browser PDF viewer and under the app's strict CSP), fetched with the session's token, so it is
 * never reachable by its URL alone, with a Download button that names the file by the document's number:
 * the invoice PDF page and the printable bill.
 */
export function PdfDocumentPage(props: PdfDocumentPageProps) {
  const { endpoint, id } = props
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    fetchFile(endpoint, { params: { id } }, controller.signal, `${id}.pdf`).then(
      ({ blob, filename }) => setLoaded({ state: 'ready', blob, filename }),
      () => !controller.signal.aborted && setLoaded({ state: 'failed' }),
    )
    return () => controller.abort()
  }, [endpoint, id])
  const name = props.number ?? (loaded.state === 'ready' ? loaded.filename.replace(/\.pdf$/, '') : '')
  return (
    <>
      <PageHeader
        title={loaded.state === 'ready' ? props.title(name) : props.loadingTitle}
        backTo={props.backTo}
        backLabel={props.backLabel}
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={loaded.state !== 'ready'}
            onClick={() => loaded.state === 'ready' && downloadFile(loaded.blob, `${name}.pdf`)}
          >
            {props.downloadLabel}
          </Button>
        }
      />
      {loaded.state === 'loading' && <Skeleton active />}
      {loaded.state === 'failed' && (
        <Result
          status="warning"
          title={props.failedTitle}
          extra={<Link to={props.failedLink.to}>{props.failedLink.label}</Link>}
        />
      )}
      {loaded.state === 'ready' && <PdfViewer file={loaded.blob} title={props.title(name)} />}
    </>
  )
}
