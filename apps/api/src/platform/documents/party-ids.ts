import { type DocumentLabels, documentTerms } from './labels.ts'
import type { DocumentLanguage, DocumentParty } from './tax-document.ts'

/**
 * A party's company identifiers as its own country names them (FINANCE.md "Place of supply, numbering and
 * document content", company identifier labels): the label follows the PARTY's country, not the document's
 * language, because it names a number that country's registers issue (a Romanian CUI/CIF is "CUI/CIF" on
 * a Czech document too). A label that is a phrase rather than the identifier's name (the register entry of
 * a country without an own abbreviation) is printed in the document's language. Data, per country.
 */
interface CountryIds {
  /** The company registration number (coid). */
  companyId: string
  /** The VAT id (taxid) when it carries the country's VAT prefix. */
  vatId: string
  /** The tax number without the VAT prefix, when the country prints it beside the VAT id (SK DIČ). */
  taxNumber?: string
  /** The register entry's label; by document language where the country words it in more than one. */
  register?: string | Partial<Record<DocumentLanguage, string>>
  /** Company id and VAT id are one code (RO CUI/CIF, printed once: with "RO" when VAT-registered). */
  oneTaxCode?: boolean
  /** The shape of a trade-register number stored as the company id (RO "J12/3456/2019"). */
  registerNumber?: RegExp
}

export const partyIdLabels: Record<string, CountryIds> = {
  // ZDPH § 29 (DIČ), zákon 304/2013 Sb. § 25 (IČO and the register's file number, "spisová značka").
  CZ: { companyId: 'IČO', vatId: 'DIČ', register: { cs: 'Spisová značka', sk: 'Spisová značka' } },
  // Zákon 222/2004 Z. z. § 74 (IČ DPH), § 3a Obchodného zákonníka (IČO, DIČ, the register entry "zápis v OR").
  SK: {
    companyId: 'IČO',
    vatId: 'IČ DPH',
    taxNumber: 'DIČ',
    register: { sk: 'Zápis v OR', cs: 'Zápis v OR' },
  },
  // Codul fiscal art. 319(20): "CUI/CIF" (with "RO" when VAT-registered); Legea 26/1990: "Nr. Reg. Com.".
  RO: {
    companyId: 'CUI/CIF',
    vatId: 'CUI/CIF',
    register: 'Nr. Reg. Com.',
    oneTaxCode: true,
    registerNumber: /^[JFC]\s*\d{1,2}\s*\/\s*\d+\s*\/\s*\d{4}$|^J\d{13}$/i,
  },
  // ЗДДС art. 114: "ЕИК" (the UIC of the commercial register) and "ДДС №" (BG + UIC).
  BG: { companyId: 'ЕИК', vatId: 'ДДС №' },
}

/** The party's identifier lines ("IČO: 27082440", "CUI/CIF: RO14399840", …) in print order. */
export function partyIdLines(p: DocumentParty, language: DocumentLanguage, labels: DocumentLabels): string[] {
  const country = partyIdLabels[p.countryCode.toUpperCase()]
  const registerTerm = documentTerms[language].register
  if (!country) {
    return [
      p.companyId && `${labels.companyId}: ${p.companyId}`,
      p.taxId && `${labels.vatId}: ${p.taxId}`,
      p.register && `${registerTerm}: ${p.register}`,
    ].filter(Boolean)
  }
  let companyId = p.companyId.trim()
  let register = p.register.trim()
  // A trade-register number kept in the company-id field (as older Romanian profiles do) is the register's.
  if (country.registerNumber?.test(companyId)) {
    if (!register) register = companyId
    companyId = ''
  }
  const taxId = p.taxId.trim()
  const lines: string[] = []
  if (country.oneTaxCode) {
    const code = taxId || companyId
    if (code) lines.push(`${country.vatId}: ${code}`)
    // A different company code beside the tax code is still printed.
    if (taxId && companyId && taxId.replace(/^[A-Z]{2}/i, '') !== companyId)
      lines.push(`${country.companyId}: ${companyId}`)
  } else {
    if (companyId) lines.push(`${country.companyId}: ${companyId}`)
    const prefixed = /^[A-Z]{2}/i.test(taxId)
    if (country.taxNumber && taxId) {
      lines.push(`${country.taxNumber}: ${taxId.replace(/^[A-Z]{2}/i, '')}`)
      if (prefixed) lines.push(`${country.vatId}: ${taxId}`)
    } else if (taxId) lines.push(`${country.vatId}: ${taxId}`)
  }
  if (register) {
    const label =
      typeof country.register === 'string' ? country.register : (country.register?.[language] ?? registerTerm)
    lines.push(`${label}: ${register}`)
  }
  return lines
}
