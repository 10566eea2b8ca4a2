import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { pdfInfo, pdfPagePng, pdfText } from '../../../test/pdf-tools.ts'
import { paymentQrPayload } from './payment-qr.ts'
import { renderTaxDocumentPdf, writeTaxDocumentPdf } from './pdf.ts'
import { readQrFromPng } from './qr-reader.ts'
import {
  bulgarianInvoice,
  czechCreditNote,
  czechInvoice,
  romanianInvoice,
  slovakInvoice,
  withLines,
} from './test-documents.ts'

/** pdftotext -layout pads columns with spaces: compare with single spaces. */
const squeeze = (text: string) => text.replace(/[ \t]+/g, ' ')

describe('renderTaxDocumentPdf', () => {
  it('writes an A4 PDF whose Czech text reads back, with the number and its title', async () => {
    const pdf = await renderTaxDocumentPdf(czechInvoice())
    const info = pdfInfo(pdf)
    expect(info.Title).toBe('FV2026000123')
    expect(info['Page size']).toContain('595.28 x 841.89')
    const text = squeeze(pdfText(pdf))
    for (const probe of [
      'Faktura – daňový doklad',
      'FV2026000123',
      'Žluťoučký kůň s.r.o.',
      'Čajová konvice ěščřžýáíéůú',
      'DIČ: CZ27082440',
      'DUZP: 4. 3. 2026',
      'Variabilní symbol: 2026000123',
      'Celkem k úhradě',
      'Daňový doklad podle § 29',
      'Strana 1 / 1',
    ]) {
      expect(text).toContain(probe)
    }
    expect(text).not.toContain('PROFORMA')
  })

  it('prints Slovak, Romanian comma-below and Bulgarian Cyrillic text that reads back', async () => {
    const sk = squeeze(pdfText(await renderTaxDocumentPdf(slovakInvoice())))
    for (const probe of [
      'Faktúra',
      'Ďateľový med ľľĺŕôä',
      'IČ DPH: SK2021778899',
      'Dátum dodania',
      'Zápis v OR: Okresný súd Prešov',
    ]) {
      expect(sk).toContain(probe)
    }
    const ro = squeeze(pdfText(await renderTaxDocumentPdf(romanianInvoice())))
    expect(ro).toContain('Țesătoria Ștefănești S.R.L.')
    expect(ro).toContain('Față de masă țesută, înșiruire')
    expect(ro).toContain('Data livrării')
    expect(ro).toMatch(/\u0219/)
    expect(ro).toMatch(/\u021b/)
    expect(ro).not.toMatch(/[\u015f\u0163]/) // no cedilla ş ţ
    const bg = squeeze(pdfText(await renderTaxDocumentPdf(bulgarianInvoice())))
    for (const probe of [
      'ФАКТУРА',
      'Съвременни стоки ЕООД',
      'Чаша за чай – жълта',
      'Дата на данъчно събитие',
      'ДДС №',
    ]) {
      expect(bg).toContain(probe)
    }
  })

  it('prints the Bulgarian document name beside a foreign-language title', async () => {
    const text = squeeze(pdfText(await renderTaxDocumentPdf(bulgarianInvoice({ language: 'en' }))))
    expect(text).toContain('Invoice / ФАКТУРА')
  })

  it('prints PROFORMA on a draft and sets it as the title', async () => {
    const pdf = await renderTaxDocumentPdf(czechInvoice({ number: null }))
    expect(pdfInfo(pdf).Title).toBe('PROFORMA')
    const text = pdfText(pdf)
    expect(text).toContain('PROFORMA')
    expect(text).not.toContain('FV2026000123')
    expect(text).not.toContain('§ 29')
  })

  it('spans pages with the header row on each, whole rows and "page X / Y"', async () => {
    const pdf = await renderTaxDocumentPdf(withLines(czechInvoice(), 60))
    const pages = Number(pdfInfo(pdf).Pages)
    expect(pages).toBeGreaterThanOrEqual(2)
    const seen = new Set<string>()
    for (let page = 1; page <= pages; page++) {
      const text = squeeze(pdfText(pdf, page))
      expect(text).toContain(`Strana ${page} / ${pages}`)
      const rows = [...text.matchAll(/Položka č\. (\d+) – žluťoučký kůň SKU-(\d+) /g)]
      if (page === 1 || rows.length) expect(text).toContain('Položka Kód Množství')
      for (const [, n, sku] of rows) {
        // The row's name and SKU on one line of one page: the row did not split.
        expect(Number(sku)).toBe(Number(n))
        seen.add(n!)
      }
    }
    expect(seen.size).toBe(60)
    expect(squeeze(pdfText(pdf, 2))).toContain('Položka Kód Množství')
  })

  it('has no VAT columns and prints the note for a non-VAT-payer', async () => {
    const text = squeeze(pdfText(await renderTaxDocumentPdf(czechInvoice({ supplierVatPayer: false }))))
    expect(text).toContain('Dodavatel není plátcem DPH.')
    expect(text).toContain('Cena za jedn.')
    for (const absent of ['DPH %', 'bez DPH', 'Rekapitulace DPH', 'Celkem s DPH'])
      expect(text).not.toContain(absent)
  })

  it('states VAT in CZK on a foreign-currency invoice and the corrected document on a credit note', async () => {
    const exchange = { currency: 'CZK', rate: '24.325', date: '2026-03-04', vat: '5531.51' }
    const eur = squeeze(pdfText(await renderTaxDocumentPdf(czechInvoice({ currency: 'EUR', exchange }))))
    expect(eur).toContain('DPH v CZK při kurzu 24,325 CZK/EUR ze dne 4. 3. 2026: 5 531,51 CZK')
    const credit = squeeze(pdfText(await renderTaxDocumentPdf(czechCreditNote())))
    expect(credit).toContain('Opravný daňový doklad')
    expect(credit).toContain('Opravuje daňový doklad FV2026000123 ze dne 5. 3. 2026')
    expect(credit).not.toContain('Zaplaťte QR kódem')
  })

  it('draws a payment QR that a reader decodes from the rendered page', async () => {
    for (const doc of [czechInvoice(), slovakInvoice()]) {
      const pdf = await renderTaxDocumentPdf(doc)
      expect(pdfText(pdf)).toContain('Zaplať')
      expect(readQrFromPng(pdfPagePng(pdf, 1))).toBe(paymentQrPayload(doc)!.payload)
    }
  })

  it('a COD or paid-online invoice says it is paid in its language, asks for 0 and has no QR nor due date', async () => {
    const cases = [
      [czechInvoice({ paymentType: 'COD', paid: 'cod' }), 'Uhrazeno dobírkou', 'Celkem k úhradě 0,00 CZK'],
      [
        czechInvoice({ paymentType: 'Paid Online', paid: 'online' }),
        'Zaplaceno online',
        'Celkem k úhradě 0,00',
      ],
      [slovakInvoice({ paymentType: 'COD', paid: 'cod' }), 'Uhradené dobierkou', 'Celkom na úhradu 0,00'],
      [romanianInvoice({ paymentType: 'COD', paid: 'cod' }), 'Achitat ramburs', 'Total de plată 0,00'],
      [
        bulgarianInvoice({ paymentType: 'Paid Online', paid: 'online' }),
        'Платено онлайн',
        'Сума за плащане 0,00',
      ],
      [
        czechInvoice({ paymentType: 'COD', paid: 'cod', language: 'en' }),
        'Paid by cash on delivery',
        'Total to pay 0.00',
      ],
    ] as const
    for (const [n, [doc, paid, due]] of cases.entries()) {
      expect(paymentQrPayload(doc)).toBeNull()
      const pdf = await renderTaxDocumentPdf(doc)
      const text = squeeze(pdfText(pdf))
      expect(text).toContain(paid)
      expect(text).toContain(due)
      // Decoding a page takes seconds: the CZK (SPAYD) and the Slovak EUR (PAY by square) cases suffice.
      if (n === 0 || n === 2) expect(readQrFromPng(pdfPagePng(pdf, 1))).toBeNull()
    }
    const cz = squeeze(pdfText(await renderTaxDocumentPdf(czechInvoice({ paymentType: 'COD', paid: 'cod' }))))
    expect(cz).not.toContain('Datum splatnosti')
    expect(cz).not.toContain('Zaplaťte QR kódem')
    // The same invoice by bank transfer still asks for the money.
    const unpaid = await renderTaxDocumentPdf(czechInvoice())
    expect(squeeze(pdfText(unpaid))).toContain('Datum splatnosti')
    expect(readQrFromPng(pdfPagePng(unpaid, 1))).not.toBeNull()
  })

  it('prints a credit note’s reason with the corrected document’s number and date', async () => {
    const text = squeeze(pdfText(await renderTaxDocumentPdf(czechCreditNote({ note: 'Vrácené zboží' }))))
    expect(text).toContain('Opravuje daňový doklad FV2026000123 ze dne 5. 3. 2026')
    expect(text).toContain('Důvod opravy: Vrácené zboží')
  })

  it('keeps the text of a glyph first met inside a composite one on later documents', async () => {
    // Bold "Ôsmy" subsets Ô = O + ˆ; the shared parsed font must still map a later bold "O" to text.
    await renderTaxDocumentPdf(slovakInvoice())
    const text = pdfText(await renderTaxDocumentPdf(czechCreditNote()))
    expect(text).toContain('Opravný daňový doklad')
  })

  it('prints ff, fi and fl as the letters, not as ligatures, so names read back as written', async () => {
    const doc = czechInvoice()
    const name = 'Staff fiesta flow a1ff09 s.r.o.'
    const text = pdfText(await renderTaxDocumentPdf({ ...doc, supplier: { ...doc.supplier, name } }))
    expect(text).toContain(name)
    expect(text).not.toMatch(/[\ufb00-\ufb04]/)
  })

  it('writes the same document to a stream', async () => {
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (c: Buffer) => chunks.push(c))
    await writeTaxDocumentPdf(czechInvoice(), out)
    const pdf = Buffer.concat(chunks)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfText(pdf)).toContain('FV2026000123')
  })
})
