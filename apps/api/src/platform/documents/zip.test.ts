import { PassThrough } from 'node:stream'
import JSZip from 'jszip'
import { afterAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../../test/pdf-tools.ts'
import { createPdfWorkerPool } from './pdf-workers.ts'
import type { TaxDocument } from './tax-document.ts'
import { bulgarianInvoice, czechInvoice, romanianInvoice, slovakInvoice } from './test-documents.ts'
import { pdfFileName, writePdfZip } from './zip.ts'

const pool = createPdfWorkerPool(2)
afterAll(() => pool.close())

async function* documents(count: number): AsyncGenerator<TaxDocument> {
  const makers = [czechInvoice, slovakInvoice, romanianInvoice, bulgarianInvoice]
  for (let i = 0; i < count; i++) {
    const make = makers[i % makers.length]!
    const doc = make()
    yield {
      ...doc,
      id: `${doc.id.slice(0, -4)}${String(i).padStart(4, '0')}`,
      number: i === 7 ? null : `${doc.number}-${i}`,
    }
  }
}

function collect(out: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  return new Promise((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)))
    out.on('error', reject)
  })
}

describe('writePdfZip', () => {
  it('streams a ZIP of 50 valid PDFs named by number, PROFORMA-<id> for a draft', async () => {
    const out = new PassThrough()
    const bytes = collect(out)
    expect(await writePdfZip(documents(50), out, { pool })).toEqual({ files: 50 })
    const zip = await JSZip.loadAsync(await bytes)
    const names = Object.keys(zip.files)
    expect(names).toHaveLength(50)
    expect(names).toContain('FV2026000123-0.pdf')
    expect(names).toContain('PROFORMA-0193a0c4-0000-7000-8000-000000000007.pdf')
    for (const name of names) {
      const pdf = await zip.file(name)!.async('nodebuffer')
      expect(pdf.subarray(0, 5).toString(), name).toBe('%PDF-')
      expect(pdf.subarray(-6).toString(), name).toContain('%%EOF')
    }
    expect(pdfText(await zip.file('FA2026000045-1.pdf')!.async('nodebuffer'))).toContain('Faktúra')
  })

  it('rejects and destroys the stream when a render fails', async () => {
    async function* withBroken() {
      yield czechInvoice()
      yield { ...czechInvoice(), lines: null } as unknown as TaxDocument
      yield czechInvoice()
    }
    const out = new PassThrough()
    out.resume()
    await expect(writePdfZip(withBroken(), out, { pool })).rejects.toThrow(/PDF render failed/)
    expect(out.destroyed).toBe(true)
  })

  it('names files only with safe characters', () => {
    expect(pdfFileName(czechInvoice({ number: 'FV 2026/001' }))).toBe('FV_2026_001.pdf')
  })

  it('makes and closes its own pool when given none', async () => {
    const out = new PassThrough()
    const bytes = collect(out)
    await writePdfZip([czechInvoice()], out, { workers: 1 })
    expect(Object.keys((await JSZip.loadAsync(await bytes)).files)).toEqual(['FV2026000123.pdf'])
  })
})
