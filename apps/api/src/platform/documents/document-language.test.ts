import { describe, expect, it } from 'vitest'
import { pdfText } from '../../../test/pdf-tools.ts'
import { formatDate, formatMoney, formatNumber } from './format.ts'
import {
  countryName,
  documentLabels,
  documentTerms,
  documentTitle,
  fillLabel,
  paymentName,
  serviceName,
} from './labels.ts'
import { legalRules } from './legal-content.ts'
import { partyIdLabels } from './party-ids.ts'
import { renderTaxDocumentPdf } from './pdf.ts'
import type { DocumentLanguage, DocumentParty, TaxDocument } from './tax-document.ts'
import {
  billOf,
  bulgarianInvoice,
  czechInvoice,
  romanianInvoice,
  slovakInvoice,
  testLine,
  withTotals,
} from './test-documents.ts'

/**
 * Issue 24 "Documents wholly in their language": every document kind of every issuer country, in every
 * document language, read back with pdftotext (a tool nobody here wrote). It must show what FINANCE.md's
 * table asks of its issuer country, and no word of another language's catalogue nor a stored English value.
 */

const languages: DocumentLanguage[] = ['cs', 'sk', 'ro', 'bg', 'en']
const kinds = ['invoice', 'creditnote', 'bill', 'billcreditnote'] as const
const issuers = { CZ: czechInvoice, SK: slovakInvoice, RO: romanianInvoice, BG: bulgarianInvoice }

/** pdftotext -layout pads columns: compare with single spaces. */
const squeeze = (text: string) => text.replace(/[ \t]+/g, ' ')

function documentOf(country: keyof typeof issuers, kind: (typeof kinds)[number], language: DocumentLanguage) {
  const base = issuers[country]({ language, paymentType: 'COD' })
  if (kind === 'bill' || kind === 'billcreditnote') return billOf(base, kind)
  // A CZ or RO issuer's invoice in euros states its VAT in CZK or lei too (FINANCE.md's table).
  const local = { CZ: 'CZK', RO: 'RON' }[country as string]
  if (kind === 'invoice' && local)
    return {
      ...base,
      currency: 'EUR',
      exchange: { currency: local, rate: '24.325', date: '2026-03-04', vat: '5531.51' },
    }
  if (kind === 'invoice') return base
  const line = base.lines[0]!
  return withTotals({
    ...base,
    kind,
    number: country === 'BG' ? '0000000124' : `DB${base.number}`,
    lines: [testLine(line.name, line.sku, -1, line.nettoPrice, Number(line.vatPercent))],
    original: { id: base.id, number: base.number!, issuedDate: base.issuedDate },
  })
}

/** Every string of a language's catalogue: labels (split at their placeholders), terms and legal notes. */
function catalogue(language: DocumentLanguage): string[] {
  const terms = documentTerms[language]
  const strings = [
    ...Object.values(documentLabels[language]),
    terms.bill,
    terms.period,
    terms.register,
    ...Object.values(terms.payment),
    ...Object.values(terms.services),
    ...Object.values(legalRules).flatMap((r) => [r.lines.vatPayer[language], r.lines.nonVatPayer[language]]),
  ]
  return strings
    .flatMap((s) => s.split(/\{\w+\}/))
    .map((s) => s.replace(/[:/–\s]+$|^[:/–\s]+/g, ''))
    .filter((s) => /\p{L}{2}/u.test(s))
}

