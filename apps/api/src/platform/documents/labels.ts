import { serviceItemNames } from '@expedo/domain'
import type { DocumentLanguage, TaxDocumentKind } from './tax-document.ts'

/**
 * The printed labels of a tax document, as data per language (FINANCE.md: labels print in the customer's
 * country language, independent of the user's interface language). Templates take `{name}` placeholders,
 * filled by `fillLabel`.
 */
export interface DocumentLabels {
  invoice: string
  creditNote: string
  number: string
  supplier: string
  customer: string
  shipTo: string
  bank: string
  account: string
  iban: string
  swift: string
  variableSymbol: string
  issueDate: string
  taxDate: string
  dueDate: string
  payment: string
  order: string
  item: string
  sku: string
  quantity: string
  unitPrice: string
  /** A non-VAT-payer's unit price (no VAT to exclude). */
  unitPricePlain: string
  vatPercent: string
  vat: string
  base: string
  totalExclVat: string
  totalInclVat: string
  total: string
  vatRecap: string
  totalToPay: string
  companyId: string
  vatId: string
  notVatPayer: string
  proforma: string
  qrCaption: string
  /** {page} {pages} */
  pageOf: string
  /** {vat} {local} {rate} {currency} {date} */
  vatInLocal: string
  /** {number} {date} */
  corrects: string
  /** Paid before issue (FINANCE.md): by cash on delivery. */
  paidByCod: string
  /** Paid before issue: online (card, payment gateway). */
  paidOnline: string
  /** A corrective document's reason (ZDPH § 45(1)): {reason} */
  correctionReason: string
}

