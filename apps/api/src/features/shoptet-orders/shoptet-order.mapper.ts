import { countryName, currencyOfCountry } from '@expedo/domain'
import type { ImportedOrder, ImportedOrderItem } from '../orders/index.ts'

/**
 * The part of Shoptet's order detail (`GET /api/orders/{code}` → data.order, shoptet.md §5.2) the import
 * reads. The generated OpenAPI type is a superset of it.
 */
export interface ShoptetOrderAddress {
  company?: string | null
  fullName?: string | null
  street?: string | null
  houseNumber?: string | null
  city?: string | null
  district?: string | null
  additional?: string | null
  zip?: string | null
  countryCode?: string | null
  regionName?: string | null
  companyId?: string | null
  vatId?: string | null
  taxId?: string | null
}

export interface ShoptetOrderItem {
  code?: string | null
  itemType: string
  name: string
  variantName?: string | null
  weight?: string | null
  amount: string | null
  itemPrice?: { withVat?: string | null } | null
}

export interface ShoptetOrder {
  code: string
  email?: string | null
  phone?: string | null
  addressesEqual?: boolean
  billingMethod?: { id: number; name?: string | null } | null
  price: { toPay?: string | null; currencyCode?: string | null }
  billingAddress?: ShoptetOrderAddress | null
  deliveryAddress?: ShoptetOrderAddress | null
  items: ShoptetOrderItem[]
}

/** A product of the connection's business client, by SKU (the Shoptet item's `code`). */
export interface CatalogueProduct {
  id: string
  sku: string
  name: string
  /** grams */
  weight: number | null
  allowImportOrders: boolean
}

export interface ImportSettings {
  /** shoptet_settings.import_orders_only_selected_products: only orders of products with allowImportOrders. */
  onlySelectedProducts: boolean
  /** Who invoices the shop's orders (FINANCE.md "Shoptet and our invoices"): never both. */
  invoicing: 'expedo' | 'shoptet'
}

export type MappedOrder =
  | { kind: 'import'; order: Omit<ImportedOrder, 'businessclientId' | 'link'> }
  | { kind: 'skip'; reason: string }

/** Billing method 1 is cash on delivery in Shoptet's code list (shoptet.md §5.4). */
export const SHOPTET_COD_BILLING_METHOD = 1

/** Lines that are goods to ship; shipping, payment, discount and voucher lines are not (shoptet.md §5.2). */
const goods = new Set(['product', 'bazar', 'gift', 'product-set-item'])

const money = (value: string | null | undefined): number => {
  const n = Number(value ?? 0)
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0
}
const text = (value: string | null | undefined) => (value ?? '').trim()

function splitName(fullName: string): { firstName: string; lastName: string } {
  const at = fullName.indexOf(' ')
  return at < 0
    ? { firstName: fullName, lastName: '' }
    : { firstName: fullName.slice(0, at), lastName: fullName.slice(at + 1).trim() }
}

/** A Shoptet country code as Expedo's country name ('CZ' → 'Czech'); an unknown code stays as it is. */
const country = (code: string | null | undefined) => {
  const c = text(code).toUpperCase()
  return countryName(c) ?? c
}

/** The address to ship to: the delivery address, or the billing one when the delivery address is empty. */
function shipAddress(order: ShoptetOrder): ShoptetOrderAddress {
  const delivery = order.deliveryAddress
  const filled = delivery && (text(delivery.street) || text(delivery.city))
  return (filled ? delivery : order.billingAddress) ?? {}
}

/**
 * One Shoptet order as Expedo's imported order (pure): customer and addresses, goods lines by SKU (an unknown
 * SKU keeps its line unpaired and adds an errMsgs entry, spec part 1 "Unpaired orders"), COD when the billing
 * method is COD (the amount to pay; a currency other than the ship-to country's adds an errMsgs entry, since
 * COD is settled in the country's currency), and the connection's filter: with "only orders with selected
 * products" an order is skipped unless every goods line is a product that allows import.
 */
