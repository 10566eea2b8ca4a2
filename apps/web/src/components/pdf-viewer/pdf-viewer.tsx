import {
  ColumnWidthOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons'
import { Alert, Button, Flex, Result, Spin } from 'antd'
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PdfFile, pdfEngine } from './pdf-engine'

type Opened =
  | { state: 'opening' }
  | { state: 'failed' }
  | { state: 'ready'; file: PdfFile; pageWidth: number }
type Drawn = 'drawing' | 'drawn' | 'failed'

const MIN_ZOOM = 0.25
const MAX_ZOOM = 4
const ZOOM_STEP = 1.25
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))

/** The zoom at which a page `pageWidth` px wide fills the box's width (100 % where the box has no width yet). */
function fitWidth(box: HTMLElement | null, pageWidth: number): number {
  const width = (box?.clientWidth ?? 0) - 32
  return width > 0 && pageWidth > 0 ? clampZoom(width / pageWidth) : 1
}

export interface PdfViewerProps {
  /** The PDF. */
  file: Blob
  /** What the document is ("Invoice FVCZ2026000007"): names the viewer for assistive technology. */
  title: string
}

/**
 * A PDF drawn by pdf.js page by page into a canvas, with its text laid over it (selectable, read by screen
 * readers): it shows wherever the browser has no PDF viewer of its own, and needs no frame, so the app's
 * CSP stays strict. Previous/next page and zoom by buttons or keys (Page Up/Down at the top or bottom of a
 * page, + and −).
 */
