import { randomBytes, randomUUID } from 'node:crypto'
import type {
  ShoptetInvoiceListItem,
  ShoptetOrder,
  ShoptetOrderStatuses,
  ShoptetProduct,
} from '../../../platform/providers/shoptet/shoptet-client.ts'

/**
 * Shapes and plausible data of the Shoptet fake, built from the OpenAPI schemas
 * (platform/providers/shoptet/shoptet-openapi.yaml; the contract test validates them).
 */

/** Shoptet's date-time: YYYY-MM-DDTHH:MM:SS+HHMM (the fake answers in UTC, +0000). */
export const shoptetTime = (date: Date = new Date()) => `${date.toISOString().slice(0, 19)}+0000`

/** Parses Shoptet's date-time (or any ISO 8601); NaN when it is not one. */
export function parseShoptetTime(value: string): number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})([+-])(\d{2}):?(\d{2})$/.exec(value.trim())
  if (m) return Date.parse(`${m[1]}${m[2]}${m[3]}:${m[4]}`)
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN
}

export const guid = () => randomUUID()
export const hex = (bytes: number) => randomBytes(bytes).toString('hex')
/** A token-like string of [a-z0-9] of the given length. */
export function tokenChars(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return out
}

const price = (n: number) => n.toFixed(2)
const amount = (n: number) => n.toFixed(3)

// ---- order statuses and methods -------------------------------------------------------------------

export const CANCELLED_STATUS_ID = -4
export interface FakeStatus {
  id: number
  name: string
  system: boolean
  markAsPaid: boolean
  /** Shoptet issues the order's invoice when the order enters this status (documents.generateInvoice). */
  generateInvoice: boolean
}
export const orderStatusList: FakeStatus[] = [
  { id: -1, name: 'Nevyřízená', system: true, markAsPaid: false, generateInvoice: false },
  { id: -2, name: 'Vyřizuje se', system: true, markAsPaid: false, generateInvoice: false },
  { id: -3, name: 'Vyřízena', system: true, markAsPaid: false, generateInvoice: true },
  { id: CANCELLED_STATUS_ID, name: 'Stornována', system: true, markAsPaid: false, generateInvoice: false },
  { id: 1, name: 'Odesláno', system: false, markAsPaid: false, generateInvoice: true },
  { id: 2, name: 'Zaplaceno', system: false, markAsPaid: true, generateInvoice: false },
]
export const DEFAULT_STATUS_ID = -1

export function orderStatusesData(): ShoptetOrderStatuses {
  return {
    defaultStatus: DEFAULT_STATUS_ID,
    statuses: orderStatusList.map((s, index) => ({
      id: s.id,
      name: s.name,
      system: s.system,
      order: index + 1,
      markAsPaid: s.markAsPaid,
      color: null,
      backgroundColor: null,
      changeOrderItems: s.id !== CANCELLED_STATUS_ID,
      stockClaimResolved: s.id === -3 || s.id === CANCELLED_STATUS_ID,
      documents: {
        generateProformaInvoice: false,
        generateInvoice: s.generateInvoice,
        generateDeliveryNote: false,
        generateProofPayment: null,
      },
    })),
  }
}

/** Invoice billing methods (§5.4): 1 = COD (Dobírka), 2 = wire transfer, 3 = cash, 4 = card. */
export const billingMethods: Record<number, string> = {
  1: 'Dobírka',
  2: 'Převodem',
  3: 'Hotově',
  4: 'Kartou',
}
export const COD_BILLING_METHOD_ID = 1

const paymentMethods = {
  cod: { guid: '2d1e6a20-4a5e-11ee-9c1a-0242ac120002', name: 'Dobírka', billingMethodId: 1, fee: 39 },
  transfer: {
    guid: '2d1e6a21-4a5e-11ee-9c1a-0242ac120002',
    name: 'Bankovní převod',
    billingMethodId: 2,
    fee: 0,
  },
  card: { guid: '2d1e6a22-4a5e-11ee-9c1a-0242ac120002', name: 'Platba kartou', billingMethodId: 4, fee: 0 },
}
const shippingMethods = [
  { guid: '1c0d5f10-4a5e-11ee-9c1a-0242ac120002', name: 'Kurýr na adresu', fee: 99 },
  { guid: '1c0d5f11-4a5e-11ee-9c1a-0242ac120002', name: 'Výdejní místo', fee: 69 },
]

// ---- e-shop info ----------------------------------------------------------------------------------

export interface FakeShopInfo {
  eshopId: number
  name: string
  url: string
  contactEmail: string
  currencyCode: string
}

