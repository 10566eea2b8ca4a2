import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { isdocXml } from './isdoc.ts'
import { czechCreditNote, czechInvoice, withLines } from './test-documents.ts'
import { testLine, withTotals } from './test-lines.ts'

const schema = path.resolve(import.meta.dirname, '../../../test/fixtures/isdoc/isdoc-invoice-6.0.2.xsd')
const dir = mkdtempSync(path.join(tmpdir(), 'expedo-isdoc-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** xmllint's verdict on `xml` against the official ISDOC 6.0.2 schema. */
function validate(xml: string, name: string): { ok: boolean; output: string } {
  const xmllint = ensureDebianTool('xmllint', 'libxml2-utils')
  const file = path.join(dir, `${name}.isdoc`)
  writeFileSync(file, xml)
  const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
  return { ok: r.status === 0, output: r.stderr }
}

describe('isdocXml', () => {
  it('writes an invoice that the official ISDOC 6.0.2 schema accepts', () => {
    const xml = isdocXml(czechInvoice())
    expect(xml).toContain('<Invoice xmlns="http://isdoc.cz/namespace/2013" version="6.0.2">')
    expect(xml).toContain('<DocumentType>1</DocumentType>')
    expect(xml).toContain('<ID>FV2026000123</ID>')
    expect(xml).toContain('<VariableSymbol>2026000123</VariableSymbol>')
    const verdict = validate(xml, 'invoice')
    expect(verdict.output).toContain('validates')
    expect(verdict.ok).toBe(true)
  })

  it('writes a credit note with its original document reference that validates', () => {
    const xml = isdocXml(czechCreditNote())
    expect(xml).toContain('<DocumentType>2</DocumentType>')
    expect(xml).toMatch(/<OriginalDocumentReference id="original">\s*<ID>FV2026000123<\/ID>/)
    expect(validate(xml, 'credit-note').ok).toBe(true)
  })

  it('validates a long, a non-VAT-payer and a foreign-currency invoice', () => {
    const exchange = { currency: 'CZK', rate: '24.325', date: '2026-03-04', vat: '5531.51' }
    const eur = isdocXml(czechInvoice({ currency: 'EUR', exchange }))
    expect(eur).toContain('<ForeignCurrencyCode>EUR</ForeignCurrencyCode>')
    expect(eur).toContain('<CurrRate>24.325</CurrRate>')
    for (const [name, xml] of [
      ['long', isdocXml(withLines(czechInvoice(), 60))],
      ['non-vat-payer', isdocXml(czechInvoice({ supplierVatPayer: false }))],
      ['eur', eur],
    ] as const) {
      const verdict = validate(xml, name)
      expect(verdict.ok, `${name}: ${verdict.output}`).toBe(true)
    }
  })

  it('marks reverse-charged and exempt intra-Community lines as not subject to VAT, with the wording, and validates', () => {
    const zeroRated = (vatTreatment: string, language: 'sk' | 'ro') =>
      withTotals({
        ...czechInvoice(),
        vatTreatment,
        language,
        customer: { ...czechInvoice().customer, name: 'Záhrada s.r.o.', taxId: 'SK2022749619' },
        lines: [testLine('Fulfilment', '', 10, '25.00', 0), testLine('Storage', '', 3, '12.50', 0)],
      })
    const exempt = isdocXml(zeroRated('intra-community-exempt', 'sk'))
    expect(exempt).toContain(
      '<Note>Oslobodené od dane podľa § 64 ZDPH (dodanie tovaru do iného členského štátu).</Note>',
    )
    expect(exempt).not.toMatch(/<VATApplicable>true<\/VATApplicable>\s*<\/ClassifiedTaxCategory>/)
    expect(exempt).toMatch(
      /<Percent>0<\/Percent>\s*<VATCalculationMethod>0<\/VATCalculationMethod>\s*<VATApplicable>false/,
    )
    const reverse = isdocXml(zeroRated('reverse-charge', 'ro'))
    expect(reverse).toContain('<Note>Taxare inversă (art. 196 din Directiva 2006/112/CE).</Note>')
    for (const [name, xml] of [
      ['exempt', exempt],
      ['reverse-charge', reverse],
    ] as const) {
      const verdict = validate(xml, name)
      expect(verdict.ok, `${name}: ${verdict.output}`).toBe(true)
    }
  })

  it('is checked by a validator that rejects an invalid document', () => {
    const broken = isdocXml(czechInvoice()).replace(
      '<DocumentType>1</DocumentType>',
      '<DocumentType>9</DocumentType>',
    )
    const verdict = validate(broken, 'broken')
    expect(verdict.ok).toBe(false)
    expect(verdict.output).toContain('DocumentType')
  })

  it('lines sum to the totals to the cent in the local currency of a foreign-currency invoice', () => {
    const exchange = { currency: 'CZK', rate: '24.325', date: '2026-03-04', vat: '0' }
    const eur = withLines(czechInvoice({ currency: 'EUR' }), 60)
    // The stated VAT in CZK as issuing stores it: the document's VAT converted once.
    exchange.vat = (Math.round(Number(eur.totals.vat) * 24.325 * 100) / 100).toFixed(2)
    const xml = isdocXml({ ...eur, exchange })
    const values = (tag: string) =>
      [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((m) =>
        Math.round(Number(m[1]) * 100),
      )
    const sum = (tag: string) => values(tag).reduce((a, b) => a + b, 0)
    const total = (tag: string) => values(tag).at(-1)
    expect(values('LineExtensionAmount')).toHaveLength(60)
    expect(sum('LineExtensionAmount')).toBe(total('TaxExclusiveAmount'))
    expect(sum('LineExtensionAmountTaxInclusive')).toBe(total('TaxInclusiveAmount'))
    expect(sum('LineExtensionTaxAmount')).toBe(total('TaxAmount'))
    expect(total('TaxAmount')).toBe(Math.round(Number(exchange.vat) * 100))
    // The VAT subtotals are the lines' sums too.
    expect(sum('TaxableAmount')).toBe(total('TaxExclusiveAmount'))
    expect(sum('LineExtensionAmountCurr')).toBe(Math.round(Number(eur.totals.netto) * 100))
    expect(validate(xml, 'eur-60').ok).toBe(true)
  })

  it('a COD or paid-online invoice is paid: its payment means, nothing payable; a gross line says so', () => {
    const grossLine = { ...czechInvoice().lines[0]!, grossPriced: true }
    const cod = isdocXml(czechInvoice({ paymentType: 'COD', paid: 'cod', lines: [grossLine] }))
    expect(cod).toContain('<PaymentMeansCode>50</PaymentMeansCode>')
    expect(cod).toContain('<PayableAmount>0.00</PayableAmount>')
    expect(cod).toContain('<VATCalculationMethod>1</VATCalculationMethod>')
    expect(cod).not.toContain('<PaymentDueDate>')
    const online = isdocXml(czechInvoice({ paymentType: 'Paid Online', paid: 'online' }))
    expect(online).toContain('<PaymentMeansCode>48</PaymentMeansCode>')
    expect(online).toContain('<PayableAmount>0.00</PayableAmount>')
    expect(online).toContain('<VATCalculationMethod>0</VATCalculationMethod>')
    const transfer = isdocXml(czechInvoice())
    expect(transfer).toContain('<PaymentMeansCode>42</PaymentMeansCode>')
    expect(transfer).not.toContain('<PayableAmount>0.00</PayableAmount>')
    for (const [name, xml] of [
      ['cod', cod],
      ['online', online],
    ] as const) {
      const verdict = validate(xml, name)
      expect(verdict.ok, `${name}: ${verdict.output}`).toBe(true)
    }
  })

  it('refuses a draft', () => {
    expect(() => isdocXml(czechInvoice({ number: null }))).toThrow(/draft/)
  })
})