export const documentLabels: Record<DocumentLanguage, DocumentLabels> = {
  cs: {
    invoice: 'Faktura – daňový doklad',
    creditNote: 'Opravný daňový doklad',
    number: 'Číslo',
    supplier: 'Dodavatel',
    customer: 'Odběratel',
    shipTo: 'Dodací adresa',
    bank: 'Banka',
    account: 'Číslo účtu',
    iban: 'IBAN',
    swift: 'SWIFT',
    variableSymbol: 'Variabilní symbol',
    issueDate: 'Datum vystavení',
    taxDate: 'DUZP',
    dueDate: 'Datum splatnosti',
    payment: 'Způsob úhrady',
    order: 'Objednávka',
    item: 'Položka',
    sku: 'Kód',
    quantity: 'Množství',
    unitPrice: 'Cena za jedn. bez DPH',
    unitPricePlain: 'Cena za jedn.',
    vatPercent: 'DPH %',
    vat: 'DPH',
    base: 'Základ daně',
    totalExclVat: 'Celkem bez DPH',
    totalInclVat: 'Celkem s DPH',
    total: 'Celkem',
    vatRecap: 'Rekapitulace DPH',
    totalToPay: 'Celkem k úhradě',
    companyId: 'IČO',
    vatId: 'DIČ',
    notVatPayer: 'Dodavatel není plátcem DPH.',
    proforma: 'PROFORMA',
    qrCaption: 'Zaplaťte QR kódem',
    pageOf: 'Strana {page} / {pages}',
    vatInLocal: 'DPH v {local} při kurzu {rate} {local}/{currency} ze dne {date}: {vat} {local}',
    corrects: 'Opravuje daňový doklad {number} ze dne {date}',
    paidByCod: 'Uhrazeno dobírkou',
    paidOnline: 'Zaplaceno online',
    correctionReason: 'Důvod opravy: {reason}',
  },
  sk: {
    invoice: 'Faktúra',
    creditNote: 'Dobropis',
    number: 'Číslo',
    supplier: 'Dodávateľ',
    customer: 'Odberateľ',
    shipTo: 'Dodacia adresa',
    bank: 'Banka',
    account: 'Číslo účtu',
    iban: 'IBAN',
    swift: 'SWIFT',
    variableSymbol: 'Variabilný symbol',
    issueDate: 'Dátum vyhotovenia',
    taxDate: 'Dátum dodania',
    dueDate: 'Dátum splatnosti',
    payment: 'Spôsob úhrady',
    order: 'Objednávka',
    item: 'Položka',
    sku: 'Kód',
    quantity: 'Množstvo',
    unitPrice: 'Jedn. cena bez DPH',
    unitPricePlain: 'Jedn. cena',
    vatPercent: 'DPH %',
    vat: 'DPH',
    base: 'Základ dane',
    totalExclVat: 'Spolu bez DPH',
    totalInclVat: 'Spolu s DPH',
    total: 'Spolu',
    vatRecap: 'Rekapitulácia DPH',
    totalToPay: 'Celkom na úhradu',
    companyId: 'IČO',
    vatId: 'IČ DPH',
    notVatPayer: 'Dodávateľ nie je platiteľom DPH.',
    proforma: 'PROFORMA',
    qrCaption: 'Zaplaťte QR kódom',
    pageOf: 'Strana {page} / {pages}',
    vatInLocal: 'DPH v {local} pri kurze {rate} {local}/{currency} zo dňa {date}: {vat} {local}',
    corrects: 'Opravuje faktúru {number} zo dňa {date}',
    paidByCod: 'Uhradené dobierkou',
    paidOnline: 'Zaplatené online',
    correctionReason: 'Dôvod opravy: {reason}',
  },
  ro: {
    invoice: 'Factură',
    creditNote: 'Factură de stornare',
    number: 'Seria și numărul',
    supplier: 'Furnizor',
    customer: 'Cumpărător',
    shipTo: 'Adresa de livrare',
    bank: 'Banca',
    account: 'Cont',
    iban: 'IBAN',
    swift: 'SWIFT',
    variableSymbol: 'Referința plății',
    issueDate: 'Data emiterii',
    taxDate: 'Data livrării',
    dueDate: 'Data scadenței',
    payment: 'Modalitate de plată',
    order: 'Comanda',
    item: 'Denumire',
    sku: 'Cod',
    quantity: 'Cantitate',
    unitPrice: 'Preț unitar fără TVA',
    unitPricePlain: 'Preț unitar',
    vatPercent: 'Cota TVA %',
    vat: 'TVA',
    base: 'Baza de impozitare',
    totalExclVat: 'Total fără TVA',
    totalInclVat: 'Total cu TVA',
    total: 'Total',
    vatRecap: 'Defalcarea TVA pe cote',
    totalToPay: 'Total de plată',
    companyId: 'CUI',
    vatId: 'CIF',
    notVatPayer: 'Furnizorul nu este înregistrat în scopuri de TVA.',
    proforma: 'PROFORMĂ',
    qrCaption: 'Plătiți cu codul QR',
    pageOf: 'Pagina {page} / {pages}',
    vatInLocal: 'TVA în {local} la cursul {rate} {local}/{currency} din {date}: {vat} {local}',
    corrects: 'Stornează factura {number} din {date}',
    paidByCod: 'Achitat ramburs',
    paidOnline: 'Plătit online',
    correctionReason: 'Motivul corectării: {reason}',
  },
  bg: {
    invoice: 'ФАКТУРА',
    creditNote: 'КРЕДИТНО ИЗВЕСТИЕ',
    number: 'Номер',
    supplier: 'Доставчик',
    customer: 'Получател',
    shipTo: 'Адрес за доставка',
    bank: 'Банка',
    account: 'Сметка',
    iban: 'IBAN',
    swift: 'SWIFT',
    variableSymbol: 'Основание за плащане',
    issueDate: 'Дата на издаване',
    taxDate: 'Дата на данъчно събитие',
    dueDate: 'Срок за плащане',
    payment: 'Начин на плащане',
    order: 'Поръчка',
    item: 'Наименование',
    sku: 'Код',
    quantity: 'Количество',
    unitPrice: 'Ед. цена без ДДС',
    unitPricePlain: 'Ед. цена',
    vatPercent: 'ДДС %',
    vat: 'ДДС',
    base: 'Данъчна основа',
    totalExclVat: 'Общо без ДДС',
    totalInclVat: 'Общо с ДДС',
    total: 'Общо',
    vatRecap: 'ДДС по ставки',
    totalToPay: 'Сума за плащане',
    companyId: 'ЕИК',
    vatId: 'ДДС №',
    notVatPayer: 'Доставчикът не е регистриран по ЗДДС.',
    proforma: 'ПРОФОРМА',
    qrCaption: 'Платете с QR код',
    pageOf: 'Страница {page} / {pages}',
    vatInLocal: 'ДДС в {local} по курс {rate} {local}/{currency} към {date}: {vat} {local}',
    corrects: 'Към фактура № {number} от {date}',
    paidByCod: 'Платено с наложен платеж',
    paidOnline: 'Платено онлайн',
    correctionReason: 'Основание за корекцията: {reason}',
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    supplier: 'Supplier',
    customer: 'Customer',
    shipTo: 'Ship to',
    bank: 'Bank',
    account: 'Account',
    iban: 'IBAN',
    swift: 'SWIFT',
    variableSymbol: 'Variable symbol',
    issueDate: 'Issue date',
    taxDate: 'Tax point date',
    dueDate: 'Due date',
    payment: 'Payment',
    order: 'Order',
    item: 'Item',
    sku: 'SKU',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    unitPricePlain: 'Unit price',
    vatPercent: 'VAT %',
    vat: 'VAT',
    base: 'Tax base',
    totalExclVat: 'Total excl. VAT',
    totalInclVat: 'Total incl. VAT',
    total: 'Total',
    vatRecap: 'VAT recapitulation',
    totalToPay: 'Total to pay',
    companyId: 'Company ID',
    vatId: 'VAT ID',
    notVatPayer: 'The supplier is not a VAT payer.',
    proforma: 'PROFORMA',
    qrCaption: 'Pay with the QR code',
    pageOf: 'Page {page} / {pages}',
    vatInLocal: 'VAT in {local} at the rate {rate} {local}/{currency} of {date}: {vat} {local}',
    corrects: 'Corrects document {number} of {date}',
    paidByCod: 'Paid by cash on delivery',
    paidOnline: 'Paid online',
    correctionReason: 'Reason for the correction: {reason}',
  },
}

