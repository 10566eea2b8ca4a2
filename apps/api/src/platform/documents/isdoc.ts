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
 * for every one of them).
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
  const amount = (name: string, value: string, currFirst = true): Node => {
    const localValue = toFixed2(multiplyMoney(value, rate))
    if (!foreign) return { [name]: localValue }
    const curr = { [`${name}Curr`]: toFixed2(value) }
    return currFirst ? { ...curr, [name]: localValue } : { [name]: localValue, ...curr }
  }

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
    InvoiceLines: { InvoiceLine: doc.lines.map((line, i) => invoiceLine(doc, line, i, amount)) },
    TaxTotal: taxTotal(doc, amount),
    LegalMonetaryTotal: {
      ...amount('TaxExclusiveAmount', doc.totals.netto, false),
      ...amount('TaxInclusiveAmount', doc.totals.brutto, false),
      ...amount('AlreadyClaimedTaxExclusiveAmount', '0', false),
      ...amount('AlreadyClaimedTaxInclusiveAmount', '0', false),
      ...amount('DifferenceTaxExclusiveAmount', doc.totals.netto, false),
      ...amount('DifferenceTaxInclusiveAmount', doc.totals.brutto, false),
      ...amount('PaidDepositsAmount', '0', false),
      ...amount('PayableAmount', doc.totals.brutto, false),
    },
    PaymentMeans: isCredit(doc) ? undefined : paymentMeans(doc, amount),
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, { Invoice: prune(invoice) }).end({ prettyPrint: true })
}

type AmountOf = (name: string, value: string, currFirst?: boolean) => Node

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
): Node {
  return {
    ID: String(i + 1),
    InvoicedQuantity: line.quantity,
    ...amount('LineExtensionAmount', line.nettoTotal),
    ...amount('LineExtensionAmountTaxInclusive', line.bruttoTotal),
    LineExtensionTaxAmount: amount('LineExtensionTaxAmount', line.vatAmount).LineExtensionTaxAmount,
    UnitPrice: amount('UnitPrice', line.nettoPrice).UnitPrice,
    UnitPriceTaxInclusive: amount('UnitPriceTaxInclusive', line.price).UnitPriceTaxInclusive,
    ClassifiedTaxCategory: {
      Percent: doc.supplierVatPayer ? line.vatPercent : '0',
      // 0: VAT computed from the price without VAT ("zdola"), as the invoicing feature does.
      VATCalculationMethod: '0',
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

function taxTotal(doc: TaxDocument, amount: AmountOf): Node {
  // A non-VAT-payer's document still needs one subtotal: everything at 0 %.
  const rows = doc.supplierVatPayer
    ? doc.vatRecap
    : [{ vatPercent: '0', base: doc.totals.brutto, vat: '0', total: doc.totals.brutto }]
  return {
    TaxSubTotal: rows.map((r) => ({
      ...amount('TaxableAmount', r.base),
      ...amount('TaxAmount', r.vat),
      ...amount('TaxInclusiveAmount', r.total),
      ...amount('AlreadyClaimedTaxableAmount', '0'),
      ...amount('AlreadyClaimedTaxAmount', '0'),
      ...amount('AlreadyClaimedTaxInclusiveAmount', '0'),
      ...amount('DifferenceTaxableAmount', r.base),
      ...amount('DifferenceTaxAmount', r.vat),
      ...amount('DifferenceTaxInclusiveAmount', r.total),
      TaxCategory: {
        Percent: r.vatPercent,
        VATApplicable: String(vatApplicable(doc) || (doc.supplierVatPayer && Number(r.vatPercent) !== 0)),
      },
    })),
    ...(doc.exchange && doc.currency.toUpperCase() !== doc.exchange.currency.toUpperCase()
      ? { TaxAmountCurr: toFixed2(doc.totals.vat), TaxAmount: toFixed2(doc.exchange.vat) }
      : amount('TaxAmount', doc.totals.vat)),
  }
}

/** ISDOC payment means codes: 10 cash, 42 transfer to an account, 48 card. */
function paymentMeansCode(paymentType: string): '10' | '42' | '48' {
  const t = paymentType.toLowerCase()
  if (t.includes('cod') || t.includes('cash')) return '10'
  if (t.includes('card')) return '48'
  return '42'
}

function paymentMeans(doc: TaxDocument, amount: AmountOf): Node {
  const code = paymentMeansCode(doc.paymentType)
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
      PaidAmount: amount('PaidAmount', doc.totals.brutto).PaidAmount,
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