export function eshopData(shop: FakeShopInfo, oauthUrl: string) {
  const cz = shop.currencyCode === 'CZK'
  return {
    contactInformation: {
      eshopId: shop.eshopId,
      eshopName: shop.name,
      eshopCategory: null,
      url: shop.url,
      eshopTitle: shop.name,
      eshopSubtitle: null,
      contactPerson: 'Jana Nováková',
      email: shop.contactEmail,
      phone: '+420600100200',
      mobilePhone: null,
      skypeAccount: null,
      contactPhotoUrl: null,
    },
    settings: {
      vatPayer: true,
      cashDeskOnly: false,
      trackStockClaims: true,
      maxProductAmount: 10000,
      maxEmailAmount: 1000,
      defaultPricelist: { id: 1, name: 'Základní' },
      eshopLanguage: cz ? 'cs' : 'sk',
      timezone: 'Europe/Prague',
      dateFormat: 'd.m.Y',
      timeFormat: 'H:i:s',
      internals: '',
      exchangeRateFlip: false,
      negativeStockAmount: 'allowed' as const,
      oss: false,
      stockControlDisabled: false,
      wholesaleSplitActive: false,
    },
    currencies: [
      {
        code: shop.currencyCode,
        title: cz ? 'Česká koruna' : 'Euro',
        isDefault: true,
        isDefaultAdmin: true,
        isDefaultDocuments: true,
        isVisible: true,
        exchangeRate: '1.00000000',
        priority: 1,
        display: {
          text: cz ? 'Kč' : '€',
          location: 'right' as const,
          decimalsSeparator: ',',
          thousandsSeparator: ' ',
        },
        priceDecimalPlaces: cz ? 0 : 2,
        documentPriceDecimalPlaces: 2,
        rounding: 'math' as const,
        minimalOrderValue: null,
        bankAccount: { accountNumber: null, iban: null, bic: null, ownerName: null },
      },
    ],
    taxClasses: [
      {
        title: 'Základní',
        rates: [{ zone: cz ? 'CZ' : 'SK', vatRate: cz ? '21.00' : '23.00' }],
        isDefault: true,
      },
    ],
    activeModules: [{ title: 'Sklad', name: 'stock' }],
    urls: [
      { ident: 'eshop', url: shop.url },
      { ident: 'oauth', url: `${oauthUrl}/` },
    ],
  }
}

// ---- products -------------------------------------------------------------------------------------

export interface FakeVariantInput {
  code: string
  /** e.g. "Modrá / L"; null for a single-variant product. */
  name?: string | null
  price?: number | string
  ean?: string | null
  stock?: number | string | null
  weight?: number | string | null
  visible?: boolean
}
export interface FakeProductInput {
  guid?: string
  name: string
  visibility?: string
  type?: string
  categoryName?: string
  variants: FakeVariantInput[]
}

const defaultCategory = { guid: '5e0d7a90-4a5d-11ee-9c1a-0242ac120002', name: 'Vše', visible: true }

export function buildProduct(
  input: FakeProductInput,
  shop: FakeShopInfo,
  times: { creationTime: string; changeTime: string },
): ShoptetProduct {
  const g = input.guid ?? guid()
  const slug = input.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return {
    guid: g,
    type: input.type ?? 'product',
    name: input.name,
    brand: null,
    supplier: null,
    visibility: input.visibility ?? 'visible',
    creationTime: times.creationTime,
    changeTime: times.changeTime,
    shortDescription: null,
    description: `<p>${input.name}</p>`,
    metaDescription: null,
    url: `${shop.url}${slug}/`,
    internalNote: null,
    hsCode: null,
    defaultCategory: input.categoryName ? { ...defaultCategory, name: input.categoryName } : defaultCategory,
    isVariant: input.variants.length > 1,
    variants: input.variants.map((v) => ({
      code: v.code,
      ean: v.ean ?? null,
      stock: v.stock === null ? null : amount(Number(v.stock ?? 10)),
      unit: 'ks',
      weight: v.weight === null ? null : amount(Number(v.weight ?? 0.5)),
      width: '10.0',
      height: '10.0',
      depth: '10.0',
      visible: v.visible ?? true,
      price: price(Number(v.price ?? 199)),
      commonPrice: null,
      manufacturerCode: null,
      pluCode: null,
      isbn: null,
      serialNo: null,
      mpn: null,
      includingVat: true,
      vatRate: shop.currencyCode === 'CZK' ? '21.00' : '23.00',
      currencyCode: shop.currencyCode,
      minStockSupply: null,
      actionPrice: { price: '0.00', fromDate: null, toDate: null },
      name: input.variants.length > 1 ? (v.name ?? v.code) : null,
      amountDecimalPlaces: 0,
      negativeStockAllowed: 'no-global' as const,
    })),
  } as ShoptetProduct
}