/**
 * The document's printed name: a bill by its own title in the document's language (`documentTerms.bill`),
 * a bill credit note as a credit note (the corrective document's legal name).
 */
export function documentTitle(
  labels: DocumentLabels,
  kind: TaxDocumentKind,
  language: DocumentLanguage,
): string {
  if (kind === 'bill') return documentTerms[language].bill
  return kind === 'creditnote' || kind === 'billcreditnote' ? labels.creditNote : labels.invoice
}

/** Replaces `{name}` placeholders; an unknown name stays visible rather than printing 'undefined'. */
export function fillLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
}

/**
 * Words a document prints besides its labels, in the document's language (issue 24: every word on a document
 * comes from its language's catalogue): the bill's title, the billing period, payment methods and service
 * names. The app stores payment methods and service types as codes ('COD', 'storage'); only these tables
 * turn them into words.
 */
export interface DocumentTerms {
  /**
   * A provider's bill. It is a tax invoice in law, so it is titled as one where the law names the document
   * (cs "daňový doklad", bg ФАКТУРА), and by the name the app gives bills (cs "Vyúčtování", en "Bill"), so
   * the PDF and the screen that lists it agree.
   */
  bill: string
  /** The billing period of a bill: {start} {end}. */
  period: string
  /** Payment methods by the code orders and documents store. */
  payment: Record<string, string>
  /** Service names by service type (billing-rules `serviceTypes`). */
  services: Record<string, string>
  /** The label of a party's register entry when its country has no own one (RO "Nr. Reg. Com."). */
  register: string
}

