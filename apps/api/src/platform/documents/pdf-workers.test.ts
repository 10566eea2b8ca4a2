import { afterAll, describe, expect, it } from 'vitest'
import { TINY_PNG } from '../../../test/multipart.ts'
import { pdfInfo, pdfPageBarcodes, pdfText } from '../../../test/pdf-tools.ts'
import { createPdfWorkerPool } from './pdf-workers.ts'
import type { TaxDocument } from './tax-document.ts'
import { czechInvoice } from './test-documents.ts'

const pool = createPdfWorkerPool(1)
afterAll(() => pool.close())

const manifest = (rows: number) => ({
  language: 'en' as const,
  code: 'H-000042',
  warehouse: { name: 'Praha', address: ['Průmyslová 1', '102 00 Praha'], contact: '+420 777 000 111' },
  courier: 'Zásilkovna',
  date: '2026-11-30',
  driverName: 'Petr Řidič',
  rows: Array.from({ length: rows }, (_, i) => ({
    orderNumber: String(100000 + i),
    client: 'Zahradní ráj s.r.o.',
    receiver: 'Jana Nováková',
    city: 'Brno',
    trackingId: `Z${1000000000 + i}`,
    parcels: 1,
    weightGrams: 1200,
    cod: i % 2 ? { currency: 'CZK', amount: 499 } : null,
  })),
  totals: { orders: rows, parcels: rows, weightGrams: rows * 1200, cod: [] },
})

describe('the PDF threads', () => {
  it('render every kind of document: invoice, pick list, packing slip, location labels, manifest', async () => {
    const [invoice, pickList, slip, labels, handover] = await Promise.all([
      pool.render({ kind: 'tax', doc: czechInvoice() }),
      pool.render({
        kind: 'pickList',
        input: {
          language: 'en',
          code: 'W-000007',
          warehouse: 'Praha',
          created: '30. 11. 2026 9:00:00',
          orders: 2,
          units: 3,
          // Two rows of one product share its photo: it crosses to the thread and is embedded once.
          rows: ['A-01-01-1', 'A-01-02-1'].map((location) => ({
            location,
            sku: 'MUG-1',
            barcode: '8590000000017',
            product: 'Hrnek',
            quantity: 1,
            slots: [{ slot: 1, quantity: 1 }],
            photo: TINY_PNG,
          })),
        },
      }),
      pool.render({
        kind: 'packingSlip',
        input: {
          language: 'cs',
          code: 'O-001234',
          orderNumber: '1234',
          date: '30. 11. 2026',
          shipTo: ['Jana Nováková', 'Údolní 1', '602 00 Brno'],
          returnTo: ['Zahradní ráj s.r.o.', 'Průmyslová 1', '102 00 Praha'],
          items: [{ sku: 'MUG-1', name: 'Hrnek', quantity: 2 }],
          instructions: '',
          weight: null,
          parcels: null,
          trackingId: '',
        },
      }),
      pool.render({
        kind: 'barcodeLabels',
        input: {
          title: 'Praha locations',
          format: 'thermal',
          labels: [{ code: 'A-01-01-1', caption: 'Praha' }],
        },
      }),
      pool.render({ kind: 'handoverManifest', input: manifest(3) }),
    ])
    expect(pdfText(invoice)).toContain('Faktura')
    const pick = pdfText(pickList)
    expect(pick).toContain('Pick list W-000007')
    expect(pick).toContain('A-01-02-1')
    const raw = pickList.toString('latin1')
    const images = raw.match(/\/Subtype \/Image/g)?.length ?? 0
    const masks = raw.match(/\/SMask/g)?.length ?? 0
    expect(images - masks).toBe(1)
    expect(pdfText(slip)).toContain('Hrnek')
    expect(pdfPageBarcodes(slip, 1)).toContain('CODE-128:O-001234')
    expect(pdfPageBarcodes(labels, 1)).toEqual(['CODE-128:A-01-01-1'])
    expect(pdfText(handover)).toContain('Z1000000002')
  })

  it('answer a failed render with its reason, and render the next document', async () => {
    const broken = { ...czechInvoice(), lines: null } as unknown as TaxDocument
    await expect(pool.render({ kind: 'tax', doc: broken })).rejects.toThrow(/PDF render failed/)
    expect(pdfText(await pool.render({ kind: 'tax', doc: czechInvoice() }))).toContain('Faktura')
  })

  it('fail only the document too big for a thread (its memory limit): the next renders on a new thread', async () => {
    // A thread with a small heap (64 MB: fonts and a manifest fit) and labels enough to fill it as they
    // arrive; the thread is ended, not the process, and the next document gets a new thread.
    const small = createPdfWorkerPool(1, { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 })
    try {
      const huge = Array.from({ length: 400_000 }, () => ({ code: 'A', caption: '' }))
      const tooBig = small.render({
        kind: 'barcodeLabels',
        input: { title: 'huge', format: 'a4', labels: huge },
      })
      const next = small.render({ kind: 'handoverManifest', input: manifest(40) })
      await expect(tooBig).rejects.toThrow(/memory limit/)
      expect(Number(pdfInfo(await next).Pages)).toBeGreaterThan(1)
    } finally {
      await small.close()
    }
  })

  it('reject what is queued or running once closed, and refuse new work', async () => {
    const own = createPdfWorkerPool(1)
    const running = own.render({ kind: 'handoverManifest', input: manifest(500) })
    const queued = own.render({ kind: 'tax', doc: czechInvoice() })
    const refused = [running, queued].map((render) => expect(render).rejects.toThrow(/closed/))
    await own.close()
    await Promise.all(refused)
    await expect(own.render({ kind: 'tax', doc: czechInvoice() })).rejects.toThrow(/closed/)
  })
})