/** The product list's basic fields of a product detail. */
export function productListItem(p: ShoptetProduct) {
  return {
    guid: p.guid,
    name: p.name ?? '',
    type: p.type,
    url: p.url,
    visibility: p.visibility,
    creationTime: p.creationTime,
    changeTime: p.changeTime,
    brand: p.brand,
    supplier: p.supplier,
    defaultCategory: p.defaultCategory,
  }
}

/** A small catalogue for a demo shop (codes prefixed, so several shops do not share SKUs). */
export function demoProducts(prefix = 'DEMO'): FakeProductInput[] {
  return [
    {
      name: 'Keramický hrnek',
      variants: [{ code: `${prefix}-MUG-001`, price: 199, ean: '8590000000017', weight: 0.35 }],
    },
    {
      name: 'Tričko Expedo',
      categoryName: 'Oblečení',
      variants: [
        { code: `${prefix}-TEE-S`, name: 'Velikost: S', price: 349, weight: 0.2 },
        { code: `${prefix}-TEE-M`, name: 'Velikost: M', price: 349, weight: 0.2 },
        { code: `${prefix}-TEE-L`, name: 'Velikost: L', price: 349, weight: 0.22 },
      ],
    },
    { name: 'Bavlněná taška', variants: [{ code: `${prefix}-BAG-001`, price: 149, weight: 0.1 }] },
    { name: 'Zápisník A5', variants: [{ code: `${prefix}-NOTE-A5`, price: 89, weight: 0.25 }] },
    {
      name: 'Termoska 0,5 l',
      variants: [
        { code: `${prefix}-BOTTLE-BLK`, name: 'Barva: Černá', price: 459, weight: 0.4 },
        { code: `${prefix}-BOTTLE-WHT`, name: 'Barva: Bílá', price: 459, weight: 0.4 },
      ],
    },
    { name: 'Sada pastelek', variants: [{ code: `${prefix}-PENCILS-12`, price: 129, weight: 0.15 }] },
  ]
}

// ---- orders ---------------------------------------------------------------------------------------

interface Person {
  fullName: string
  street: string
  houseNumber: string
  city: string
  zip: string
  countryCode: 'CZ' | 'SK'
  phone: string
}
const czPeople: Omit<Person, 'countryCode'>[] = [
  {
    fullName: 'Jana Nováková',
    street: 'Vinohradská',
    houseNumber: '12',
    city: 'Praha',
    zip: '120 00',
    phone: '+420601111222',
  },
  {
    fullName: 'Petr Svoboda',
    street: 'Masarykova',
    houseNumber: '5',
    city: 'Brno',
    zip: '602 00',
    phone: '+420602333444',
  },
  {
    fullName: 'Lucie Dvořáková',
    street: 'Nádražní',
    houseNumber: '41',
    city: 'Ostrava',
    zip: '702 00',
    phone: '+420603555666',
  },
  {
    fullName: 'Tomáš Černý',
    street: 'Americká',
    houseNumber: '8',
    city: 'Plzeň',
    zip: '301 00',
    phone: '+420604777888',
  },
  {
    fullName: 'Eva Procházková',
    street: 'Palackého',
    houseNumber: '23',
    city: 'Olomouc',
    zip: '779 00',
    phone: '+420605999000',
  },
]
const skPeople: Omit<Person, 'countryCode'>[] = [
  {
    fullName: 'Martin Horváth',
    street: 'Obchodná',
    houseNumber: '14',
    city: 'Bratislava',
    zip: '811 06',
    phone: '+421901111222',
  },
  {
    fullName: 'Zuzana Kováčová',
    street: 'Hlavná',
    houseNumber: '7',
    city: 'Košice',
    zip: '040 01',
    phone: '+421902333444',
  },
  {
    fullName: 'Peter Varga',
    street: 'Štúrova',
    houseNumber: '30',
    city: 'Žilina',
    zip: '010 01',
    phone: '+421903555666',
  },
]

export function randomPerson(country?: 'CZ' | 'SK'): Person {
  const c = country ?? (Math.random() < 0.7 ? 'CZ' : 'SK')
  const list = c === 'CZ' ? czPeople : skPeople
  const p = list[Math.floor(Math.random() * list.length)] ?? czPeople[0]!
  return { ...p, countryCode: c }
}