export const documentTerms: Record<DocumentLanguage, DocumentTerms> = {
  cs: {
    bill: 'Vyúčtování – daňový doklad',
    period: 'Zúčtovací období: {start} – {end}',
    payment: {
      'Bank transfer': 'Bankovním převodem',
      COD: 'Dobírka',
      'Paid Online': 'Zaplaceno online',
      Card: 'Platební kartou',
      Cash: 'V hotovosti',
    },
    services: {
      fulfilment: 'Vyřízení objednávky',
      extra_item: 'Další položka',
      packaging: 'Balení',
      receiving: 'Příjem zboží',
      refund_handling: 'Zpracování vratky',
      transport: 'Doprava',
      cod: 'Poplatek za dobírku',
      storage: 'Skladování',
    },
    register: 'Obchodní rejstřík',
  },
  sk: {
    bill: 'Vyúčtovanie – faktúra',
    period: 'Zúčtovacie obdobie: {start} – {end}',
    payment: {
      'Bank transfer': 'Bankovým prevodom',
      COD: 'Dobierka',
      'Paid Online': 'Zaplatené online',
      Card: 'Platobnou kartou',
      Cash: 'V hotovosti',
    },
    services: {
      fulfilment: 'Vybavenie objednávky',
      extra_item: 'Ďalšia položka',
      packaging: 'Balenie',
      receiving: 'Príjem tovaru',
      refund_handling: 'Spracovanie vratky',
      transport: 'Doprava',
      cod: 'Poplatok za dobierku',
      storage: 'Skladovanie',
    },
    register: 'Obchodný register',
  },
  ro: {
    bill: 'Factură',
    period: 'Perioada de facturare: {start} – {end}',
    payment: {
      'Bank transfer': 'Transfer bancar',
      COD: 'Ramburs',
      'Paid Online': 'Plătit online',
      Card: 'Card bancar',
      Cash: 'Numerar',
    },
    services: {
      fulfilment: 'Procesarea comenzii',
      extra_item: 'Articol suplimentar',
      packaging: 'Ambalare',
      receiving: 'Recepția mărfii',
      refund_handling: 'Procesarea returului',
      transport: 'Transport',
      cod: 'Comision ramburs',
      storage: 'Depozitare',
    },
    register: 'Registrul comerțului',
  },
  bg: {
    bill: 'ФАКТУРА',
    period: 'Период на фактуриране: {start} – {end}',
    payment: {
      'Bank transfer': 'Банков превод',
      COD: 'Наложен платеж',
      'Paid Online': 'Платено онлайн',
      Card: 'С карта',
      Cash: 'В брой',
    },
    services: {
      fulfilment: 'Обработка на поръчка',
      extra_item: 'Допълнителен артикул',
      packaging: 'Опаковане',
      receiving: 'Приемане на стока',
      refund_handling: 'Обработка на връщане',
      transport: 'Транспорт',
      cod: 'Такса наложен платеж',
      storage: 'Съхранение',
    },
    register: 'Търговски регистър',
  },
  en: {
    bill: 'Bill – tax invoice',
    period: 'Billing period: {start} – {end}',
    payment: {
      'Bank transfer': 'Bank transfer',
      COD: 'Cash on delivery',
      'Paid Online': 'Paid online',
      Card: 'Card',
      Cash: 'Cash',
    },
    // The names a bill run stores on its items (the domain's one list), but for fulfilment, which a document
    // names in full.
    services: { ...serviceItemNames, fulfilment: 'Order fulfilment' },
    register: 'Commercial register',
  },
}

/** A payment method in the document's language; a method the catalogue lacks prints as stored. */
export function paymentName(paymentType: string, language: DocumentLanguage): string {
  return documentTerms[language].payment[paymentType] ?? paymentType
}

/** A service type's name in the document's language; an unknown type prints as stored. */
export function serviceName(serviceType: string, language: DocumentLanguage): string {
  return documentTerms[language].services[serviceType] ?? serviceType
}

const countryNames = new Map<DocumentLanguage, Intl.DisplayNames>()

/**
 * A country's name in the document's language from its ISO code, out of the CLDR region names that ship
 * with Node's ICU (one catalogue for every language, kept by Unicode); `fallback` (the stored English
 * name) when the code is unknown.
 */
export function countryName(code: string, language: DocumentLanguage, fallback: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return fallback
  let names = countryNames.get(language)
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    countryNames.set(language, names)
  }
  return names.of(code.toUpperCase()) ?? fallback
}

/**
 * The wording a VAT treatment requires on the document (Directive 2006/112/EC art. 226(11) and (11a); FINANCE.md
 * "Place of supply"), per document language: reverse charge of B2B services to another member state, and the
 * exemption of an intra-Community supply of goods, which cites the issuer's law (`{law}`, from
 * `exemptionLaw` by the issuer's country code).
 */
export const vatTreatmentWording: Record<
  DocumentLanguage,
  { reverseCharge: string; intraCommunityExempt: string }
> = {
  cs: {
    reverseCharge: 'Daň odvede zákazník (přenesení daňové povinnosti, čl. 196 směrnice 2006/112/ES).',
    intraCommunityExempt: 'Osvobozeno od daně dle {law} (dodání zboží do jiného členského státu).',
  },
  sk: {
    reverseCharge: 'Prenesenie daňovej povinnosti (čl. 196 smernice 2006/112/ES).',
    intraCommunityExempt: 'Oslobodené od dane podľa {law} (dodanie tovaru do iného členského štátu).',
  },
  ro: {
    reverseCharge: 'Taxare inversă (art. 196 din Directiva 2006/112/CE).',
    intraCommunityExempt: 'Scutit conform {law} (livrare intracomunitară de bunuri).',
  },
  bg: {
    reverseCharge: 'Обратно начисляване (чл. 196 от Директива 2006/112/ЕО).',
    intraCommunityExempt: 'Освободена доставка по {law} (вътреобщностна доставка на стоки).',
  },
  en: {
    reverseCharge: 'Reverse charge (art. 196 Directive 2006/112/EC).',
    intraCommunityExempt: 'Exempt intra-Community supply, art. 138 Directive 2006/112/EC ({law}).',
  },
}

