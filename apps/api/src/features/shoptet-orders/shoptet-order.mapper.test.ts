import { describe, expect, it } from 'vitest'
import {
  type CatalogueProduct,
  type ImportSettings,
  mapShoptetOrder,
  type ShoptetOrder,
} from './shoptet-order.mapper.ts'

const address = {
  company: null,
  fullName: 'Jana Testová',
  street: 'Testovací',
  houseNumber: '12',
  city: 'Brno',
  district: null,
  additional: null,
  zip: '602 00',
  countryCode: 'CZ',
  regionName: null,
  companyId: null,
  vatId: null,
  taxId: null,
}

const line = (code: string | null, amount = '1.000', withVat = '199.00', itemType = 'product') => ({
  code,
  itemType,
  name: `Item ${code}`,
  variantName: null,
  weight: '0.350',
  amount,
  itemPrice: { withVat },
})

function order(over: Partial<ShoptetOrder> = {}): ShoptetOrder {
  return {
    code: '2024000123',
    email: 'jana@example.test',
    phone: '+420600000001',
    billingMethod: { id: 2, name: 'Wire transfer' },
    price: { toPay: '262.00', currencyCode: 'CZK' },
    billingAddress: address,
    deliveryAddress: address,
    items: [
      line('MUG-001'),
      line(null, '1.000', '24.00', 'shipping'),
      line(null, '1.000', '39.00', 'billing'),
    ],
    ...over,
  }
}

const product = (sku: string, allowImportOrders = true): CatalogueProduct => ({
  id: `id-${sku}`,
  sku,
  name: `Product ${sku}`,
  weight: 350,
  allowImportOrders,
})
const catalogue = (...list: CatalogueProduct[]) => new Map(list.map((p) => [p.sku, p]))
const expedo: ImportSettings = { onlySelectedProducts: false, invoicing: 'expedo' }
const ctx = (productsBySku = catalogue(product('MUG-001')), settings = expedo) => ({
  eshopUrl: 'https://demo-shop.myshoptet.com',
  settings,
  productsBySku,
})

function imported(result: ReturnType<typeof mapShoptetOrder>) {
  if (result.kind !== 'import') throw new Error(`skipped: ${result.reason}`)
  return result.order
}