export function mapShoptetOrder(
  order: ShoptetOrder,
  context: {
    eshopUrl: string
    settings: ImportSettings
    productsBySku: ReadonlyMap<string, CatalogueProduct>
  },
): MappedOrder {
  const errMsgs: string[] = []
  const items: ImportedOrderItem[] = []
  for (const line of order.items.filter((i) => goods.has(i.itemType))) {
    const sku = text(line.code)
    const product = sku ? context.productsBySku.get(sku) : undefined
    const amount = Number(line.amount ?? 1)
    const quantity = Number.isFinite(amount) ? Math.max(1, Math.ceil(amount)) : 1
    if (!Number.isInteger(amount) || amount < 1)
      errMsgs.push(`Item ${sku || line.name}: quantity ${line.amount} imported as ${quantity}`)
    if (!product) errMsgs.push(sku ? `Unknown SKU ${sku}` : `Item ${line.name} has no SKU`)
    const name = [line.name, line.variantName].filter(Boolean).join(' ')
    const kg = Number(line.weight ?? 0)
    items.push({
      productId: product?.id ?? null,
      sku: product?.sku ?? (sku || line.name),
      name: product?.name ?? name,
      weight: product ? product.weight : Number.isFinite(kg) && kg > 0 ? Math.round(kg * 1000) : null,
      quantity,
      price: money(line.itemPrice?.withVat),
    })
  }
  if (context.settings.onlySelectedProducts) {
    const other = items.find((i) => !i.productId || !context.productsBySku.get(i.sku)?.allowImportOrders)
    if (!items.length) return { kind: 'skip', reason: 'no goods lines' }
    if (other) return { kind: 'skip', reason: `${other.sku} is not a product selected for import` }
  }

  const ship = shipAddress(order)
  const billing = order.billingAddress ?? ship
  const shipCountry = country(ship.countryCode)
  for (const [field, value] of [
    ['country', shipCountry],
    ['city', text(ship.city)],
    ['street', text(ship.street)],
    ['postcode', text(ship.zip)],
  ] as const) {
    if (!value) errMsgs.push(`Delivery address has no ${field}`)
  }
  const isCod = order.billingMethod?.id === SHOPTET_COD_BILLING_METHOD
  const codAmount = isCod ? money(order.price.toPay) : 0
  const currency = text(order.price.currencyCode).toUpperCase()
  if (isCod && shipCountry && currency !== currencyOfCountry(shipCountry)) {
    errMsgs.push(
      `COD ${codAmount.toFixed(2)} ${currency}: ${shipCountry} collects ${currencyOfCountry(shipCountry)}`,
    )
  }
  const phone = text(order.phone)
  const company = text(billing.company) || text(ship.company)
  const person = splitName(text(billing.fullName) || text(ship.fullName))
  return {
    kind: 'import',
    order: {
      clientOrderNr: order.code,
      eshopUrl: context.eshopUrl,
      shipTo: {
        country: shipCountry,
        province: text(ship.regionName),
        city: text(ship.city),
        district: text(ship.district),
        street: [text(ship.street), text(ship.additional)].filter(Boolean).join(', '),
        streetNr: text(ship.houseNumber),
        postcode: text(ship.zip),
        phone,
        isCompany: Boolean(text(ship.company)),
      },
      client: {
        ...person,
        email: text(order.email),
        isCompany: Boolean(company),
        companyName: company,
        taxId: text(billing.vatId) || text(billing.taxId),
        nr_reg_com: text(billing.companyId),
        phone,
        country: country(billing.countryCode),
        province: text(billing.regionName),
        city: text(billing.city),
        street: text(billing.street),
        streetNr: text(billing.houseNumber),
        postcode: text(billing.zip),
      },
      items,
      codAmount,
      errMsgs,
      generateInvoice: context.settings.invoicing === 'expedo',
    },
  }
}
