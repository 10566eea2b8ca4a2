import type { ShoptetProduct, ShoptetVariant } from '../../platform/providers/shoptet/index.ts'

/** One variant as an Expedo product (SKU = the variant's code). Weight in g, dimensions in cm. */
export interface ImportedProduct {
  sku: string
  name: string
  barcode: string
  weightGrams: number | null
  widthCm: string | null
  heightCm: string | null
  lengthCm: string | null
  /** The product's id in the shop (client_ids): the guid, with the variant code when there are several. */
  externalId: string
}

const decimal = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : null
}
/** Shoptet: kilograms with 3 decimals → grams. */
const grams = (kg: string | null | undefined) => {
  const n = decimal(kg)
  return n === null || n === 0 ? null : Math.round(n * 1000)
}
/** Shoptet: centimetres with 1 decimal, "0" when not filled in. */
const cm = (value: string | null | undefined) => {
  const n = decimal(value)
  return n === null || n === 0 || n > 999_999 ? null : n.toFixed(1)
}

/** The variant's name: the product's, with the variant's parameters when it is one of several. */
function nameOf(product: ShoptetProduct, variant: ShoptetVariant): string {
  const base = (product.name ?? '').trim() || variant.code
  if (product.variants.length < 2) return base
  const label =
    variant.name?.trim() ||
    (variant.parameters ?? [])
      .map((p) => p.paramValue)
      .filter(Boolean)
      .join(', ')
  return label ? `${base} ${label}` : base
}

/** Every variant of a Shoptet product with a code, as Expedo products (variants without a code are skipped). */
export function productsOf(product: ShoptetProduct): ImportedProduct[] {
  const several = product.variants.length > 1
  return product.variants
    .filter((v) => v.code && v.code.trim() !== '')
    .map((v) => ({
      sku: v.code.trim(),
      name: nameOf(product, v).slice(0, 200),
      barcode: (v.ean ?? '').trim(),
      weightGrams: grams(v.weight),
      widthCm: cm(v.width),
      heightCm: cm(v.height),
      lengthCm: cm(v.depth),
      externalId: several ? `${product.guid}:${v.code.trim()}` : product.guid,
    }))
}
