import { cents, divRound, moneyText, toScaled } from '@expedo/domain'
import { create } from 'xmlbuilder2'
import { multiplyMoney, toFixed2 } from './format.ts'
import { vatTreatmentLine } from './labels.ts'
import { legalRuleFor } from './legal-content.ts'
import type { DocumentBankAccount, DocumentParty, TaxDocument } from './tax-document.ts'

/**
 * ISDOC 6.0.2, the Czech structured invoice (FINANCE.md "ISDOC"): invoices (DocumentType 1) and credit
 * notes (DocumentType 2, with the original document's reference), written with a pure-JS builder and
 * validated in tests against the official XSD. Amounts without "Curr" are in the local currency (CZK);
 * on a foreign-currency document the "Curr" twins carry the document's currency (the Schematron asks
 * for every one of them). The lines' local amounts add up to the local totals to the cent (each line's
 * conversion rounded, the last cents of the document's conversion shared out by the largest remainders),
 * and the VAT subtotals and totals are the lines' sums.
 */
export const ISDOC_NAMESPACE = 'http://isdoc.cz/namespace/2013'

type Node = Record<string, unknown>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isCredit = (doc: TaxDocument) => doc.kind === 'creditnote' || doc.kind === 'billcreditnote'

/** The ISDOC XML of an issued document; a draft has no number and no ISDOC. */
export function isdocXml(doc: TaxDocument): string {
  if (doc.number === null) throw new Error('A draft has no ISDOC: issue it first')
  const local = legalRuleFor(doc)?.localCurrency ?? doc.currency.toUpperCase()
  const foreign = doc.currency.toUpperCase() !== local && doc.exchange !== null
  const rate = foreign ? doc.exchange!.rate : '1'
  /** An amount as [ …Curr (foreign only), local ] pairs in the order the schema wants for `name`. */
  const amount = (name: string, value: string, currFirst = true, localValue?: string): Node => {
    const local = localValue ?? toFixed2(multiplyMoney(value, rate))
    if (!foreign) return { [name]: local }
    const curr = { [`${name}Curr`]: toFixed2(value) }
    return currFirst ? { ...curr, [name]: local } : { [name]: local, ...curr }
  }
  const lines = localLines(doc, rate, foreign ? doc.exchange!.vat : null)
  const localNetto = moneyText(lines.reduce((t, l) => t + l.netto, 0n))
  const localBrutto = moneyText(lines.reduce((t, l) => t + l.netto + l.vat, 0n))
  const paid = !isCredit(doc) && Boolean(doc.paid)

  const invoice: Node = {
    '@xmlns': ISDOC_NAMESPACE,
    '@version': '6.0.2',
    DocumentType: isCredit(doc) ? '2' : '1',
    ID: doc.number,
    UUID: UUID.test(doc.id) ? doc.id : undefined,
    IssuingSystem: 'Expedo',
    IssueDate: doc.issuedDate,
    TaxPointDate: doc.supplierVatPayer && doc.taxDate ? doc.taxDate : undefined,
    VATApplicable: String(doc.supplierVatPayer),
    ElectronicPossibilityAgreementReference: '',
    Note:
      [doc.note, vatTreatmentLine(doc.vatTreatment, doc.language, doc.supplier.countryCode)]
        .filter(Boolean)
        .join('\n') || undefined,
    LocalCurrencyCode: local,
    ForeignCurrencyCode: foreign ? doc.currency.toUpperCase() : undefined,
    CurrRate: foreign ? rate : '1',
    RefCurrRate: '1',
    AccountingSupplierParty: { Party: party(doc.supplier) },
    AccountingCustomerParty: { Party: party(doc.customer) },
    OriginalDocumentReferences: doc.original
      ? {
          OriginalDocumentReference: {
            '@id': 'original',
            ID: doc.original.number,
            IssueDate: doc.original.issuedDate,
            UUID: UUID.test(doc.original.id) ? doc.original.id : undefined,
          },
        }
      : undefined,
    InvoiceLines: {
      InvoiceLine: doc.lines.map((line, i) => invoiceLine(doc, line, i, amount, lines[i]!)),
    },
    TaxTotal: taxTotal(doc, amount, lines),
    LegalMonetaryTotal: {
      ...amount('TaxExclusiveAmount', doc.totals.netto, false, localNetto),
      ...amount('TaxInclusiveAmount', doc.totals.brutto, false, localBrutto),
      ...amount('AlreadyClaimedTaxExclusiveAmount', '0', false),
      ...amount('AlreadyClaimedTaxInclusiveAmount', '0', false),
      ...amount('DifferenceTaxExclusiveAmount', doc.totals.netto, false, localNetto),
      ...amount('DifferenceTaxInclusiveAmount', doc.totals.brutto, false, localBrutto),
      // Paid before issue (COD, online): all of it paid, nothing payable.
      ...amount('PaidDepositsAmount', paid ? doc.totals.brutto : '0', false, paid ? localBrutto : undefined),
      ...amount('PayableAmount', paid ? '0' : doc.totals.brutto, false, paid ? undefined : localBrutto),
    },
    PaymentMeans: isCredit(doc) ? undefined : paymentMeans(doc, amount, localBrutto),
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, { Invoice: prune(invoice) }).end({ prettyPrint: true })
}