export function PdfViewer({ file, title }: PdfViewerProps) {
  const { t, i18n } = useTranslation('components')
  const [opened, setOpened] = useState<Opened>({ state: 'opening' })
  const [page, setPage] = useState(1)
  const [zoom, setZoom] = useState<number | null>(null)
  const [drawn, setDrawn] = useState<Drawn>('drawing')
  const box = useRef<HTMLElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const textLayer = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let gone = false
    let pdf: PdfFile | undefined
    setOpened({ state: 'opening' })
    setPage(1)
    setZoom(null)
    file
      .arrayBuffer()
      .then((data) => pdfEngine.open(data))
      .then(async (opening) => {
        pdf = opening
        if (gone) return opening.close()
        const { width } = await opening.pageSize(1)
        if (!gone) setOpened({ state: 'ready', file: opening, pageWidth: width })
      })
      .catch(() => !gone && setOpened({ state: 'failed' }))
    return () => {
      gone = true
      pdf?.close()
    }
  }, [file])

  // At first the page fills the width of the box, once the box is there to measure.
  const pageWidth = opened.state === 'ready' ? opened.pageWidth : 0
  useEffect(() => {
    if (pageWidth && zoom === null) setZoom(fitWidth(box.current, pageWidth))
  }, [pageWidth, zoom])

  const pdf = opened.state === 'ready' ? opened.file : undefined
  useEffect(() => {
    if (!pdf || zoom === null || !canvas.current || !textLayer.current) return
    let stale = false
    setDrawn('drawing')
    const render = pdf.render(page, { canvas: canvas.current, textLayer: textLayer.current, zoom })
    render.done.then(
      () => !stale && setDrawn('drawn'),
      () => !stale && setDrawn('failed'),
    )
    return () => {
      stale = true
      render.cancel()
    }
  }, [pdf, page, zoom])

  const pageCount = pdf?.pageCount ?? 0
  const goTo = useCallback(
    (next: number, scrollTo: 'top' | 'bottom' = 'top') => {
      if (next < 1 || next > pageCount) return
      setPage(next)
      const scroller = box.current
      if (scroller) scroller.scrollTop = scrollTo === 'top' ? 0 : scroller.scrollHeight
    },
    [pageCount],
  )
  const zoomBy = (factor: number) => setZoom((z) => clampZoom((z ?? 1) * factor))

  if (opened.state === 'opening')
    return (
      <Flex vertical align="center" gap="small" style={{ padding: 48 }} role="status">
        <Spin />
        {t('pdfViewer.opening')}
      </Flex>
    )
  if (opened.state === 'failed')
    return <Result status="warning" title={t('pdfViewer.failed')} subTitle={t('pdfViewer.failedHint')} />

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const scroller = box.current
    const atTop = !scroller || scroller.scrollTop <= 0
    const atBottom = !scroller || scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1
    if (event.key === 'PageDown' && atBottom && page < pageCount) goTo(page + 1, 'top')
    else if (event.key === 'PageUp' && atTop && page > 1) goTo(page - 1, 'bottom')
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP)
    else if (event.key === '-') zoomBy(1 / ZOOM_STEP)
    else return
    event.preventDefault()
  }
  const percent = new Intl.NumberFormat(i18n.language || 'cs', { style: 'percent', maximumFractionDigits: 0 })
  const pageOf = t('pdfViewer.pageOf', { page, pages: pageCount })

  return (
    <section aria-label={title} onKeyDown={handleKeyDown}>
      <Flex
        wrap
        gap="small"
        align="center"
        justify="center"
        role="toolbar"
        aria-label={t('pdfViewer.toolbar')}
      >
        <Button
          icon={<LeftOutlined aria-hidden />}
          aria-label={t('pdfViewer.previous')}
          aria-keyshortcuts="PageUp"
          disabled={page <= 1}
          onClick={() => goTo(page - 1)}
        />
        <span aria-live="polite" style={{ minWidth: 96, textAlign: 'center' }}>
          {pageOf}
        </span>
        <Button
          icon={<RightOutlined aria-hidden />}
          aria-label={t('pdfViewer.next')}
          aria-keyshortcuts="PageDown"
          disabled={page >= pageCount}
          onClick={() => goTo(page + 1)}
        />
        <Button
          icon={<ZoomOutOutlined aria-hidden />}
          aria-label={t('pdfViewer.zoomOut')}
          aria-keyshortcuts="-"
          disabled={zoom !== null && zoom <= MIN_ZOOM}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        />
        <span aria-live="polite" style={{ minWidth: 48, textAlign: 'center' }}>
          {percent.format(zoom ?? 1)}
        </span>
        <Button
          icon={<ZoomInOutlined aria-hidden />}
          aria-label={t('pdfViewer.zoomIn')}
          aria-keyshortcuts="+"
          disabled={zoom !== null && zoom >= MAX_ZOOM}
          onClick={() => zoomBy(ZOOM_STEP)}
        />
        <Button
          icon={<ColumnWidthOutlined aria-hidden />}
          onClick={() => setZoom(fitWidth(box.current, pageWidth))}
        >
          {t('pdfViewer.fitWidth')}
        </Button>
      </Flex>
      {drawn === 'failed' && (
        <Alert type="warning" showIcon title={t('pdfViewer.pageFailed')} style={{ marginTop: 8 }} />
      )}
      <section
        ref={box}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (to scroll it, and for the keys above)
        tabIndex={0}
        aria-label={t('pdfViewer.pages', { title })}
        style={{
          marginTop: 8,
          height: 'calc(100vh - 240px)',
          minHeight: 480,
          overflow: 'auto',
          padding: 16,
          background: '#e6eaea',
          border: '1px solid #d9d9d9',
          textAlign: 'center',
        }}
      >
        <figure
          className="pdf-viewer__page"
          aria-label={pageOf}
          aria-busy={drawn === 'drawing'}
          data-drawn={drawn === 'drawn' || undefined}
          style={{
            position: 'relative',
            display: 'inline-block',
            margin: 0,
            background: '#fff',
            boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
            textAlign: 'initial',
          }}
        >
          <canvas ref={canvas} aria-hidden style={{ display: 'block' }} />
          <div ref={textLayer} className="textLayer" />
        </figure>
      </section>
    </section>
  )
}
