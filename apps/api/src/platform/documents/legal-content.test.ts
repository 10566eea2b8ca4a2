import { describe, expect, it } from 'vitest'
import { legalLines, missingLegalContent } from './legal-content.ts'
import {
  bulgarianInvoice,
  czechCreditNote,
  czechInvoice,
  romanianInvoice,
  slovakInvoice,
} from './test-documents.ts'

describe('missingLegalContent', () => {
  it('finds nothing missing on the valid example of each issuer country', () => {
    for (const doc of [
      czechInvoice(),
      czechCreditNote(),
      slovakInvoice(),
      romanianInvoice(),
      bulgarianInvoice(),
    ]) {
      expect(missingLegalContent(doc), doc.supplier.countryCode).toEqual([])
    }
  })

  it('needs both VAT numbers when no VAT is charged: reverse charge and exempt intra-Community supply', () => {
    const doc = czechInvoice()
    for (const vatTreatment of ['reverse-charge', 'intra-community-exempt']) {
      expect(missingLegalContent({ ...doc, vatTreatment })).toEqual(['customer.taxId'])
      const both = { ...doc, vatTreatment, supplier: { ...doc.supplier, taxId: '' } }
      expect(missingLegalContent(both)).toEqual(['supplier.taxId', 'customer.taxId'])
      const ok = { ...doc, vatTreatment, customer: { ...doc.customer, taxId: 'SK2022749619' } }
      expect(missingLegalContent(ok)).toEqual([])
    }
  })

  it('names the supplier DIČ of a Czech VAT payer', () => {
    const doc = czechInvoice()
    expect(missingLegalContent({ ...doc, supplier: { ...doc.supplier, taxId: '' } })).toEqual([
      'supplier.taxId',
    ])
  })

  it('does not ask a non-VAT-payer for a VAT id, a VAT recapitulation or an exchange rate', () => {
    const doc = czechInvoice({ supplierVatPayer: false, currency: 'EUR' })
    expect(missingLegalContent({ ...doc, supplier: { ...doc.supplier, taxId: '' } })).toEqual([])
  })

  it('asks a Slovak supplier for its register entry', () => {
    const doc = slovakInvoice()
    expect(missingLegalContent({ ...doc, supplier: { ...doc.supplier, register: '' } })).toEqual([
      'supplier.register',
    ])
  })

  it('rejects a Bulgarian number that is not 10 digits', () => {
    expect(missingLegalContent(bulgarianInvoice({ number: '123' }))).toEqual(['number.format'])
    expect(missingLegalContent(bulgarianInvoice({ number: 'FV00000123' }))).toEqual(['number.format'])
  })

  it('rejects a Czech number longer than 60 characters', () => {
    expect(missingLegalContent(czechInvoice({ number: 'F'.repeat(61) }))).toEqual(['number.format'])
  })

  it('does not check the number of a draft', () => {
    expect(missingLegalContent(bulgarianInvoice({ number: null }))).toEqual([])
  })

  it('asks for the exchange rate on a foreign-currency Czech or Romanian document', () => {
    expect(missingLegalContent(czechInvoice({ currency: 'EUR' }))).toEqual(['exchange'])
    expect(missingLegalContent(romanianInvoice({ currency: 'EUR' }))).toEqual(['exchange'])
    const exchange = { currency: 'CZK', rate: '24.325', date: '2026-03-04', vat: '1234.00' }
    expect(missingLegalContent(czechInvoice({ currency: 'EUR', exchange }))).toEqual([])
  })

  it('leaves out of a draft what issuing fills in, never out of an issued document', () => {
    const draft = czechInvoice({ currency: 'EUR', number: null, issuedDate: '' })
    expect(missingLegalContent(draft, ['exchange'])).toEqual(['issuedDate'])
    expect(missingLegalContent(draft, ['exchange', 'issuedDate'])).toEqual([])
    expect(missingLegalContent({ ...draft, number: 'FVCZ2026000001' }, ['exchange', 'issuedDate'])).toEqual([
      'issuedDate',
      'exchange',
    ])
  })

  it('asks a credit note for the document it corrects', () => {
    expect(missingLegalContent(czechCreditNote({ original: null }))).toEqual(['original'])
  })

  it('has no rule for a country without one', () => {
    const doc = czechInvoice()
    expect(
      missingLegalContent({ ...doc, supplier: { ...doc.supplier, countryCode: 'DE', taxId: '' } }),
    ).toEqual([])
  })
})

describe('legalLines', () => {
  it('prints the issuer country law for a VAT payer and the non-payer note otherwise', () => {
    expect(legalLines(czechInvoice())[0]).toContain('§ 29')
    expect(legalLines(bulgarianInvoice())[0]).toContain('чл. 114')
    expect(legalLines(slovakInvoice({ supplierVatPayer: false }))).toEqual([
      'Dodávateľ nie je platiteľom DPH.',
    ])
  })

  it('words the issuer’s law in the document’s language', () => {
    expect(legalLines(czechInvoice({ language: 'ro' }))).toEqual([
      'Document fiscal conform § 29 din Legea cehă nr. 235/2004 Sb. privind TVA.',
    ])
    expect(legalLines(slovakInvoice({ language: 'cs' }))).toEqual([
      'Daňový doklad podle § 74 slovenského zákona č. 222/2004 Z. z., o DPH.',
    ])
    expect(legalLines(romanianInvoice({ language: 'cs' }))[0]).toContain('rumunského daňového zákoníku')
    expect(legalLines(bulgarianInvoice({ language: 'en' }))[0]).toContain('Bulgarian VAT Act')
  })
})