type AmountOf = (name: string, value: string, currFirst?: boolean, localValue?: string) => Node

/** A line's amounts in the local currency, in cents. */
interface LocalLine {
  netto: bigint
  vat: bigint
  rate: string
}

/**
 * The lines' netto and VAT in the local currency: each line converted and rounded, then the cents the
 * rounding lost or gained against the converted document total (netto; VAT: the stated local VAT when
 * there is one) shared out one by one to the lines with the largest remainders, so the lines add up to
 * the totals exactly. In the document's own currency (rate 1) they are the lines as they are.
 */
function localLines(doc: TaxDocument, rate: string, statedVat: string | null): LocalLine[] {
  const r = toScaled(rate, 6)
  const share = (values: bigint[], total: bigint): bigint[] => {
    const exact = values.map((v) => v * r)
    const rounded = exact.map((e) => divRound(e, 1_000_000n))
    let left = total - rounded.reduce((t, v) => t + v, 0n)
    if (left === 0n || !values.length) return rounded
    const step = left > 0n ? 1n : -1n
    // The lines whose rounding moved them furthest against the needed direction take a cent first.
    const order = exact
      .map((e, i) => ({ i, residue: (e - rounded[i]! * 1_000_000n) * step }))
      .sort((a, b) => (b.residue > a.residue ? 1 : b.residue < a.residue ? -1 : a.i - b.i))
    for (let k = 0; left !== 0n; k = (k + 1) % order.length) {
      rounded[order[k]!.i]! += step
      left -= step
    }
    return rounded
  }
  const netto = doc.lines.map((l) => cents(l.nettoTotal))
  const vat = doc.lines.map((l) => cents(l.vatAmount))
  const convertTotal = (values: bigint[]) => divRound(values.reduce((t, v) => t + v, 0n) * r, 1_000_000n)
  const localNetto = share(netto, convertTotal(netto))
  const localVat = share(vat, statedVat !== null ? cents(toFixed2(statedVat)) : convertTotal(vat))
  return doc.lines.map((l, i) => ({ netto: localNetto[i]!, vat: localVat[i]!, rate: l.vatPercent }))
}

function party(p: DocumentParty): Node {
  return {
    PartyIdentification: { ID: p.companyId },
    PartyName: { Name: p.name || p.person },
    PostalAddress: {
      StreetName: p.street,
      BuildingNumber: p.streetNr,
      CityName: p.city,
      PostalZone: p.postcode,
      Country: { IdentificationCode: p.countryCode, Name: p.country },
    },
    PartyTaxScheme: p.taxId ? { CompanyID: p.taxId, TaxScheme: 'VAT' } : undefined,
  }
}

function invoiceLine(
  doc: TaxDocument,
  line: TaxDocument['lines'][number],
  i: number,
  amount: AmountOf,
  local: LocalLine,
): Node {
  return {
    ID: String(i + 1),
    InvoicedQuantity: line.quantity,
    ...amount('LineExtensionAmount', line.nettoTotal, true, moneyText(local.netto)),
    ...amount('LineExtensionAmountTaxInclusive', line.bruttoTotal, true, moneyText(local.netto + local.vat)),
    LineExtensionTaxAmount: amount('LineExtensionTaxAmount', line.vatAmount, true, moneyText(local.vat))
      .LineExtensionTaxAmount,
    UnitPrice: amount('UnitPrice', line.nettoPrice).UnitPrice,
    UnitPriceTaxInclusive: amount('UnitPriceTaxInclusive', line.price).UnitPriceTaxInclusive,
    ClassifiedTaxCategory: {
      Percent: doc.supplierVatPayer ? line.vatPercent : '0',
      // 0: VAT computed from the price without VAT ("zdola"); 1: from the price with VAT ("shora"), as
      // a gross-priced (consumer) line is.
      VATCalculationMethod: line.grossPriced ? '1' : '0',
      VATApplicable: String(vatApplicable(doc) || (doc.supplierVatPayer && Number(line.vatPercent) !== 0)),
    },
    Item: {
      Description: line.name,
      SellersItemIdentification: line.sku ? { ID: line.sku } : undefined,
    },
  }
}

