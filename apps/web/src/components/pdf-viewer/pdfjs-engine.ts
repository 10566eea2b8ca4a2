import {
  GlobalWorkerOptions,
  getDocument,
  PixelsPerInch,
  RenderingCancelledException,
  TextLayer,
} from 'pdfjs-dist'
// The worker as a file of the build (served from our origin: the CSP's script-src 'self' covers it, no blob:).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import type { PdfFile, PdfRender } from './pdf-file'
import './pdf-text-layer.css'

GlobalWorkerOptions.workerSrc = workerUrl

/** Opens a PDF with pdf.js. The data is handed over to pdf.js's worker (the buffer is empty afterwards). */
export async function openWithPdfjs(data: ArrayBuffer): Promise<PdfFile> {
  const loading = getDocument({
    data: new Uint8Array(data),
    // No WebAssembly (it would need 'wasm-unsafe-eval' in the CSP): our documents have no JPEG 2000 or
    // JBIG2 images, the only ones it decodes faster. Fonts not embedded fall back to the system's.
    useWasm: false,
    useSystemFonts: true,
    enableXfa: false,
    disableWorkerRendering: true,
  })
  const doc = await loading.promise
  return {
    pageCount: doc.numPages,
    async pageSize(pageNumber) {
      const viewport = (await doc.getPage(pageNumber)).getViewport({ scale: PixelsPerInch.PDF_TO_CSS_UNITS })
      return { width: viewport.width, height: viewport.height }
    },
    render(pageNumber, { canvas, textLayer, zoom }): PdfRender {
      let cancelled = false
      let cancelDrawing = () => {}
      const done = (async () => {
        const page = await doc.getPage(pageNumber)
        if (cancelled) return
        const scale = zoom * PixelsPerInch.PDF_TO_CSS_UNITS
        const viewport = page.getViewport({ scale })
        // Drawn at the screen's pixel density, shown at the page's CSS size: sharp on a HiDPI screen.
        const ratio = window.devicePixelRatio || 1
        canvas.width = Math.floor(viewport.width * ratio)
        canvas.height = Math.floor(viewport.height * ratio)
        canvas.style.width = `${Math.floor(viewport.width)}px`
        canvas.style.height = `${Math.floor(viewport.height)}px`
        textLayer.replaceChildren()
        textLayer.style.setProperty('--total-scale-factor', String(scale))
        textLayer.style.setProperty('--scale-round-x', '1px')
        textLayer.style.setProperty('--scale-round-y', '1px')
        const drawing = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        })
        const text = new TextLayer({
          textContentSource: page.streamTextContent(),
          container: textLayer,
          viewport,
        })
        cancelDrawing = () => {
          drawing.cancel()
          text.cancel()
        }
        try {
          await Promise.all([drawing.promise, text.render()])
        } catch (error) {
          if (cancelled || error instanceof RenderingCancelledException) return
          throw error
        }
      })()
      return {
        done,
        cancel() {
          cancelled = true
          cancelDrawing()
        },
      }
    },
    close() {
      void loading.destroy()
    },
  }
}
