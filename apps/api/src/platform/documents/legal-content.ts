import { AppError } from '../http/app-error.ts'
import type { DocumentLanguage, DocumentParty, TaxDocument } from './tax-document.ts'

/**
 * What a tax document must show, per issuer country (FINANCE.md "Legal content per issuer country"),
 * as data so an accountant can correct it without a code change. Keyed by the supplier's countryCode.
 * Summaries for engineers, not legal advice.
 */
export interface LegalRule {
  /** The law the rule summarises. */
  law: string
  /** The country's own currency, in which VAT must also be stated on a foreign-currency document. */
  localCurrency: string
  /** The supplier must show its VAT id (when it is a VAT payer). */
  supplierVatId: boolean
  /** The supplier must show its company id (IČO, CUI, ЕИК). */
  supplierCompanyId: boolean
  /** The supplier must show its commercial register entry (SK Obchodný zákonník §3a). */
  supplierRegister: boolean
  /** A company customer (one with a company id) must be identified by its VAT id when it has one. */
  customerVatId: boolean
  /** The issued number's shape. */
  number: { maxLength: number; pattern: RegExp; describe: string }
  /**
   * The note of this issuer country's law printed on every document, in each document language (the
   * issuer's law, the document's language: a Czech issuer's note on a Slovak customer's invoice is Slovak).
   */
  lines: { vatPayer: Record<DocumentLanguage, string>; nonVatPayer: Record<DocumentLanguage, string> }
  /** The document name the law requires whatever the label language (BG art. 114(1)(1)). */
  documentName?: { invoice: string; creditNote: string }
}

