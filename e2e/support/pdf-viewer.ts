import type { Page } from 'playwright-core'

/**
 * Waits until the in-app PDF viewer (apps/web's PdfViewer: pdf.js into a canvas, its text laid over it)
 * has drawn page 1, and answers what a user sees of it: the text of its text layer, and how many of the
 * canvas's pixels are inked (not white), out of how many.
 */
export async function firstPdfPage(page: Page): Promise<{ text: string; inked: number; pixels: number }> {
  const drawn = page.locator('.pdf-viewer__page[data-drawn]', { has: page.locator('canvas') })
  await drawn.getByText(/\S/).first().waitFor()
  const label = await drawn.getAttribute('aria-label')
  if (!/^Page 1 of \d+$/.test(label ?? '')) throw new Error(`The viewer shows "${label}", not page 1`)
  const text = (await drawn.locator('.textLayer').textContent()) ?? ''
  const { inked, pixels } = await drawn.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d')
    if (!context || !canvas.width || !canvas.height) return { inked: 0, pixels: 0 }
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    let count = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) count++
    return { inked: count, pixels: data.length / 4 }
  })
  return { text, inked, pixels }
}
