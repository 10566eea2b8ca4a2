import type { Eshop, EshopUpdateBody } from '@expedo/domain'
import { AppError, invalid, notFound } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { type EshopsDeps, shoptetFailure } from '../eshops.deps.ts'
import { type EshopRow, toEshop } from '../eshops.mapper.ts'
import { createEshopsRepository, type EshopChanges } from '../eshops.repository.ts'
import { registerOrderWebhooks, removeOrderWebhooks, webhookUrlOf } from '../order-webhooks.ts'

const S = 'shoptet_settings.'

/** The body's dotted keys as column changes. */
function changesOf(body: EshopUpdateBody): EshopChanges {
  const c: EshopChanges = {}
  if (body.isActive !== undefined) c.isActive = body.isActive
  const set = <K extends keyof EshopChanges>(key: K, value: EshopChanges[K] | undefined) => {
    if (value !== undefined) c[key] = value
  }
  set('importOrdersEnabled', body[`${S}import_orders_enabled`])
  set('importOrdersAll', body[`${S}import_orders_all`])
  set('importOrdersOnlySelectedProducts', body[`${S}import_orders_only_selected_products`])
  set('shippedStatusId', body[`${S}shipped_status_id`])
  set('suppressEmailSending', body[`${S}suppress_email_sending`])
  set('suppressDocumentGeneration', body[`${S}suppress_document_generation`])
  set('invoicing', body[`${S}invoicing`])
  return c
}

/** Order webhooks exist exactly while the connection is active with order import on. */
const wantsWebhooks = (r: Pick<EshopRow, 'isActive' | 'importOrdersEnabled'>) =>
  r.isActive && r.importOrdersEnabled

/**
 * `PUT /settings/eshops/{id}`. Shoptet first, then our row: switching off removes the order webhooks before
 * anything is saved; switching on renews the signature key (stored at once, so the first delivery verifies)
 * and registers the webhooks. If Shoptet fails, the settings stay as they were (503).
 */
export async function updateSettings(
  deps: EshopsDeps,
  auth: AuthContext,
  id: string,
  body: EshopUpdateBody,
): Promise<Eshop> {
  const repo = createEshopsRepository(deps.db)
  const found = await repo.find(auth.scope, id)
  if (!found) throw notFound('E-shop')
  const row = found.eshop
  const changes = changesOf(body)
  const next = { ...row, ...changes }
  if (next.importOrdersAll && next.importOrdersOnlySelectedProducts) {
    const key =
      body[`${S}import_orders_only_selected_products`] !== undefined
        ? `${S}import_orders_only_selected_products`
        : `${S}import_orders_all`
    throw invalid(
      key,
      'cannot be on together with the other import mode (import all orders / only selected products)',
    )
  }
  if (changes.isActive && (row.uninstalledAt || !row.oauthAccessToken)) {
    throw new AppError('CONFLICT', 'The add-on is not installed in this shop: reinstall it first', {
      isActive: 'the add-on is not installed',
    })
  }
  const before = wantsWebhooks(row)
  const after = wantsWebhooks(next)
  if (before !== after || (after && changes.importOrdersEnabled)) {
    const api = deps.access.shoptetApiFor(row.id)
    try {
      if (after) {
        const { signatureKey } = await api.renewSignatureKey()
        await repo.update(row.id, { webhookSignatureKey: signatureKey })
        await registerOrderWebhooks(api, webhookUrlOf(deps.publicUrl))
      } else {
        await removeOrderWebhooks(api)
      }
    } catch (error) {
      throw shoptetFailure(error)
    }
  }
  const saved = await repo.update(row.id, changes)
  deps.log.info({ eshopId: row.id, changed: Object.keys(body) }, 'e-shop settings updated')
  return toEshop(saved, found.businessclientName)
}
