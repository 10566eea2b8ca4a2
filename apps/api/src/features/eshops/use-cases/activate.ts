import { SHOPTET_MESSAGES, type ShoptetActivationAnswer, type SysLang } from '@expedo/domain'
import { AppError } from '../../../platform/http/app-error.ts'
import { hashPassword } from '../../../platform/security/passwords.ts'
import { activationKeyHash } from '../activation-key.ts'
import type { EshopsDeps } from '../eshops.deps.ts'
import { createEshopsRepository } from '../eshops.repository.ts'

const expired = () => new AppError('ACTIVATION_EXPIRED', SHOPTET_MESSAGES.activationExpired)

/**
 * The activation landing's call: the one-time key (unknown, used or expired: 410 ACTIVATION_EXPIRED) sets
 * the user's password, activates the user and the connection, and signs the user in.
 */
export async function activate(
  deps: EshopsDeps,
  body: { activationkey: string; password: string; syslang: SysLang },
): Promise<ShoptetActivationAnswer> {
  const hash = activationKeyHash(body.activationkey)
  const known = await createEshopsRepository(deps.db).byActivationKeyHash(hash)
  const usable = (row: typeof known) =>
    row?.activationUserId &&
    !row.activationUsedAt &&
    !row.uninstalledAt &&
    row.activationExpiresAt &&
    row.activationExpiresAt.getTime() > (deps.now?.() ?? new Date()).getTime()
  if (!usable(known)) throw expired()
  const passwordHash = await hashPassword(body.password)
  const { eshopId, user } = await deps.db.transaction(async (tx) => {
    const repo = createEshopsRepository(tx)
    // Checked again under the row lock: two submits of one link activate once.
    const row = await repo.byActivationKeyHash(hash, true)
    if (!row || !usable(row)) throw expired()
    const now = deps.now?.() ?? new Date()
    const user = await repo.updateUser(row.activationUserId!, {
      passwordHash,
      status: 'active',
      sysLang: body.syslang,
    })
    await repo.update(row.id, {
      isActive: true,
      activatedAt: now,
      activationUsedAt: now,
      activationLinkSealed: null,
    })
    return { eshopId: row.id, user }
  })
  deps.log.info({ eshopId, userId: user.id }, 'Shoptet add-on activated')
  return { ...(await deps.users.sessionFor(user)), eshopId }
}
