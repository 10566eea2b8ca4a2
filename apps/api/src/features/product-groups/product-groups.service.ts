import { PRODUCT_SEARCH_MIN_CHARS, type ProductGroup } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { pageOf } from '../../platform/db/paging.ts'
import { invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { toProductGroup, toProductGroupListItem } from './product-groups.mapper.ts'
import { createProductGroupsRepository, type ProductGroupsRepository } from './product-groups.repository.ts'

/** Products must all be the group's business client's; a foreign or unknown one is a validation failure. */
async function checkProducts(r: ProductGroupsRepository, businessclientId: string, productIds: string[]) {
  const own = await r.productsOf(businessclientId, productIds)
  if (productIds.some((id) => !own.has(id))) {
    throw invalid('products', 'must be products of the group’s business client')
  }
}

export function createProductGroupsService(deps: { db: Db }) {
  const { db } = deps
  const repo = createProductGroupsRepository(db)

  /** A client's own business client; staff name one, or it is the first product's. */
  async function ownerFor(auth: AuthContext, requested: string | undefined, productIds: string[]) {
    if (auth.scope.kind === 'client') {
      if (!auth.businessclientId) throw invalid('businessclient', 'create your business client first')
      if (requested && requested !== auth.businessclientId) throw notFound('Business client')
      return auth.businessclientId
    }
    if (requested) {
      if (!(await repo.businessClientExists(requested))) throw notFound('Business client')
      return requested
    }
    const owner = productIds[0] ? await repo.ownerOfProduct(auth.scope, productIds[0]) : undefined
    if (!owner) throw invalid('businessclient', 'is required')
    return owner
  }

  function change(
    auth: AuthContext,
    id: string,
    apply: (r: ProductGroupsRepository, businessclientId: string) => Promise<void>,
  ): Promise<ProductGroup> {
    return db.transaction(async (tx) => {
      const r = createProductGroupsRepository(tx)
      const found = await r.find(auth.scope, id, true)
      if (!found) throw notFound('Product group')
      await apply(r, found.group.businessclientId)
      return toProductGroup((await r.find(auth.scope, id))!)
    })
  }

  return {
    async list(
      auth: AuthContext,
      query: { currentPage: number; itemsPerPage: number; searchTerm?: string | undefined },
    ) {
      const term = query.searchTerm?.trim()
      const { rows, total } = await repo.list(
        auth.scope,
        term && term.length >= PRODUCT_SEARCH_MIN_CHARS ? term : undefined,
        pageOf(query),
      )
      return { list: rows.map(toProductGroupListItem), total }
    },

    async get(auth: AuthContext, id: string): Promise<ProductGroup> {
      const found = await repo.find(auth.scope, id)
      if (!found) throw notFound('Product group')
      return toProductGroup(found)
    },

    async create(
      auth: AuthContext,
      body: { name: string; products: string[]; businessclient?: string | undefined },
    ): Promise<ProductGroup> {
      const productIds = [...new Set(body.products)]
      const businessclientId = await ownerFor(auth, body.businessclient, productIds)
      return db.transaction(async (tx) => {
        const r = createProductGroupsRepository(tx)
        await checkProducts(r, businessclientId, productIds)
        const group = await r.insert({ name: body.name, businessclientId })
        await r.addMembers(group.id, productIds)
        return toProductGroup((await r.find({ kind: 'all' }, group.id))!)
      })
    },

    rename(auth: AuthContext, id: string, name: string) {
      return change(auth, id, (r) => r.rename(id, name))
    },

    async delete(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        const r = createProductGroupsRepository(tx)
        if (!(await r.find(auth.scope, id, true))) throw notFound('Product group')
        await r.delete(id)
        return { _id: id }
      })
    },

    addProducts(auth: AuthContext, id: string, productIds: string[]) {
      const unique = [...new Set(productIds)]
      return change(auth, id, async (r, businessclientId) => {
        await checkProducts(r, businessclientId, unique)
        await r.addMembers(id, unique)
        await r.touch(id)
      })
    },

    removeProduct(auth: AuthContext, id: string, productId: string) {
      return change(auth, id, async (r) => {
        if (!(await r.removeMember(id, productId))) throw notFound('Product in this group')
        await r.touch(id)
      })
    },
  }
}
export type ProductGroupsService = ReturnType<typeof createProductGroupsService>
