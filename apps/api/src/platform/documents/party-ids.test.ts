import { describe, expect, it } from 'vitest'
import { documentLabels } from './labels.ts'
import { partyIdLines } from './party-ids.ts'
import type { DocumentLanguage, DocumentParty } from './tax-document.ts'
import { party } from './test-documents.ts'

const lines = (p: Partial<DocumentParty>, language: DocumentLanguage = 'cs') =>
  partyIdLines(party({ name: 'Firma', ...p }), language, documentLabels[language])

describe('partyIdLines', () => {
  it('labels a Czech company by IČO, DIČ and its register file number, on a document in any language', () => {
    const cz = {
      countryCode: 'CZ',
      companyId: '27082440',
      taxId: 'CZ27082440',
      register: 'C 98765 vedená u KS v Brně',
    }
    expect(lines(cz)).toEqual([
      'IČO: 27082440',
      'DIČ: CZ27082440',
      'Spisová značka: C 98765 vedená u KS v Brně',
    ])
    expect(lines(cz, 'en')).toEqual([
      'IČO: 27082440',
      'DIČ: CZ27082440',
      'Commercial register: C 98765 vedená u KS v Brně',
    ])
  })

  it('prints a Slovak VAT payer’s IČO, DIČ and IČ DPH, and its register entry', () => {
    const sk = {
      countryCode: 'SK',
      companyId: '36500968',
      taxId: 'SK2021778899',
      register: 'Okresný súd Prešov',
    }
    expect(lines(sk, 'sk')).toEqual([
      'IČO: 36500968',
      'DIČ: 2021778899',
      'IČ DPH: SK2021778899',
      'Zápis v OR: Okresný súd Prešov',
    ])
    // A non-payer has a DIČ only.
    expect(lines({ countryCode: 'SK', companyId: '36500968', taxId: '2021778899' }, 'sk')).toEqual([
      'IČO: 36500968',
      'DIČ: 2021778899',
    ])
  })

  it('prints a Romanian CUI/CIF once and the trade-register number as Nr. Reg. Com., even from the company-id field', () => {
    expect(
      lines(
        { countryCode: 'RO', companyId: '38450126', taxId: 'RO38450126', register: 'J12/3456/2019' },
        'ro',
      ),
    ).toEqual(['CUI/CIF: RO38450126', 'Nr. Reg. Com.: J12/3456/2019'])
    // Today's profiles keep the J number as the company id: it is the register's, not a CUI.
    expect(lines({ countryCode: 'RO', companyId: 'J12/3456/2019', taxId: 'RO41234567' }, 'bg')).toEqual([
      'CUI/CIF: RO41234567',
      'Nr. Reg. Com.: J12/3456/2019',
    ])
  })

  it('prints a Bulgarian ЕИК and ДДС №', () => {
    expect(lines({ countryCode: 'BG', companyId: '204123454', taxId: 'BG204123454' }, 'en')).toEqual([
      'ЕИК: 204123454',
      'ДДС №: BG204123454',
    ])
  })

  it('uses the document language’s labels for a country without its own', () => {
    expect(lines({ countryCode: 'DE', companyId: 'HRB 1234', taxId: 'DE123456789' }, 'sk')).toEqual([
      'IČO: HRB 1234',
      'IČ DPH: DE123456789',
    ])
  })
})
