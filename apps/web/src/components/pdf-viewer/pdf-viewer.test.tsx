import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakePdfOpen } from '../../../test/app-harness'
import { type PdfFile, pdfEngine } from './pdf-engine'
import { PdfViewer } from './pdf-viewer'

const pdf = () => new Blob(['%PDF-1.7 FVCZ2026000007'], { type: 'application/pdf' })

/** A promise the test settles when it wants (pdf.js still opening the file). */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const page = () => screen.getByRole('figure', { name: /^Page \d of \d$/ })

describe('PdfViewer', () => {
  beforeEach(() => {
    vi.spyOn(pdfEngine, 'open').mockImplementation(fakePdfOpen(2))
  })
  afterEach(() => vi.restoreAllMocks())

  it('says it is opening the document until pdf.js has it, then draws page 1 with its text', async () => {
    const opening = deferred<PdfFile>()
    vi.mocked(pdfEngine.open).mockReturnValue(opening.promise)
    render(<PdfViewer file={pdf()} title="Invoice FVCZ2026000007" />)
    expect(screen.getByRole('status').textContent).toContain('Opening the document…')
    await act(async () => opening.resolve(await fakePdfOpen(2)(await pdf().arrayBuffer())))
    const viewer = await screen.findByRole('region', { name: 'Invoice FVCZ2026000007' })
    expect(within(viewer).getByText('Page 1 of 2', { selector: 'span' })).toBeTruthy()
    expect(await within(viewer).findByText(/^Page 1: .*FVCZ2026000007/)).toBeTruthy()
    expect(page().getAttribute('aria-busy')).toBe('false')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says the document cannot be shown when pdf.js cannot open it', async () => {
    render(<PdfViewer file={new Blob(['<html>not a PDF</html>'])} title="Invoice FVCZ2026000007" />)
    expect(await screen.findByText('The document cannot be shown here')).toBeTruthy()
    expect(screen.getByText('Download it to open it in a PDF reader.')).toBeTruthy()
  })

  it('goes to the next and the previous page by its buttons and by Page Down / Page Up', async () => {
    render(<PdfViewer file={pdf()} title="Invoice FVCZ2026000007" />)
    await screen.findByText(/^Page 1: /)
    const previous = screen.getByRole('button', { name: 'Previous page' })
    const next = screen.getByRole('button', { name: 'Next page' })
    expect(previous.hasAttribute('disabled')).toBe(true)
    fireEvent.click(next)
    expect(await screen.findByText(/^Page 2: /)).toBeTruthy()
    expect(page().getAttribute('aria-label')).toBe('Page 2 of 2')
    expect(next.hasAttribute('disabled')).toBe(true)
    const pages = screen.getByRole('region', { name: 'Pages: Invoice FVCZ2026000007' })
    fireEvent.keyDown(pages, { key: 'PageUp' })
    expect(await screen.findByText(/^Page 1: /)).toBeTruthy()
    fireEvent.keyDown(pages, { key: 'PageDown' })
    expect(await screen.findByText(/^Page 2: /)).toBeTruthy()
  })

  it('zooms in and out by its buttons and by + and −, and back to the page’s width', async () => {
    const render_ = vi.fn()
    vi.mocked(pdfEngine.open).mockImplementation(async (data) => {
      const file = await fakePdfOpen(1)(data)
      return {
        ...file,
        render: (n, target) => {
          render_(target.zoom)
          return file.render(n, target)
        },
      }
    })
    render(<PdfViewer file={pdf()} title="Invoice FVCZ2026000007" />)
    await screen.findByText(/^Page 1: /)
    // jsdom lays nothing out: the page's width is then shown at 100 %.
    expect(screen.getByText('100%')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(await screen.findByText('125%')).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('region', { name: /^Pages: / }), { key: '+' })
    expect(await screen.findByText('156%')).toBeTruthy()
    fireEvent.keyDown(screen.getByRole('region', { name: /^Pages: / }), { key: '-' })
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(await screen.findByText('100%')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    fireEvent.click(screen.getByRole('button', { name: /Fit to width/ }))
    expect(await screen.findByText('100%')).toBeTruthy()
    expect(render_.mock.calls.map(([zoom]) => zoom)).toEqual([1, 1.25, 1.5625, 1.25, 1, 1.25, 1])
  })

  it('warns when a page cannot be drawn, and keeps the navigation', async () => {
    vi.mocked(pdfEngine.open).mockImplementation(async (data) => ({
      ...(await fakePdfOpen(2)(data)),
      render: () => ({ done: Promise.reject(new Error('bad page')), cancel() {} }),
    }))
    render(<PdfViewer file={pdf()} title="Invoice FVCZ2026000007" />)
    expect(
      await screen.findByText('This page could not be shown. Download the document to see it.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(false)
  })
})