/**
 * Whether the lines are subject to VAT here: not for a non-VAT-payer, nor for a reverse-charged service or an
 * exempt intra-Community supply (0 %, "VATApplicable false"; ISDOC's LocalReverseCharge is the Czech domestic
 * regime of § 92a ZDPH, not these).
 */
const vatApplicable = (doc: TaxDocument) =>
  doc.supplierVatPayer &&
  doc.vatTreatment !== 'reverse-charge' &&
  doc.vatTreatment !== 'intra-community-exempt'

function taxTotal(doc: TaxDocument, amount: AmountOf, lines: LocalLine[]): Node {
  const sum = (pick: (l: LocalLine) => bigint, of: LocalLine[] = lines) =>
    moneyText(of.reduce((t, l) => t + pick(l), 0n))
  // A non-VAT-payer's document still needs one subtotal: everything at 0 %.
  const rows = doc.supplierVatPayer
    ? doc.vatRecap.map((r) => {
        const own = lines.filter((l) => toScaled(l.rate, 2) === toScaled(r.vatPercent, 2))
        return {
          ...r,
          localBase: sum((l) => l.netto, own),
          localVat: sum((l) => l.vat, own),
          localTotal: sum((l) => l.netto + l.vat, own),
        }
      })
    : [
        {
          vatPercent: '0',
          base: doc.totals.brutto,
          vat: '0',
          total: doc.totals.brutto,
          localBase: sum((l) => l.netto + l.vat),
          localVat: '0.00',
          localTotal: sum((l) => l.netto + l.vat),
        },
      ]
  return {
    TaxSubTotal: rows.map((r) => ({
      ...amount('TaxableAmount', r.base, true, r.localBase),
      ...amount('TaxAmount', r.vat, true, r.localVat),
      ...amount('TaxInclusiveAmount', r.total, true, r.localTotal),
      ...amount('AlreadyClaimedTaxableAmount', '0'),
      ...amount('AlreadyClaimedTaxAmount', '0'),
      ...amount('AlreadyClaimedTaxInclusiveAmount', '0'),
      ...amount('DifferenceTaxableAmount', r.base, true, r.localBase),
      ...amount('DifferenceTaxAmount', r.vat, true, r.localVat),
      ...amount('DifferenceTaxInclusiveAmount', r.total, true, r.localTotal),
      TaxCategory: {
        Percent: r.vatPercent,
        VATApplicable: String(vatApplicable(doc) || (doc.supplierVatPayer && Number(r.vatPercent) !== 0)),
      },
    })),
    ...amount(
      'TaxAmount',
      doc.totals.vat,
      true,
      sum((l) => l.vat),
    ),
  }
}

/**
 * ISDOC payment means codes (the XSD's list): 50 cash on delivery ("Platba dobírkou"), 48 card (paid
 * online), 10 cash, 42 transfer to an account.
 */
function paymentMeansCode(doc: TaxDocument): '10' | '42' | '48' | '50' {
  if (doc.paid === 'cod') return '50'
  if (doc.paid === 'online') return '48'
  const t = doc.paymentType.toLowerCase()
  if (t.includes('cod')) return '50'
  if (t.includes('cash')) return '10'
  if (t.includes('card')) return '48'
  return '42'
}

function paymentMeans(doc: TaxDocument, amount: AmountOf, localBrutto: string): Node {
  const code = paymentMeansCode(doc)
  const account: DocumentBankAccount | undefined = doc.bankAccounts.find(
    (a) => a.currency.toUpperCase() === doc.currency.toUpperCase(),
  )
  const details =
    code === '42' && account && doc.dueDate
      ? {
          PaymentDueDate: doc.dueDate,
          ID: account.accountNr,
          BankCode: account.bankCode,
          Name: account.bankname,
          IBAN: account.iban.replace(/\s+/g, ''),
          BIC: account.swift,
          VariableSymbol: doc.variableSymbol || undefined,
        }
      : undefined
  return {
    Payment: {
      PaidAmount: amount('PaidAmount', doc.totals.brutto, true, localBrutto).PaidAmount,
      PaymentMeansCode: code,
      Details: details,
    },
  }
}

/** Drops undefined members so optional elements are left out, not written empty. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, prune(v)]),
    )
  }
  return value
}