export const legalRules: Record<string, LegalRule> = {
  CZ: {
    law: '§ 29 zákona č. 235/2004 Sb., o dani z přidané hodnoty',
    localCurrency: 'CZK',
    supplierVatId: true,
    supplierCompanyId: true,
    supplierRegister: false,
    customerVatId: true,
    // The control statement keeps 60 characters and compares only the alphanumeric ones.
    number: {
      maxLength: 60,
      pattern: /^[0-9A-Za-z/\-_.]+$/,
      describe: 'alphanumeric, at most 60 characters',
    },
    lines: {
      vatPayer: {
        cs: 'Daňový doklad podle § 29 zákona č. 235/2004 Sb., o DPH.',
        sk: 'Daňový doklad podľa § 29 českého zákona č. 235/2004 Sb. o DPH.',
        ro: 'Document fiscal conform § 29 din Legea cehă nr. 235/2004 Sb. privind TVA.',
        bg: 'Данъчен документ съгласно § 29 от чешкия Закон № 235/2004 Sb. за ДДС.',
        en: 'Tax document under § 29 of the Czech VAT Act No. 235/2004 Coll.',
      },
      nonVatPayer: {
        cs: 'Dodavatel není plátcem DPH.',
        sk: 'Dodávateľ nie je platiteľom DPH.',
        ro: 'Furnizorul nu este înregistrat în scopuri de TVA.',
        bg: 'Доставчикът не е регистриран по ДДС.',
        en: 'The supplier is not a VAT payer.',
      },
    },
  },
  SK: {
    law: '§ 74 zákona č. 222/2004 Z. z. o dani z pridanej hodnoty',
    localCurrency: 'EUR',
    supplierVatId: true,
    supplierCompanyId: true,
    supplierRegister: true,
    customerVatId: true,
    number: {
      maxLength: 60,
      pattern: /^[0-9A-Za-z/\-_.]+$/,
      describe: 'alphanumeric, at most 60 characters',
    },
    lines: {
      vatPayer: {
        sk: 'Faktúra podľa § 74 zákona č. 222/2004 Z. z. o DPH.',
        cs: 'Daňový doklad podle § 74 slovenského zákona č. 222/2004 Z. z., o DPH.',
        ro: 'Document fiscal conform § 74 din Legea slovacă nr. 222/2004 Z. z. privind TVA.',
        bg: 'Данъчен документ съгласно § 74 от словашкия Закон № 222/2004 Z. z. за ДДС.',
        en: 'Tax document under § 74 of the Slovak VAT Act No. 222/2004 Coll.',
      },
      nonVatPayer: {
        sk: 'Dodávateľ nie je platiteľom DPH.',
        cs: 'Dodavatel není plátcem DPH.',
        ro: 'Furnizorul nu este înregistrat în scopuri de TVA.',
        bg: 'Доставчикът не е регистриран по ДДС.',
        en: 'The supplier is not a VAT payer.',
      },
    },
  },
  RO: {
    law: 'art. 319 alin. (20) din Legea nr. 227/2015 privind Codul fiscal',
    localCurrency: 'RON',
    supplierVatId: true,
    supplierCompanyId: true,
    supplierRegister: false,
    customerVatId: true,
    number: { maxLength: 60, pattern: /^[0-9A-Za-z/\-_.]+$/, describe: 'series and number, alphanumeric' },
    lines: {
      vatPayer: {
        ro: 'Factură emisă conform art. 319 din Codul fiscal.',
        cs: 'Daňový doklad vystavený podle čl. 319 rumunského daňového zákoníku.',
        sk: 'Daňový doklad vyhotovený podľa čl. 319 rumunského daňového zákonníka.',
        bg: 'Данъчен документ, издаден съгласно чл. 319 от румънския Данъчен кодекс.',
        en: 'Tax document issued under art. 319 of the Romanian Fiscal Code.',
      },
      nonVatPayer: {
        ro: 'Furnizorul nu este înregistrat în scopuri de TVA.',
        cs: 'Dodavatel není plátcem DPH.',
        sk: 'Dodávateľ nie je platiteľom DPH.',
        bg: 'Доставчикът не е регистриран по ДДС.',
        en: 'The supplier is not a VAT payer.',
      },
    },
  },
  BG: {
    law: 'чл. 114 от Закона за данък върху добавената стойност',
    // Bulgaria adopted the euro on 2026-01-01; invoices are exempt from dual BGN/EUR display.
    localCurrency: 'EUR',
    supplierVatId: true,
    supplierCompanyId: true,
    supplierRegister: false,
    customerVatId: true,
    // Art. 114(1)(2): a ten-digit number of Arabic numerals only.
    number: { maxLength: 10, pattern: /^\d{10}$/, describe: 'exactly 10 digits' },
    lines: {
      vatPayer: {
        bg: 'Фактура по чл. 114 от ЗДДС.',
        cs: 'Daňový doklad podle čl. 114 bulharského zákona o DPH (ZDDS).',
        sk: 'Daňový doklad podľa čl. 114 bulharského zákona o DPH (ZDDS).',
        ro: 'Document fiscal conform art. 114 din Legea bulgară privind TVA (ZDDS).',
        en: 'Tax document under art. 114 of the Bulgarian VAT Act (ZDDS).',
      },
      nonVatPayer: {
        bg: 'Доставчикът не е регистриран по ЗДДС.',
        cs: 'Dodavatel není plátcem DPH.',
        sk: 'Dodávateľ nie je platiteľom DPH.',
        ro: 'Furnizorul nu este înregistrat în scopuri de TVA.',
        en: 'The supplier is not a VAT payer.',
      },
    },
    documentName: { invoice: 'ФАКТУРА', creditNote: 'КРЕДИТНО ИЗВЕСТИЕ' },
  },
}

/** The rule of the document's issuer country, or undefined for a country without one. */
export function legalRuleFor(doc: TaxDocument): LegalRule | undefined {
  return legalRules[doc.supplier.countryCode.toUpperCase()]
}

const hasAddress = (p: DocumentParty) => Boolean(p.street.trim() && p.city.trim())