export interface FakeOrderItemInput {
  /** Variant code (the SKU); the line's name and unit price are taken from the shop's product when known. */
  code: string
  amount?: number
  name?: string
  unitPrice?: number
}
export interface FakeOrderInput {
  code?: string
  items?: FakeOrderItemInput[]
  /** Cash on delivery (billingMethod 1 and a billing fee line); default: random (about 1 in 3). */
  cod?: boolean
  country?: 'CZ' | 'SK'
  fullName?: string
  email?: string
  phone?: string
  street?: string
  houseNumber?: string
  city?: string
  zip?: string
  company?: string | null
  statusId?: number
  paid?: boolean
  remark?: string | null
  currencyCode?: string
}

const vatSplit = (withVat: number, rate: number) => {
  const withoutVat = Math.round((withVat / (1 + rate / 100)) * 100) / 100
  return {
    withVat: price(withVat),
    withoutVat: price(withoutVat),
    vat: price(withVat - withoutVat),
    vatRate: price(rate),
  }
}

export function buildOrder(
  input: FakeOrderInput,
  ctx: {
    shop: FakeShopInfo
    code: string
    itemId: () => number
    now: string
    lookup: (
      code: string,
    ) => { product: ShoptetProduct; variant: ShoptetProduct['variants'][number] } | undefined
  },
): ShoptetOrder {
  const person = randomPerson(input.country)
  const country = input.country ?? person.countryCode
  const currencyCode = input.currencyCode ?? (country === 'SK' ? 'EUR' : ctx.shop.currencyCode)
  const vatRate = country === 'SK' ? 23 : 21
  const cod = input.cod ?? Math.random() < 0.35
  const payment = cod
    ? paymentMethods.cod
    : Math.random() < 0.5
      ? paymentMethods.transfer
      : paymentMethods.card
  const shipping = shippingMethods[Math.floor(Math.random() * shippingMethods.length)] ?? shippingMethods[0]!
  const status =
    orderStatusList.find((s) => s.id === (input.statusId ?? DEFAULT_STATUS_ID)) ?? orderStatusList[0]!
  const newStatus = { id: status.id, name: status.name }
  const address = {
    company: input.company ?? null,
    fullName: input.fullName ?? person.fullName,
    street: input.street ?? person.street,
    houseNumber: input.houseNumber ?? person.houseNumber,
    city: input.city ?? person.city,
    district: null,
    additional: null,
    zip: input.zip ?? person.zip,
    countryCode: country,
    regionName: null,
    regionShortcut: null,
  }
  const eur = currencyCode === 'EUR'
  const scale = (czk: number) => (eur ? Math.round((czk / 25) * 100) / 100 : czk)
  const lines = (input.items ?? []).map((i) => {
    const found = ctx.lookup(i.code)
    const qty = i.amount ?? 1
    const unit = i.unitPrice ?? scale(Number(found?.variant.price ?? 199))
    return {
      productGuid: found?.product.guid ?? null,
      code: i.code,
      ean: found?.variant.ean ?? null,
      itemType: 'product',
      name: i.name ?? found?.product.name ?? i.code,
      variantName: found?.variant.name ?? null,
      brand: null,
      remark: null,
      weight: amount(Number(found?.variant.weight ?? 0.5) * qty),
      additionalField: null,
      amount: amount(qty),
      amountUnit: 'ks',
      priceRatio: '1.0000',
      status: newStatus,
      itemPrice: vatSplit(unit * qty, vatRate),
      unitPrice: vatSplit(unit, vatRate),
      purchasePrice: null,
      recyclingFee: { category: 'none', fee: null },
      itemId: ctx.itemId(),
      warrantyDescription: null,
      amountCompleted: '0.000',
    }
  })
  const feeLine = (itemType: 'shipping' | 'billing', name: string, fee: number) => ({
    productGuid: null,
    code: null,
    ean: null,
    itemType,
    name,
    variantName: null,
    brand: null,
    remark: null,
    weight: '0.000',
    additionalField: null,
    amount: '1.000',
    amountUnit: null,
    priceRatio: '1.0000',
    status: newStatus,
    itemPrice: vatSplit(fee, vatRate),
    unitPrice: vatSplit(fee, vatRate),
    purchasePrice: null,
    recyclingFee: { category: 'none', fee: null },
    itemId: ctx.itemId(),
    warrantyDescription: null,
    amountCompleted: null,
  })
  const items = [
    ...lines,
    feeLine('shipping', shipping.name, scale(shipping.fee)),
    ...(payment.fee > 0 ? [feeLine('billing', payment.name, scale(payment.fee))] : []),
  ]
  const total = items.reduce((sum, i) => sum + Number(i.itemPrice.withVat), 0)
  const totalSplit = vatSplit(total, vatRate)
  const slug = address.fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
  const paid = input.paid ?? (cod ? false : payment === paymentMethods.card)
  return {
    code: ctx.code,
    guid: guid(),
    externalCode: null,
    creationTime: ctx.now,
    changeTime: ctx.now,
    email: input.email ?? `${slug}@example.test`,
    phone: input.phone ?? person.phone,
    clientIPAddress: '203.0.113.7',
    customerGuid: null,
    cashDeskOrder: false,
    stockId: 1,
    addressesEqual: true,
    vatPayer: true,
    billingMethod: {
      id: payment.billingMethodId,
      name: billingMethods[payment.billingMethodId] ?? payment.name,
    },
    paymentMethod: { guid: payment.guid, name: payment.name },
    shipping: { guid: shipping.guid, name: shipping.name },
    adminUrl: `${ctx.shop.url}admin/objednavky-detail/?code=${ctx.code}`,
    status: newStatus,
    price: {
      vat: totalSplit.vat,
      toPay: paid ? '0.00' : price(total),
      currencyCode,
      withoutVat: totalSplit.withoutVat,
      withVat: totalSplit.withVat,
      exchangeRate: '1.00000000',
    },
    paid,
    billingAddress: { ...address, companyId: null, vatId: null, taxId: null },
    deliveryAddress: { ...address },
    items,
    notes: {
      customerRemark: input.remark ?? null,
      eshopRemark: null,
      trackingNumber: null,
      trackingUrl: null,
      additionalFields: [],
    },
  } as unknown as ShoptetOrder
}

