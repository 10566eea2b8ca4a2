import {
  type BankAccountPatchSchema,
  type BusinessClient,
  type BusinessProfileKey,
  bankAccountProblems,
  type CompanyIdInputSchema,
  type CompanyIdPatchSchema,
  type ContactPatchSchema,
  type UpdateBusinessClientBody,
} from '@expedo/domain'
import type { z } from 'zod'
import type { Db, Tx } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import type { UsersService } from '../users/index.ts'
import {
  addressToColumns,
  normaliseIban,
  profileColumns,
  toBusinessClient,
} from './business-clients.mapper.ts'
import {
  type BusinessClientsRepository,
  createBusinessClientsRepository,
} from './business-clients.repository.ts'

type BankAccountPatch = z.infer<typeof BankAccountPatchSchema>

function bankAccountColumns<T extends Partial<{ IBAN: string; SWIFT: string }>>({ IBAN, SWIFT, ...rest }: T) {
  return {
    ...rest,
    ...(IBAN !== undefined ? { iban: normaliseIban(IBAN) } : {}),
    ...(SWIFT !== undefined ? { swift: normaliseIban(SWIFT) } : {}),
  }
}

export function createBusinessClientsService(deps: { db: Db; users: UsersService }) {
  const { db, users } = deps
  const repo = createBusinessClientsRepository(db)

  /**
   * Runs a change on one business client in a transaction, with its row locked, and answers the client as
   * it is afterwards. A client outside the caller's scope is "not found".
   */
  async function change(
    auth: AuthContext,
    id: string,
    apply: (r: BusinessClientsRepository, tx: Tx) => Promise<void>,
  ): Promise<BusinessClient> {
    return db.transaction(async (tx) => {
      const r = createBusinessClientsRepository(tx)
      if (!(await r.find(auth.scope, id, true))) throw notFound('Business client')
      await apply(r, tx)
      await r.touch(id)
      return toBusinessClient((await r.find(auth.scope, id))!)
    })
  }

  const childNotFound = (what: string) => notFound(what)

  return {
    async list(auth: AuthContext, searchTerm: string | undefined) {
      const rows = await repo.list(auth.scope, searchTerm)
      return { list: rows.map((r) => ({ _id: r.id, name: r.name })), total: rows.length }
    },

    async get(auth: AuthContext, id: string): Promise<BusinessClient> {
      const found = await repo.find(auth.scope, id)
      if (!found) throw notFound('Business client')
      return toBusinessClient(found)
    },

    /** Staff create any business client; a client user creates its own, once, and is linked to it. */
    async create(auth: AuthContext, body: { name: string; address?: Record<string, string> | undefined }) {
      const linksCaller = auth.scope.kind === 'client'
      if (linksCaller && auth.businessclientId) {
        throw new AppError('CONFLICT', 'Your account already has a business client')
      }
      const { created, user } = await db.transaction(async (tx) => {
        const r = createBusinessClientsRepository(tx)
        const row = await r.insert({ name: body.name, ...addressToColumns(body.address ?? {}) })
        const user = linksCaller ? await users.linkBusinessClient(tx, auth.userId, row.id) : undefined
        return { created: (await r.find({ kind: 'all' }, row.id))!, user }
      })
      const answer = toBusinessClient(created)
      return user ? { ...answer, token: (await users.sessionFor(user)).token } : answer
    },

    update(auth: AuthContext, id: string, body: UpdateBusinessClientBody): Promise<BusinessClient> {
      return change(auth, id, async (r) => {
        switch (body.type) {
          case 'update':
            await r.update(id, {
              ...(body.query.name !== undefined ? { name: body.query.name } : {}),
              ...addressToColumns(body.query.address ?? {}),
              ...(body.query.invoicing?.vatPayer !== undefined
                ? { vatPayer: body.query.invoicing.vatPayer }
                : {}),
              ...(body.query.invoicing?.dueDays !== undefined
                ? { invoiceDueDays: body.query.invoicing.dueDays }
                : {}),
              ...(body.query.invoicing?.oss !== undefined ? { ossEnabled: body.query.invoicing.oss } : {}),
              ...(body.query.invoicing?.ossSince !== undefined
                ? { ossSince: body.query.invoicing.ossSince }
                : {}),
            })
            return
          case 'new contact':
            await r.insertContact({ businessclientId: id, ...body.query })
            return
          case 'remove contact':
            if (!(await r.deleteContact(id, body.query._id))) throw childNotFound('Contact')
            return
          case 'new bankaccount':
            await r.insertBankAccount({ businessclientId: id, ...bankAccountColumns(body.query) })
            return
          case 'remove bankaccount':
            if (!(await r.deleteBankAccount(id, body.query._id))) throw childNotFound('Bank account')
            return
        }
      })
    },

    updateContact(
      auth: AuthContext,
      id: string,
      contactId: string,
      patch: z.infer<typeof ContactPatchSchema>,
    ) {
      return change(auth, id, async (r) => {
        if (!(await r.updateContact(id, contactId, patch))) throw childNotFound('Contact')
      })
    },

    updateBankAccount(auth: AuthContext, id: string, accountId: string, patch: BankAccountPatch) {
      return change(auth, id, async (r) => {
        const current = (await r.find(auth.scope, id))?.bankAccounts.find((a) => a.id === accountId)
        if (!current) throw childNotFound('Bank account')
        // The account as it will be: its BIC, bank code and number still agree with its IBAN.
        const problems = bankAccountProblems({
          IBAN: patch.IBAN ?? current.iban,
          SWIFT: patch.SWIFT ?? current.swift,
          accountNr: patch.accountNr ?? current.accountNr,
          bankCode: patch.bankCode ?? current.bankCode,
        })
        const [field, reason] = Object.entries(problems)[0] ?? []
        if (field && reason) throw invalid(field, reason)
        if (!(await r.updateBankAccount(id, accountId, bankAccountColumns(patch))))
          throw childNotFound('Bank account')
      })
    },

    addCompanyId(auth: AuthContext, id: string, input: z.infer<typeof CompanyIdInputSchema>) {
      return change(auth, id, (r) => r.insertCompanyId({ businessclientId: id, ...input }))
    },

    updateCompanyId(auth: AuthContext, id: string, cid: string, patch: z.infer<typeof CompanyIdPatchSchema>) {
      return change(auth, id, async (r) => {
        if (!(await r.updateCompanyId(id, cid, patch))) throw childNotFound('Company id')
      })
    },

    deleteCompanyId(auth: AuthContext, id: string, cid: string) {
      return change(auth, id, async (r) => {
        if (!(await r.deleteCompanyId(id, cid))) throw childNotFound('Company id')
      })
    },

    updateBusinessProfile(
      auth: AuthContext,
      id: string,
      patch: Partial<Record<BusinessProfileKey, boolean>>,
    ) {
      return change(auth, id, async (r) => {
        const values: Record<string, boolean> = {}
        for (const [key, value] of Object.entries(patch)) {
          if (value !== undefined) values[profileColumns[key as BusinessProfileKey]] = value
        }
        await r.update(id, values)
      })
    },
  }
}
export type BusinessClientsService = ReturnType<typeof createBusinessClientsService>