/**
 * What the document lacks under its issuer country's rule, as stable keys ('supplier.taxId',
 * 'number.format', 'exchange', …); [] when complete or when the country has no rule. A draft
 * (number null) is not a tax document yet, so its number is not checked, nor the parts `setAtIssue`
 * names: those issuing fills in (an invoice's exchange rate; a bill's dates too).
 */
export function missingLegalContent(doc: TaxDocument, setAtIssue: readonly string[] = []): string[] {
  const rule = legalRuleFor(doc)
  if (!rule) return []
  const missing: string[] = []
  const need = (ok: boolean, key: string) => {
    if (!ok && !(doc.number === null && setAtIssue.includes(key))) missing.push(key)
  }
  const { supplier, customer } = doc
  need(Boolean(supplier.name.trim()), 'supplier.name')
  need(hasAddress(supplier), 'supplier.address')
  if (doc.supplierVatPayer && rule.supplierVatId) need(Boolean(supplier.taxId.trim()), 'supplier.taxId')
  if (rule.supplierCompanyId) need(Boolean(supplier.companyId.trim()), 'supplier.companyId')
  if (rule.supplierRegister) need(Boolean(supplier.register.trim()), 'supplier.register')
  need(Boolean(customer.name.trim() || customer.person.trim()), 'customer.name')
  // No VAT charged because the customer accounts for it or the supply is exempt: both VAT numbers are
  // required (Directive 2006/112/EC art. 226(3) and (4)).
  if (doc.vatTreatment === 'reverse-charge' || doc.vatTreatment === 'intra-community-exempt') {
    if (!missing.includes('supplier.taxId')) need(Boolean(supplier.taxId.trim()), 'supplier.taxId')
    need(Boolean(customer.taxId.trim()), 'customer.taxId')
  }
  need(hasAddress(customer), 'customer.address')
  if (doc.number !== null) {
    need(Boolean(doc.number.trim()), 'number')
    const n = doc.number.trim()
    if (n) need(n.length <= rule.number.maxLength && rule.number.pattern.test(n), 'number.format')
  }
  need(/^\d{4}-\d{2}-\d{2}$/.test(doc.issuedDate), 'issuedDate')
  need(/^\d{4}-\d{2}-\d{2}$/.test(doc.taxDate), 'taxDate')
  need(doc.lines.length > 0, 'lines')
  if (doc.supplierVatPayer) {
    need(doc.vatRecap.length > 0, 'vatRecap')
    const foreign = doc.currency.toUpperCase() !== rule.localCurrency
    if (foreign) need(doc.exchange?.currency.toUpperCase() === rule.localCurrency, 'exchange')
  }
  if (doc.kind === 'creditnote' || doc.kind === 'billcreditnote') need(doc.original !== null, 'original')
  return missing
}

/** The issuer country's legal note in the document's language, for the PDF ([] for a country without a rule). */
export function legalLines(doc: TaxDocument): string[] {
  const rule = legalRuleFor(doc)
  if (!rule) return []
  const lines = doc.supplierVatPayer ? rule.lines.vatPayer : rule.lines.nonVatPayer
  return [lines[doc.language] ?? lines.en]
}

/**
 * Refuses to issue a document that lacks what its issuer country's law requires: 409 LEGAL_CONTENT_MISSING
 * with one detail per missing part (the keys of `missingLegalContent`), nothing written by the caller's
 * rolled-back transaction. `what` names the document in the message ('The invoice'); `only` limits the check
 * to some parts ('number' checks the number and its format).
 */
export function assertLegalContent(doc: TaxDocument, what: string, only?: string): void {
  const missing = missingLegalContent(doc).filter((key) => !only || key.split('.')[0] === only)
  if (!missing.length) return
  const law = legalRuleFor(doc)?.law ?? ''
  throw new AppError(
    'LEGAL_CONTENT_MISSING',
    `${what} cannot be issued: ${law} requires ${missing.join(', ')}. Complete them, then issue`,
    Object.fromEntries(missing.map((key) => [key, `is required by ${law}`])),
  )
}
