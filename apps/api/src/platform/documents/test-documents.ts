import { serviceName } from './labels.ts'
import type { DocumentParty, TaxDocument } from './tax-document.ts'
import { testLine, withTotals } from './test-lines.ts'

export { testLine, withLines, withTotals } from './test-lines.ts'

/**
 * Valid example documents for tests (Czech, Slovak, Romanian, Bulgarian issuers), built from data only.
 * Each takes overrides; `withLines` (test-lines.ts) makes an invoice of any length with consistent totals.
 */

/** A party with every field empty but `overrides`. */
export const party = (overrides: Partial<DocumentParty>): DocumentParty => ({
  name: '',
  person: '',
  street: '',
  streetNr: '',
  postcode: '',
  city: '',
  country: '',
  countryCode: '',
  companyId: '',
  taxId: '',
  register: '',
  email: '',
  phone: '',
  ...overrides,
})

export function czechInvoice(overrides: Partial<TaxDocument> = {}): TaxDocument {
  return withTotals({
    id: '0193a0c4-0000-7000-8000-000000000001',
    kind: 'invoice',
    number: 'FV2026000123',
    variableSymbol: '2026000123',
    orderNumber: 'OBJ-55821',
    currency: 'CZK',
    issuedDate: '2026-03-05',
    taxDate: '2026-03-04',
    dueDate: '2026-03-19',
    paymentType: 'Bank transfer',
    supplier: party({
      name: 'Žluťoučký kůň s.r.o.',
      street: 'Náměstí Míru',
      streetNr: '12',
      postcode: '120 00',
      city: 'Praha 2',
      country: 'Czech',
      countryCode: 'CZ',
      companyId: '27082440',
      taxId: 'CZ27082440',
      email: 'fakturace@kun.example',
    }),
    supplierVatPayer: true,
    bankAccounts: [
      {
        bankname: 'Česká spořitelna',
        accountNr: '19-2000145399',
        bankCode: '0800',
        iban: 'CZ6508000000192000145399',
        swift: 'GIBACZPX',
        currency: 'CZK',
      },
    ],
    customer: party({
      name: '',
      person: 'Jiří Řeřicha',
      street: 'Ďáblická',
      streetNr: '7',
      postcode: '182 00',
      city: 'Praha 8 – Ďáblice',
      country: 'Czech',
      countryCode: 'CZ',
    }),
    shipTo: null,
    lines: [
      testLine('Čajová konvice ěščřžýáíéůú', 'TEA-001', 2, '450.00', 21),
      testLine('Kniha „Příliš žluťoučký kůň“', 'BOOK-7', 1, '320.00', 12),
    ],
    vatRecap: [],
    totals: { netto: '0', vat: '0', brutto: '0' },
    exchange: null,
    original: null,
    language: 'cs',
    note: '',
    ...overrides,
  })
}

export function czechCreditNote(overrides: Partial<TaxDocument> = {}): TaxDocument {
  const invoice = czechInvoice()
  return czechInvoice({
    id: '0193a0c4-0000-7000-8000-000000000002',
    kind: 'creditnote',
    number: 'DB2026000007',
    variableSymbol: '2026000007',
    issuedDate: '2026-03-10',
    taxDate: '2026-03-10',
    dueDate: '2026-03-24',
    lines: [testLine('Čajová konvice ěščřžýáíéůú', 'TEA-001', -1, '450.00', 21)],
    original: { id: invoice.id, number: invoice.number!, issuedDate: invoice.issuedDate },
    ...overrides,
  })
}

export function slovakInvoice(overrides: Partial<TaxDocument> = {}): TaxDocument {
  return czechInvoice({
    id: '0193a0c4-0000-7000-8000-000000000003',
    number: 'FA2026000045',
    variableSymbol: '2026000045',
    currency: 'EUR',
    supplier: party({
      name: 'Ľubovnianske ľany s.r.o.',
      street: 'Hlavná',
      streetNr: '1',
      postcode: '064 01',
      city: 'Stará Ľubovňa',
      country: 'Slovakia',
      countryCode: 'SK',
      companyId: '36500968',
      taxId: 'SK2021778899',
      register: 'Okresný súd Prešov, oddiel Sro, vložka č. 12345/P',
    }),
    bankAccounts: [
      {
        bankname: 'Tatra banka',
        accountNr: '2987426375',
        bankCode: '1200',
        iban: 'SK3112000000198742637541',
        swift: 'TATRSKBX',
        currency: 'EUR',
      },
    ],
    customer: party({
      name: 'Ôsmy kôň a.s.',
      street: 'Ľ. Štúra',
      streetNr: '5',
      postcode: '974 01',
      city: 'Banská Bystrica',
      country: 'Slovakia',
      countryCode: 'SK',
      companyId: '31333532',
      taxId: 'SK2020123456',
    }),
    lines: [
      testLine('Ďateľový med ľľĺŕôä', 'MED-9', 3, '12.40', 23),
      testLine('Kniha', 'BK-1', 1, '15.00', 5),
    ],
    language: 'sk',
    ...overrides,
  })
}

