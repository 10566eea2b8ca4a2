import type { CreateProductBody, Product, UpdateProductBody } from '@expedo/domain'
import { publicUrl } from '../files/index.ts'
import type { ProductAggregate, ProductInsert } from './products.repository.ts'

const num = (value: string | null) => (value === null ? null : Number(value))
const decimal = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : String(value)

export function toProduct({ product: p, businessclientName, photos, eshopIds }: ProductAggregate): Product {
  return {
    _id: p.id,
    name: p.name,
    codes: { sku: p.sku, barcode: p.barcode, clientsku: p.clientsku },
    color: p.color,
    size: p.size,
    photos: photos.map((ph) => ({ _id: ph.fileId, publicurl: publicUrl(ph.storageKey) })),
    businessclient: { _id: p.businessclientId, name: businessclientName },
    allowImportOrders: p.allowImportOrders,
    proprities: {
      weight: p.weightGrams,
      dimentions: { height: num(p.heightCm), lenght: num(p.lengthCm), width: num(p.widthCm) },
      note: p.propertiesNote,
    },
    storage: { temp: num(p.storageTempC), note: p.storageNote },
    client_ids: eshopIds.map((e) => ({
      _id: e.id,
      id: e.externalId,
      eshop: { _id: e.eshopId, eshopUrl: e.eshopUrl },
    })),
    description: p.description,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }
}

/** The spec's nested (and misspelt) fields → columns; fields not given stay undefined (unchanged). */
export function productColumns(input: UpdateProductBody | CreateProductBody): Partial<ProductInsert> {
  const columns: Partial<ProductInsert> = {
    name: input.name,
    sku: input.codes?.sku,
    barcode: input.codes?.barcode,
    clientsku: input.codes?.clientsku,
    color: input.color,
    size: input.size,
    allowImportOrders: input.allowImportOrders,
    weightGrams: input.proprities?.weight,
    heightCm: decimal(input.proprities?.dimentions?.height),
    lengthCm: decimal(input.proprities?.dimentions?.lenght),
    widthCm: decimal(input.proprities?.dimentions?.width),
    propertiesNote: input.proprities?.note,
    storageTempC: decimal(input.storage?.temp),
    storageNote: input.storage?.note,
    description: input.description,
  }
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined))
}
