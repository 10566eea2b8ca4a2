import type { Eshop, EshopAuth, EshopUpdateBody, ShoptetOrderStatus } from '@expedo/domain'
import { notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { unseal } from './activation-key.ts'
import { type EshopsDeps, shoptetFailure } from './eshops.deps.ts'
import { maskToken, toEshop } from './eshops.mapper.ts'
import { createEshopsRepository } from './eshops.repository.ts'
import { activate } from './use-cases/activate.ts'
import {
  PRODUCT_IMPORT_JOB,
  productImportOf,
  runProductImport,
  startProductImport,
} from './use-cases/import-products.ts'
import { install } from './use-cases/install.ts'
import { rawWebhooks } from './use-cases/raw-webhooks.ts'
import { updateSettings } from './use-cases/update-settings.ts'

/** The e-shop connections and the Shoptet add-on (install, activation, settings, webhooks, products). */
export function createEshopsService(deps: EshopsDeps) {
  const repo = createEshopsRepository(deps.db)
  deps.queue.handle<{ importId: string }>(PRODUCT_IMPORT_JOB, ({ importId }) =>
    runProductImport(deps, importId),
  )

  async function find(auth: AuthContext, id: string) {
    const found = await repo.find(auth.scope, id)
    if (!found) throw notFound('E-shop')
    return found
  }

  return {
    async list(auth: AuthContext, businessclientId: string | undefined): Promise<Eshop[]> {
      const rows = await repo.list(auth.scope, businessclientId)
      return rows.map((r) => toEshop(r.eshop, r.businessclientName))
    },
    async get(auth: AuthContext, id: string): Promise<Eshop> {
      const found = await find(auth, id)
      return toEshop(found.eshop, found.businessclientName)
    },
    update: (auth: AuthContext, id: string, body: EshopUpdateBody) => updateSettings(deps, auth, id, body),

    /** Admin only (the route's permission): ids, a masked token, the pending activation link. */
    async auth(auth: AuthContext, id: string): Promise<EshopAuth> {
      const { eshop } = await find(auth, id)
      const pending =
        eshop.activationLinkSealed &&
        !eshop.activationUsedAt &&
        eshop.activationExpiresAt &&
        eshop.activationExpiresAt.getTime() > Date.now()
      return {
        _id: eshop.id,
        shoptet_eshopId: eshop.shoptetEshopId,
        businessclient: eshop.businessclientId,
        eshopUrl: eshop.eshopUrl,
        shoptet_oauthaccesstoken: maskToken(eshop.oauthAccessToken),
        hasWebhookSignatureKey: eshop.webhookSignatureKey !== null,
        activationLink: pending ? unseal(eshop.activationLinkSealed!, deps.secret) : null,
        activationExpiresAt: eshop.activationExpiresAt?.toISOString() ?? null,
        activationUsedAt: eshop.activationUsedAt?.toISOString() ?? null,
      }
    },

    async statuses(auth: AuthContext, id: string): Promise<ShoptetOrderStatus[]> {
      const { eshop } = await find(auth, id)
      if (!eshop.oauthAccessToken || eshop.uninstalledAt) return []
      try {
        const answer = await deps.access.shoptetApiFor(eshop.id).orderStatuses()
        return answer.statuses.map((s) => ({ id: s.id, name: s.name }))
      } catch (error) {
        throw shoptetFailure(error)
      }
    },

    install: (code: string) => install(deps, code),
    activate: (body: Parameters<typeof activate>[1]) => activate(deps, body),
    webhooks: rawWebhooks(deps),
    startProductImport: (
      auth: AuthContext,
      kind: 'import' | 'update',
      q: Parameters<typeof startProductImport>[3],
    ) => startProductImport(deps, auth, kind, q),
    productImport: (auth: AuthContext, id: string) => productImportOf(deps, auth, id),
  }
}
export type EshopsService = ReturnType<typeof createEshopsService>