describe('mapShoptetOrder', () => {
  it('maps the order number, e-shop, customer and delivery address', () => {
    const o = imported(mapShoptetOrder(order(), ctx()))
    expect(o.clientOrderNr).toBe('2024000123')
    expect(o.eshopUrl).toBe('https://demo-shop.myshoptet.com')
    expect(o.shipTo).toEqual({
      country: 'Czech',
      province: '',
      city: 'Brno',
      district: '',
      street: 'Testovací',
      streetNr: '12',
      postcode: '602 00',
      phone: '+420600000001',
      isCompany: false,
    })
    expect(o.client).toMatchObject({
      firstName: 'Jana',
      lastName: 'Testová',
      email: 'jana@example.test',
      phone: '+420600000001',
      city: 'Brno',
      country: 'Czech',
    })
    expect(o.errMsgs).toEqual([])
  })

  it('ships to the delivery address and bills the company of the billing address', () => {
    const o = imported(
      mapShoptetOrder(
        order({
          addressesEqual: false,
          billingAddress: {
            ...address,
            company: 'Testová s.r.o.',
            companyId: '12345678',
            vatId: 'CZ12345678',
            city: 'Praha',
          },
          deliveryAddress: { ...address, countryCode: 'SK', city: 'Bratislava', zip: '811 01' },
        }),
        ctx(),
      ),
    )
    expect(o.shipTo).toMatchObject({ country: 'Slovakia', city: 'Bratislava', postcode: '811 01' })
    expect(o.client).toMatchObject({
      isCompany: true,
      companyName: 'Testová s.r.o.',
      nr_reg_com: '12345678',
      taxId: 'CZ12345678',
      city: 'Praha',
    })
  })

  it('uses the billing address when the delivery address is empty', () => {
    const empty = { ...address, street: null, city: null, zip: null, houseNumber: null }
    const o = imported(mapShoptetOrder(order({ deliveryAddress: empty }), ctx()))
    expect(o.shipTo).toMatchObject({ city: 'Brno', street: 'Testovací', postcode: '602 00' })
  })

  it('keeps goods lines only, by SKU with the product’s name and weight, priced with VAT', () => {
    const o = imported(
      mapShoptetOrder(order({ items: [...order().items, line('MUG-001', '2.000', '398.00')] }), ctx()),
    )
    expect(o.items).toEqual([
      {
        productId: 'id-MUG-001',
        sku: 'MUG-001',
        name: 'Product MUG-001',
        weight: 350,
        quantity: 1,
        price: 199,
      },
      {
        productId: 'id-MUG-001',
        sku: 'MUG-001',
        name: 'Product MUG-001',
        weight: 350,
        quantity: 2,
        price: 398,
      },
    ])
  })

  it('keeps a line of an unknown SKU unpaired and says so in errMsgs', () => {
    const o = imported(mapShoptetOrder(order({ items: [line('MUG-001'), line('NOPE-9', '3.000')] }), ctx()))
    expect(o.items[1]).toEqual({
      productId: null,
      sku: 'NOPE-9',
      name: 'Item NOPE-9',
      weight: 350,
      quantity: 3,
      price: 199,
    })
    expect(o.errMsgs).toEqual(['Unknown SKU NOPE-9'])
  })

  it('is not COD unless the billing method is 1 (cash on delivery)', () => {
    const paid = imported(mapShoptetOrder(order(), ctx()))
    expect(paid.codAmount).toBe(0)
    const cod = imported(mapShoptetOrder(order({ billingMethod: { id: 1, name: 'Dobírka' } }), ctx()))
    expect(cod.codAmount).toBe(262)
    expect(cod.errMsgs).toEqual([])
    const unknown = imported(mapShoptetOrder(order({ billingMethod: null }), ctx()))
    expect(unknown.codAmount).toBe(0)
  })

  it('flags COD in a currency other than the ship-to country’s', () => {
    const o = imported(
      mapShoptetOrder(
        order({ billingMethod: { id: 1 }, price: { toPay: '10.50', currencyCode: 'EUR' } }),
        ctx(),
      ),
    )
    expect(o.codAmount).toBe(10.5)
    expect(o.errMsgs).toEqual(['COD 10.50 EUR: Czech collects CZK'])
    const sk = imported(
      mapShoptetOrder(
        order({
          billingMethod: { id: 1 },
          price: { toPay: '10.50', currencyCode: 'EUR' },
          deliveryAddress: { ...address, countryCode: 'SK' },
        }),
        ctx(),
      ),
    )
    expect(sk.errMsgs).toEqual([])
  })

  it('with "only selected products" skips orders with a product that does not allow import', () => {
    const only = { onlySelectedProducts: true, invoicing: 'expedo' as const }
    const products = catalogue(product('MUG-001'), product('CAP-002', false))
    expect(mapShoptetOrder(order(), ctx(products, only)).kind).toBe('import')
    expect(
      mapShoptetOrder(order({ items: [line('MUG-001'), line('CAP-002')] }), ctx(products, only)),
    ).toEqual({
      kind: 'skip',
      reason: 'CAP-002 is not a product selected for import',
    })
    expect(mapShoptetOrder(order({ items: [line('NOPE-9')] }), ctx(products, only)).kind).toBe('skip')
    // Importing all orders takes the same order, unpaired line and all.
    expect(mapShoptetOrder(order({ items: [line('MUG-001'), line('CAP-002')] }), ctx(products)).kind).toBe(
      'import',
    )
  })

  it('asks for our invoice only when Expedo invoices the shop', () => {
    expect(imported(mapShoptetOrder(order(), ctx())).generateInvoice).toBe(true)
    const shoptet = { onlySelectedProducts: false, invoicing: 'shoptet' as const }
    expect(imported(mapShoptetOrder(order(), ctx(undefined, shoptet))).generateInvoice).toBe(false)
  })

  it('rounds a fractional quantity up and says so', () => {
    const o = imported(mapShoptetOrder(order({ items: [line('MUG-001', '1.500')] }), ctx()))
    expect(o.items[0]!.quantity).toBe(2)
    expect(o.errMsgs).toEqual(['Item MUG-001: quantity 1.500 imported as 2'])
  })
})
