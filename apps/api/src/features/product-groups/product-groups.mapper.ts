import type { ProductGroup } from '@expedo/domain'
import type { GroupAggregate, GroupRow } from './product-groups.repository.ts'

export function toProductGroup({ group, businessclientName, members }: GroupAggregate): ProductGroup {
  return {
    _id: group.id,
    name: group.name,
    businessclient: { _id: group.businessclientId, name: businessclientName },
    products: members.map((m) => ({ _id: m.id, name: m.name, codes: { sku: m.sku, barcode: m.barcode } })),
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  }
}

export function toProductGroupListItem(row: {
  group: GroupRow
  businessclientName: string
  productsCount: number
}) {
  return {
    _id: row.group.id,
    name: row.group.name,
    businessclient: { _id: row.group.businessclientId, name: row.businessclientName },
    productsCount: Number(row.productsCount),
    createdAt: row.group.createdAt.toISOString(),
    updatedAt: row.group.updatedAt.toISOString(),
  }
}