/** The issuer's law exempting an intra-Community supply, by the issuer's country code (FINANCE.md). */
export const exemptionLaw: Record<string, string> = {
  CZ: '§ 64 ZDPH',
  SK: '§ 43 ZDPH',
  RO: 'art. 294 alin. (2) lit. a) Cod fiscal',
  BG: 'чл. 53 ЗДДС',
}

/** The VAT treatment's wording for a document, '' when its treatment needs none. */
export function vatTreatmentLine(
  treatment: string | undefined,
  language: DocumentLanguage,
  issuerCountryCode: string,
): string {
  const wording = vatTreatmentWording[language] ?? vatTreatmentWording.en
  if (treatment === 'reverse-charge') return wording.reverseCharge
  if (treatment === 'intra-community-exempt')
    return fillLabel(wording.intraCommunityExempt, {
      law: exemptionLaw[issuerCountryCode.toUpperCase()] ?? 'art. 138 Directive 2006/112/EC',
    })
  return ''
}

/** The packing slip's words (issue 25 "Scan-to-pack"): it goes in the box to the customer, in their language. */
export interface PackingSlipLabels {
  title: string
  order: string
  date: string
  shipTo: string
  returnTo: string
  items: [string, string, string]
  instructions: string
  weight: string
  parcels: string
  tracking: string
  /** {page} {pages} */
  pageOf: string
}

export const packingSlipLabels: Record<DocumentLanguage, PackingSlipLabels> = {
  cs: {
    title: 'Dodací list',
    order: 'Objednávka',
    date: 'Datum',
    shipTo: 'Příjemce',
    returnTo: 'Adresa pro vrácení',
    items: ['SKU', 'Položka', 'Množství'],
    instructions: 'Pokyny k balení',
    weight: 'Hmotnost',
    parcels: 'Počet balíků',
    tracking: 'Číslo zásilky',
    pageOf: 'Strana {page} / {pages}',
  },
  sk: {
    title: 'Dodací list',
    order: 'Objednávka',
    date: 'Dátum',
    shipTo: 'Príjemca',
    returnTo: 'Adresa na vrátenie',
    items: ['SKU', 'Položka', 'Množstvo'],
    instructions: 'Pokyny na balenie',
    weight: 'Hmotnosť',
    parcels: 'Počet balíkov',
    tracking: 'Číslo zásielky',
    pageOf: 'Strana {page} / {pages}',
  },
  ro: {
    title: 'Aviz de însoțire',
    order: 'Comanda',
    date: 'Data',
    shipTo: 'Destinatar',
    returnTo: 'Adresa de retur',
    items: ['SKU', 'Articol', 'Cantitate'],
    instructions: 'Instrucțiuni de ambalare',
    weight: 'Greutate',
    parcels: 'Colete',
    tracking: 'Număr de urmărire',
    pageOf: 'Pagina {page} / {pages}',
  },
  bg: {
    title: 'Опаковъчен лист',
    order: 'Поръчка',
    date: 'Дата',
    shipTo: 'Получател',
    returnTo: 'Адрес за връщане',
    items: ['SKU', 'Артикул', 'Количество'],
    instructions: 'Указания за опаковане',
    weight: 'Тегло',
    parcels: 'Пакети',
    tracking: 'Номер за проследяване',
    pageOf: 'Страница {page} / {pages}',
  },
  en: {
    title: 'Packing slip',
    order: 'Order',
    date: 'Date',
    shipTo: 'Ship to',
    returnTo: 'Return address',
    items: ['SKU', 'Item', 'Quantity'],
    instructions: 'Packing instructions',
    weight: 'Weight',
    parcels: 'Parcels',
    tracking: 'Tracking number',
    pageOf: 'Page {page} / {pages}',
  },
}
