import { describe, expect, it } from 'vitest'
import type { ShoptetProduct } from '../../platform/providers/shoptet/index.ts'
import { productsOf } from './product-mapping.ts'

const variant = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  ean: null,
  weight: null,
  width: '0.0',
  height: '0.0',
  depth: '0.0',
  name: null,
  ...extra,
})
const product = (name: string, variants: ReturnType<typeof variant>[]) =>
  ({ guid: 'g-1', name, variants }) as unknown as ShoptetProduct

describe('Shoptet product → Expedo products', () => {
  it('maps a single variant: SKU = code, kg → g, cm kept to one decimal, the guid as e-shop id', () => {
    const [p] = productsOf(
      product('Hrnek', [
        variant(' MUG-1 ', {
          ean: '8590000000017',
          weight: '0.350',
          width: '9.0',
          height: '10.25',
          depth: '9',
        }),
      ]),
    )
    expect(p).toEqual({
      sku: 'MUG-1',
      name: 'Hrnek',
      barcode: '8590000000017',
      weightGrams: 350,
      widthCm: '9.0',
      heightCm: '10.3',
      lengthCm: '9.0',
      externalId: 'g-1',
    })
  })

  it('maps several variants with their names and guid:code ids, and skips a variant without a code', () => {
    const list = productsOf(
      product('Tričko', [
        variant('TEE-S', { name: 'Velikost: S' }),
        variant('TEE-M', { parameters: [{ paramValue: 'M' }] }),
        variant(''),
      ]),
    )
    expect(list.map((p) => [p.sku, p.name, p.externalId])).toEqual([
      ['TEE-S', 'Tričko Velikost: S', 'g-1:TEE-S'],
      ['TEE-M', 'Tričko M', 'g-1:TEE-M'],
    ])
  })

  it('leaves out what Shoptet does not know: zero or unreadable weight and dimensions are null', () => {
    const [p] = productsOf(product('', [variant('X-1', { weight: '0.000', width: 'abc', height: '-1' })]))
    expect(p).toMatchObject({
      name: 'X-1',
      weightGrams: null,
      widthCm: null,
      heightCm: null,
      lengthCm: null,
      barcode: '',
    })
  })
})