export function romanianInvoice(overrides: Partial<TaxDocument> = {}): TaxDocument {
  return czechInvoice({
    id: '0193a0c4-0000-7000-8000-000000000004',
    number: 'EXP2026-000078',
    variableSymbol: '2026000078',
    currency: 'RON',
    supplier: party({
      name: 'Țesătoria Ștefănești S.R.L.',
      street: 'Strada Școlii',
      streetNr: '3',
      postcode: '700259',
      city: 'Iași',
      country: 'Romania',
      countryCode: 'RO',
      companyId: '14399840',
      taxId: 'RO14399840',
      register: 'J22/1234/2015',
    }),
    bankAccounts: [
      {
        bankname: 'Banca Transilvania',
        accountNr: '',
        bankCode: '',
        iban: 'RO49AAAA1B31007593840000',
        swift: 'BTRLRO22',
        currency: 'RON',
      },
    ],
    customer: party({
      person: 'Ștefan Țurcanu',
      street: 'Bulevardul Ștefan cel Mare',
      streetNr: '10',
      postcode: '010101',
      city: 'București',
      country: 'Romania',
      countryCode: 'RO',
    }),
    lines: [
      testLine('Față de masă țesută, înșiruire', 'FM-2', 2, '80.00', 21),
      testLine('Carte', 'C-1', 1, '40.00', 11),
    ],
    language: 'ro',
    ...overrides,
  })
}

export function bulgarianInvoice(overrides: Partial<TaxDocument> = {}): TaxDocument {
  return czechInvoice({
    id: '0193a0c4-0000-7000-8000-000000000005',
    number: '0000000123',
    variableSymbol: '123',
    currency: 'EUR',
    supplier: party({
      name: 'Съвременни стоки ЕООД',
      street: 'ул. Шипка',
      streetNr: '6',
      postcode: '1504',
      city: 'София',
      country: 'Bulgaria',
      countryCode: 'BG',
      companyId: '201234567',
      taxId: 'BG201234567',
    }),
    bankAccounts: [
      {
        bankname: 'Българска народна банка',
        accountNr: '',
        bankCode: '',
        iban: 'BG80BNBG96611020345678',
        swift: 'BNBGBGSF',
        currency: 'EUR',
      },
    ],
    customer: party({
      person: 'Йордан Щерев',
      street: 'бул. Цар Освободител',
      streetNr: '15',
      postcode: '9000',
      city: 'Варна',
      country: 'Bulgaria',
      countryCode: 'BG',
    }),
    lines: [
      testLine('Чаша за чай – жълта', 'CUP-3', 4, '6.50', 20),
      testLine('Книга', 'BK-2', 1, '18.00', 9),
    ],
    language: 'bg',
    ...overrides,
  })
}

/** A business client of each issuer country as a bill's customer: a company with its ids and register entry. */
const businessCustomers: Record<string, Partial<DocumentParty>> = {
  CZ: {
    name: 'Zahradní ráj s.r.o.',
    street: 'Údolní',
    streetNr: '53',
    postcode: '602 00',
    city: 'Brno',
    country: 'Czech',
    countryCode: 'CZ',
    companyId: '27082440',
    taxId: 'CZ27082440',
    register: 'C 98765 vedená u Krajského soudu v Brně',
  },
  SK: {
    name: 'Záhradný raj s.r.o.',
    street: 'Obchodná',
    streetNr: '2',
    postcode: '811 06',
    city: 'Bratislava',
    country: 'Slovakia',
    countryCode: 'SK',
    companyId: '50123456',
    taxId: 'SK2120123456',
    register: 'Okresný súd Bratislava I, oddiel Sro, vložka č. 98765/B',
  },
  RO: {
    name: 'Casa Verde Shop SRL',
    street: 'Strada Memorandumului',
    streetNr: '28',
    postcode: '400114',
    city: 'Cluj-Napoca',
    country: 'Romania',
    countryCode: 'RO',
    companyId: '40123456',
    taxId: 'RO40123456',
    register: 'J12/3456/2019',
  },
  BG: {
    name: 'Балкан Маркет ЕООД',
    street: 'ул. Граф Игнатиев',
    streetNr: '4',
    postcode: '1000',
    city: 'София',
    country: 'Bulgaria',
    countryCode: 'BG',
    companyId: '205123456',
    taxId: 'BG205123456',
  },
}

/**
 * `doc`'s issuer billing a business client of its own country for a month's services (a bill), or crediting
 * that bill: service lines named from the catalogue in the document's language, the period, a bank transfer.
 */
export function billOf(doc: TaxDocument, kind: 'bill' | 'billcreditnote'): TaxDocument {
  const sign = kind === 'bill' ? 1 : -1
  const lang = doc.language
  const code = doc.supplier.countryCode
  const rate = Number(doc.lines[0]?.vatPercent ?? 21)
  return withTotals({
    ...doc,
    kind,
    paymentType: 'Bank transfer',
    orderNumber: '',
    customer: party(businessCustomers[code] ?? {}),
    shipTo: null,
    lines: [
      testLine(serviceName('storage', lang), '', 30 * sign, '12.50', rate),
      testLine(serviceName('receiving', lang), '', 4 * sign, '25.00', rate),
      testLine(serviceName('fulfilment', lang), '', 120 * sign, '22.00', rate),
    ],
    period: { start: '2026-11-01', end: '2026-11-30' },
    original:
      kind === 'billcreditnote' ? { id: doc.id, number: doc.number ?? '', issuedDate: '2026-12-02' } : null,
  })
}
