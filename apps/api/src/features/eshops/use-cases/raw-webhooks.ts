import { createHash, timingSafeEqual } from 'node:crypto'
import type { ShoptetWebhook } from '@expedo/domain'
import { can } from '@expedo/domain'
import { AppError } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import type { ShoptetWebhook as ShoptetApiWebhook } from '../../../platform/providers/shoptet/index.ts'
import { type EshopsDeps, shoptetFailure } from '../eshops.deps.ts'
import { createEshopsRepository } from '../eshops.repository.ts'

export interface ShopCredentials {
  shoptet_eshopId: number
  shoptet_oauthaccesstoken?: string | undefined
}

const refused = () =>
  new AppError(
    'UNAUTHENTICATED',
    'shoptet_eshopId and shoptet_oauthaccesstoken do not match an installed shop',
  )

/** Equal secrets, compared in constant time (both hashed first, so lengths say nothing either). */
function sameSecret(given: string, stored: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest()
  return timingSafeEqual(digest(given), digest(stored))
}

/** The shop's connection id: by the pair (eshopId + its OAuth token), or any installed shop for an admin. */
async function authorise(deps: EshopsDeps, auth: AuthContext | null, q: ShopCredentials): Promise<string> {
  const row = await createEshopsRepository(deps.db).byShoptetEshopId(q.shoptet_eshopId)
  const stored = row && !row.uninstalledAt ? row.oauthAccessToken : null
  if (!row || !stored) throw refused()
  if (auth && can(auth.roles, 'eshops.credentials')) return row.id
  if (q.shoptet_oauthaccesstoken === undefined || !sameSecret(q.shoptet_oauthaccesstoken, stored))
    throw refused()
  return row.id
}

const toWebhook = (w: ShoptetApiWebhook): ShoptetWebhook => ({
  id: w.id,
  event: w.event,
  url: w.url,
  created: w.created ?? null,
  updated: w.updated ?? null,
})

/** The add-on's raw webhook management at Shoptet (spec §7): list, register, delete. Never echoes a token. */
export function rawWebhooks(deps: EshopsDeps) {
  const call = async <T>(
    auth: AuthContext | null,
    q: ShopCredentials,
    work: (eshopId: string) => Promise<T>,
  ) => {
    const eshopId = await authorise(deps, auth, q)
    try {
      return await work(eshopId)
    } catch (error) {
      throw shoptetFailure(error)
    }
  }
  return {
    list: (auth: AuthContext | null, q: ShopCredentials) =>
      call(auth, q, async (eshopId) => ({
        webhooks: (await deps.access.shoptetApiFor(eshopId).listWebhooks()).map(toWebhook),
      })),
    create: (auth: AuthContext | null, q: ShopCredentials, data: { event: string; url: string }[]) =>
      call(auth, q, async (eshopId) => {
        const created = await deps.access.shoptetApiFor(eshopId).registerWebhooks(data)
        return { webhooks: created.webhooks.map(toWebhook) }
      }),
    remove: (auth: AuthContext | null, q: ShopCredentials, id: number) =>
      call(auth, q, async (eshopId) => {
        await deps.access.shoptetApiFor(eshopId).deleteWebhook(id)
        return { deleted: id }
      }),
  }
}