/** The strings of other languages' catalogues that are not words of `language` too. */
function foreignStrings(language: DocumentLanguage): string[] {
  const own = new Set(catalogue(language))
  const others = languages.filter((l) => l !== language).flatMap(catalogue)
  return [...new Set(others)].filter((s) => !own.has(s))
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** `needle` as a whole word or phrase of `text` (not inside a longer word: "Bank" is not in "Banca"). */
const hasPhrase = (text: string, needle: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'u').test(text)

const partyData = (p: DocumentParty) => [p.name, p.person, p.street, p.city, p.register]

/** The text without the document's own data and the names the law fixes whatever the language. */
function wordsOfTheDocument(text: string, doc: TaxDocument): string {
  const data = [
    ...partyData(doc.supplier),
    ...partyData(doc.customer),
    ...doc.lines.map((l) => l.name),
    ...doc.bankAccounts.map((a) => a.bankname),
    // Identifier labels follow the party's country (a Bulgarian supplier's "ЕИК" on a Czech document).
    ...Object.values(partyIdLabels).flatMap((c) => [c.companyId, c.vatId, c.taxNumber ?? '']),
    ...Object.values(partyIdLabels).flatMap((c) => Object.values(c.register ?? {})),
    'Nr. Reg. Com.',
    // Bulgarian law names the document in Bulgarian whatever the label language.
    ...(doc.supplier.countryCode === 'BG' ? ['ФАКТУРА', 'КРЕДИТНО ИЗВЕСТИЕ'] : []),
  ]
    .filter((s) => s.length > 1)
    .sort((a, b) => b.length - a.length)
  return data.reduce((t, s) => t.split(s).join(' '), text)
}

/** What FINANCE.md's "Legal content per issuer country" asks to see, as it prints in the document's language. */
function requiredItems(doc: TaxDocument): string[] {
  const l = documentLabels[doc.language]
  const s = doc.supplier
  const common = [
    documentTitle(l, doc.kind, doc.language),
    doc.number!,
    `${l.issueDate}:`,
    `${l.taxDate}:`,
    l.vatRecap,
    s.name,
    legalRules[s.countryCode]!.lines.vatPayer[doc.language],
    `${l.payment}: ${paymentName(doc.paymentType, doc.language)}`,
    countryName(s.countryCode, doc.language, s.country),
  ]
  const byCountry: Record<string, string[]> = {
    CZ: [`DIČ: ${s.taxId}`, `IČO: ${s.companyId}`],
    SK: [`IČ DPH: ${s.taxId}`, `IČO: ${s.companyId}`, `DIČ: ${s.taxId.slice(2)}`, registerProbe(doc, s)],
    RO: [`CUI/CIF: ${s.taxId}`, `Nr. Reg. Com.: ${s.register}`],
    BG: [
      `ЕИК: ${s.companyId}`,
      `ДДС №: ${s.taxId}`,
      ...(doc.kind.endsWith('creditnote') ? ['КРЕДИТНО', 'ИЗВЕСТИЕ'] : ['ФАКТУРА']),
    ],
  }
  const exchange = doc.exchange
    ? [
        fillLabel(l.vatInLocal, {
          vat: formatMoney(doc.exchange.vat, doc.language),
          local: doc.exchange.currency,
          rate: formatNumber(doc.exchange.rate, doc.language),
          currency: doc.currency,
          date: formatDate(doc.exchange.date, doc.language),
        }),
      ]
    : []
  const bill = doc.period
    ? [
        serviceName('storage', doc.language),
        serviceName('receiving', doc.language),
        fillPeriod(doc),
        // The client's register entry is printed when set.
        ...(doc.customer.register ? [registerProbe(doc, doc.customer)] : []),
      ]
    : []
  return [...common, ...byCountry[s.countryCode]!, ...exchange, ...bill]
}

/** A party's register entry as it begins: its label by the party's country and language, then the entry. */
function registerProbe(doc: TaxDocument, p: DocumentParty): string {
  const own = partyIdLabels[p.countryCode]?.register
  const label = typeof own === 'string' ? own : (own?.[doc.language] ?? documentTerms[doc.language].register)
  return `${label}: ${p.register.split(' ').slice(0, 2).join(' ')}`
}

function fillPeriod(doc: TaxDocument): string {
  const date = doc.language === 'cs' || doc.language === 'sk' ? ['1. 11. 2026', '30. 11. 2026'] : null
  const [start, end] =
    date ?? (doc.language === 'en' ? ['2026-11-01', '2026-11-30'] : ['01.11.2026', '30.11.2026'])
  return documentTerms[doc.language].period.replace('{start}', start!).replace('{end}', end!)
}

/** Stored values in English that must never print on a document in another language. */
const rawEnglish = ['Czech', 'Bank transfer', 'COD', 'Paid Online', 'Receiving', 'Storage']

describe.each(Object.keys(issuers) as (keyof typeof issuers)[])('a %s issuer’s documents', (country) => {
  it.each(languages)(
    'in %s: show what the issuer’s law asks and only words of that language',
    async (language) => {
      const foreign = foreignStrings(language)
      for (const kind of kinds) {
        const doc = documentOf(country, kind, language)
        const text = squeeze(pdfText(await renderTaxDocumentPdf(doc)))
        const where = `${country} ${kind} in ${language}`
        for (const item of requiredItems(doc)) expect(text, `${where} shows "${item}"`).toContain(item)
        // Column headers wrap within their column: each of their words is there.
        const l = documentLabels[language]
        for (const header of [l.unitPrice, l.base, l.vatPercent])
          for (const word of header.split(' ')) expect(text, `${where} shows "${header}"`).toContain(word)
        const words = wordsOfTheDocument(text, doc)
        const strays = foreign.filter((s) => hasPhrase(words, s))
        if (language !== 'en') strays.push(...rawEnglish.filter((s) => hasPhrase(words, s)))
        expect(strays, `${where}: strings outside its language`).toEqual([])
      }
    },
  )
})

/** The strings outside `doc`'s language that its rendered text shows. */
async function straysOf(doc: TaxDocument): Promise<string[]> {
  const words = wordsOfTheDocument(squeeze(pdfText(await renderTaxDocumentPdf(doc))), doc)
  const strays = foreignStrings(doc.language).filter((s) => hasPhrase(words, s))
  if (doc.language !== 'en') strays.push(...rawEnglish.filter((s) => hasPhrase(words, s)))
  return strays
}

describe('the check for strings outside the document’s language', () => {
  it('finds another language’s catalogue sentence and a stored English value on a document', async () => {
    const doc = slovakInvoice({ note: 'Dodavatel není plátcem DPH. Paid Online' })
    expect(await straysOf(doc)).toEqual(
      expect.arrayContaining(['Dodavatel není plátcem DPH.', 'Paid Online']),
    )
    expect(await straysOf(slovakInvoice())).toEqual([])
  })
})

describe('a bill', () => {
  it('is titled by the bill’s own name in each language, a bill credit note as a credit note', () => {
    expect(languages.map((l) => documentTitle(documentLabels[l], 'bill', l))).toEqual([
      'Vyúčtování – daňový doklad',
      'Vyúčtovanie – faktúra',
      'Factură',
      'ФАКТУРА',
      'Bill – tax invoice',
    ])
    expect(documentTitle(documentLabels.cs, 'billcreditnote', 'cs')).toBe('Opravný daňový doklad')
  })
})
