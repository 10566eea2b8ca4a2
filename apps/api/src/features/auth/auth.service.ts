import { MIN_PASSWORD_LENGTH, type Role, type SessionUser, type SysLang } from '@expedo/domain'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/db/errors.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/security/passwords.ts'
import type { TokenService } from '../../platform/security/tokens.ts'
import type { UserRow, UsersService } from '../users/index.ts'
import { createSigninThrottle } from './signin-throttle.ts'

const wrongCredentials = () => new AppError('INVALID_CREDENTIALS', 'Wrong username or password')

export interface NewUser {
  username: string
  password: string
  roles: Role[]
  businessclientId?: string | null
  sysLang?: SysLang
  country?: string | null
}

export function createAuthService(deps: { db: Db; users: UsersService; tokens: TokenService }) {
  const { users, tokens } = deps
  const repo = users.repository()
  const throttle = createSigninThrottle(deps.db)

  /** The user if the password is right; a disabled account is refused only after the password matched. */
  async function checkCredentials(username: string, password: string): Promise<UserRow> {
    const row = await repo.findByUsername(username)
    if (!row) {
      await burnPasswordCheck(password)
      throw wrongCredentials()
    }
    if (!(await verifyPassword(row.passwordHash, password))) throw wrongCredentials()
    if (row.status !== 'active') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled')
    return row
  }

  async function createUser(input: NewUser): Promise<UserRow> {
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new AppError('WEAK_PASSWORD', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, {
        password: `must be at least ${MIN_PASSWORD_LENGTH} characters`,
      })
    }
    try {
      return await repo.insert({
        username: input.username,
        passwordHash: await hashPassword(input.password),
        roles: input.roles,
        businessclientId: input.businessclientId ?? null,
        sysLang: input.sysLang ?? 'CZ',
        country: input.country ?? null,
      })
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        throw new AppError('USERNAME_TAKEN', 'This username is already taken', {
          username: 'is already taken',
        })
      }
      throw error
    }
  }

  return {
    createUser,
    /** The maintenance job's share: forget old failed sign-ins. */
    purgeSigninFailures: throttle.purge,

    async signup(body: {
      username: string
      password: string
      lang?: SysLang | undefined
    }): Promise<SessionUser> {
      const row = await createUser({
        username: body.username,
        password: body.password,
        roles: ['client'],
        ...(body.lang ? { sysLang: body.lang } : {}),
      })
      return users.sessionFor(row)
    },

    async signin(body: {
      username: string
      password: string
      lang?: SysLang | undefined
    }): Promise<SessionUser> {
      await throttle.begin(body.username)
      const row = await checkCredentials(body.username, body.password)
      await throttle.succeeded(body.username)
      const updated = await repo.update(row.id, {
        lastSigninAt: new Date(),
        ...(body.lang ? { sysLang: body.lang } : {}),
      })
      return users.sessionFor(updated ?? row)
    },

    /** Admin acts as another user: asks the admin's password again and writes the audit log. */
    async signinAs(
      admin: AuthContext,
      body: { username: string; password: string; lang?: SysLang | undefined },
      ip: string,
    ): Promise<SessionUser> {
      const adminRow = await repo.findById(admin.userId)
      if (adminRow) await throttle.begin(adminRow.username)
      if (!adminRow || !(await verifyPassword(adminRow.passwordHash, body.password))) {
        throw new AppError('INVALID_CREDENTIALS', 'Wrong password', { password: 'is wrong' })
      }
      await throttle.succeeded(adminRow.username)
      const target = await repo.findByUsername(body.username)
      if (!target) throw new AppError('NOT_FOUND', 'User not found', { username: 'no such user' })
      if (target.status !== 'active') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled')
      await repo.audit({
        actorId: admin.userId,
        action: 'auth.signinas',
        targetId: target.id,
        ip,
        details: {},
      })
      // The admin keeps reading in the admin's language for this session; the user's own choice stays stored.
      return users.sessionFor(body.lang ? { ...target, sysLang: body.lang } : target)
    },

    /** Bearer token → the user as stored now (a disabled or deleted user loses access at once). */
    async authenticate(request: FastifyRequest): Promise<AuthContext | null> {
      const header = request.headers.authorization
      if (!header?.startsWith('Bearer ')) return null
      const claims = await tokens.verify(header.slice('Bearer '.length).trim())
      return claims ? users.authContextFor(claims.sub) : null
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
