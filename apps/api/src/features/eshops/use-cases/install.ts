import { randomBytes } from 'node:crypto'
import { SHOPTET_ACTIVATION_DAYS, SHOPTET_INSTALL_PATH, type SysLang, UsernameSchema } from '@expedo/domain'
import { AppError } from '../../../platform/http/app-error.ts'
import { exchangeInstallCode, ShoptetError } from '../../../platform/providers/shoptet/index.ts'
import { hashPassword } from '../../../platform/security/passwords.ts'
import { activationKeyHash, activationPath, newActivationKey, seal } from '../activation-key.ts'
import type { EshopsDeps } from '../eshops.deps.ts'
import { createEshopsRepository, type EshopsRepository } from '../eshops.repository.ts'

const DAY_MS = 86_400_000

export const installUrlOf = (publicUrl: string) => `${publicUrl}/api${SHOPTET_INSTALL_PATH}`

/** The shop's language for the link: Slovak shops SK, the rest CZ (the spec's default). */
const syslangOf = (eshopUrl: string): SysLang => (/\.sk(\/|$)/i.test(eshopUrl) ? 'SK' : 'CZ')
const hostOf = (eshopUrl: string) => {
  try {
    return new URL(eshopUrl).host
  } catch {
    return eshopUrl
  }
}

/** A username from the shop's contact e-mail (the sign-up rules), else one from the shop id. */
function baseUsername(contactEmail: string | undefined, shoptetEshopId: number): string {
  const parsed = UsernameSchema.safeParse((contactEmail ?? '').toLowerCase())
  return parsed.success ? parsed.data : `shoptet-${shoptetEshopId}`
}

/** The user the activation sets up: the business client's own user of that name, or a new disabled one. */
async function activationUser(repo: EshopsRepository, businessclientId: string, base: string) {
  for (let n = 1; n < 50; n++) {
    const username = n === 1 ? base : `${base.slice(0, 60)}-${n}`
    const existing = await repo.userByUsername(username)
    if (existing?.businessclientId === businessclientId && existing.roles.includes('client')) return existing
    if (existing) continue
    // Disabled with an unguessable password until the activation sets the merchant's own.
    return repo.insertUser({
      username,
      passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      roles: ['client'],
      status: 'disabled',
      businessclientId,
      sysLang: 'CZ',
    })
  }
  throw new AppError('CONFLICT', 'No free username for the shop’s user')
}

/**
 * Shoptet's installation call (docs/integrations/shoptet.md §1.2–1.3): the code is traded for the OAuth
 * token first (a bad or used code: 400, nothing stored), then one transaction binds the shop to its business
 * client (by Shoptet id, else by URL, else a new client and user) as an INACTIVE connection with a fresh
 * one-time activation link. A reinstall refreshes the same connection (new token, order import off: the
 * old webhooks went with the uninstall).
 */
export async function install(deps: EshopsDeps, code: string): Promise<{ eshopId: string }> {
  // Without the add-on's Shoptet credentials no code can be valid here (a caller's mistake, not an outage).
  if (!deps.shoptet) {
    throw new AppError('VALIDATION_FAILED', 'code cannot be accepted: Shoptet is not configured', {
      code: 'cannot be accepted: Shoptet is not configured',
    })
  }
  let shop: Awaited<ReturnType<typeof exchangeInstallCode>>
  try {
    shop = await exchangeInstallCode(deps.shoptet, code, installUrlOf(deps.publicUrl))
  } catch (error) {
    if (error instanceof ShoptetError && !error.retryable && error.status >= 400 && error.status < 500) {
      throw new AppError('VALIDATION_FAILED', 'code is not valid or was already used', {
        code: 'is not valid or was already used',
      })
    }
    if (error instanceof ShoptetError)
      throw new AppError('UNAVAILABLE', 'Shoptet did not confirm the install')
    throw error
  }
  const now = deps.now?.() ?? new Date()
  const key = newActivationKey()
  const { row, username, syslang } = await deps.db.transaction(async (tx) => {
    const repo = createEshopsRepository(tx)
    await repo.lockShop(shop.eshopId)
    const existing = (await repo.byShoptetEshopId(shop.eshopId)) ?? (await repo.unboundByUrl(shop.eshopUrl))
    const businessclientId =
      existing?.businessclientId ?? (await repo.insertBusinessClient(hostOf(shop.eshopUrl)))
    const user = await activationUser(repo, businessclientId, baseUsername(shop.contactEmail, shop.eshopId))
    const syslang = syslangOf(shop.eshopUrl)
    const values = {
      eshopUrl: shop.eshopUrl || existing?.eshopUrl || '',
      shoptetEshopId: shop.eshopId,
      isActive: false,
      importOrdersEnabled: false,
      oauthAccessToken: shop.oauthAccessToken,
      webhookSignatureKey: null,
      contactEmail: shop.contactEmail ?? '',
      activationKeyHash: activationKeyHash(key),
      activationLinkSealed: seal(activationPath(syslang, user.username, key), deps.secret),
      activationUserId: user.id,
      activationExpiresAt: new Date(now.getTime() + SHOPTET_ACTIVATION_DAYS * DAY_MS),
      activationUsedAt: null,
      installedAt: now,
      uninstalledAt: null,
    }
    const row = existing
      ? await repo.update(existing.id, values)
      : await repo.insert({ businessclientId, ...values })
    // Tokens of the previous installation died with it.
    await repo.forgetApiToken(row.id)
    return { row, username: user.username, syslang }
  })
  deps.access.forget(row.id)
  // The link without its key: the key itself is only in the sealed copy staff can read.
  deps.log.info(
    { eshopId: row.id, shoptetEshopId: shop.eshopId, activation: activationPath(syslang, username, '<key>') },
    'Shoptet add-on installed: the connection waits for its activation',
  )
  return { eshopId: row.id }
}