/** The order list's fields of an order detail. */
export function orderListItem(o: ShoptetOrder) {
  return {
    code: o.code,
    guid: o.guid,
    creationTime: o.creationTime,
    changeTime: o.changeTime,
    fullName: o.billingAddress?.fullName ?? null,
    company: o.billingAddress?.company ?? null,
    email: o.email,
    phone: o.phone,
    remark: null,
    customerGuid: o.customerGuid,
    cashDeskOrder: o.cashDeskOrder,
    adminUrl: o.adminUrl,
    status: o.status,
    shipping: o.shipping,
    paymentMethod: o.paymentMethod,
    price: o.price,
    paid: o.paid,
  }
}

// ---- invoices ---------------------------------------------------------------------------------------

/** An invoice Shoptet issued for an order, as `GET /api/invoices` lists it. */
export function buildInvoice(
  order: ShoptetOrder,
  ctx: { code: string; now: Date; dueDays?: number },
): ShoptetInvoiceListItem {
  const day = (d: Date) => d.toISOString().slice(0, 10)
  const due = new Date(ctx.now.getTime() + (ctx.dueDays ?? 14) * 86_400_000)
  return {
    code: ctx.code,
    varSymbol: Number(ctx.code.replace(/\D/g, '').slice(-10)) || null,
    isValid: true,
    proformaInvoiceCodes: [],
    orderCode: order.code,
    creationTime: shoptetTime(ctx.now),
    billCompany: order.billingAddress?.company ?? null,
    billFullName: order.billingAddress?.fullName ?? null,
    price: { ...order.price, toPay: order.paid ? '0.00' : order.price.withVat },
    changeTime: shoptetTime(ctx.now),
    dueDate: day(due),
    taxDate: day(ctx.now),
    paid: order.paid ?? null,
  }
}

/**
 * The invoice as a one-page PDF (PDF 1.4, Helvetica; a real file `pdftotext` reads): enough for the fake's
 * `GET /api/invoices/{code}/pdf`, which Shoptet answers as application/octet-stream.
 */
export function invoicePdf(invoice: ShoptetInvoiceListItem, shopName: string): Buffer {
  // Helvetica's standard encoding has no Czech letters: the fake writes them without diacritics.
  const ascii = (t: string) =>
    t
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/[\\()]/g, (c) => `\\${c}`)
  const lines = [
    `Faktura - danovy doklad c. ${invoice.code}`,
    shopName,
    `Objednavka: ${invoice.orderCode ?? ''}`,
    `Variabilni symbol: ${invoice.varSymbol ?? ''}`,
    `Datum vystaveni: ${(invoice.creationTime ?? '').slice(0, 10)}`,
    `Datum splatnosti: ${invoice.dueDate ?? ''}`,
    `Odberatel: ${invoice.billCompany ?? invoice.billFullName ?? ''}`,
    `Celkem k uhrade: ${invoice.price.withVat ?? ''} ${invoice.price.currencyCode}`,
  ]
  const text = lines
    .map((l, i) => `BT /F1 ${i ? 11 : 16} Tf 56 ${780 - i * 22} Td (${ascii(l)}) Tj ET`)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
