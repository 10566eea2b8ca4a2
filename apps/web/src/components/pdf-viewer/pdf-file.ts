/** A page's size in CSS pixels at 100 %. */
export interface PdfPageSize {
  width: number
  height: number
}

/** A page being drawn: `done` settles when canvas and text are drawn; `cancel()` stops a render no longer wanted. */
export interface PdfRender {
  done: Promise<void>
  cancel(): void
}

/** An opened PDF, as the viewer uses it. */
export interface PdfFile {
  pageCount: number
  pageSize(page: number): Promise<PdfPageSize>
  /**
   * Draws `page` (from 1) into `canvas` at `zoom` (1 = 100 %, the paper's size on screen), and its text
   * into `textLayer` (transparent, over the canvas: selectable, and what a screen reader reads).
   */
  render(page: number, target: { canvas: HTMLCanvasElement; textLayer: HTMLElement; zoom: number }): PdfRender
  close(): void
}
