import { and, asc, eq, ilike } from 'drizzle-orm'
import {
  businessClientBankAccounts,
  businessClientCompanyIds,
  businessClientContacts,
  businessClients,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type BusinessClientRow = typeof businessClients.$inferSelect
export type ContactRow = typeof businessClientContacts.$inferSelect
export type BankAccountRow = typeof businessClientBankAccounts.$inferSelect
export type CompanyIdRow = typeof businessClientCompanyIds.$inferSelect

export interface BusinessClientAggregate {
  client: BusinessClientRow
  contacts: ContactRow[]
  bankAccounts: BankAccountRow[]
  companyIds: CompanyIdRow[]
}

type Children =
  | typeof businessClientContacts
  | typeof businessClientBankAccounts
  | typeof businessClientCompanyIds

export function createBusinessClientsRepository(db: DbOrTx) {
  /** Updates one child row of a business client; undefined when it does not belong to it. */
  async function updateChild<T extends Children>(
    table: T,
    ownerId: string,
    id: string,
    values: Partial<T['$inferInsert']>,
  ) {
    const rows = await db
      .update(table)
      .set(values as never)
      .where(and(eq(table.id, id), eq(table.businessclientId, ownerId)))
      .returning({ id: table.id })
    return rows.length > 0
  }
  async function deleteChild(table: Children, ownerId: string, id: string) {
    const rows = await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.businessclientId, ownerId)))
      .returning({ id: table.id })
    return rows.length > 0
  }

  return {
    async list(scope: TenantScope, searchTerm: string | undefined) {
      return db
        .select({ id: businessClients.id, name: businessClients.name })
        .from(businessClients)
        .where(
          and(
            tenantCondition(scope, businessClients.id),
            searchTerm ? ilike(businessClients.name, containsPattern(searchTerm)) : undefined,
          ),
        )
        .orderBy(asc(businessClients.name))
        .limit(1000)
    },

    /** The business client with its children, if it exists and the scope may see it (row locked with `forUpdate`). */
    async find(
      scope: TenantScope,
      id: string,
      forUpdate = false,
    ): Promise<BusinessClientAggregate | undefined> {
      const query = db
        .select()
        .from(businessClients)
        .where(and(eq(businessClients.id, id), tenantCondition(scope, businessClients.id)))
      const [client] = forUpdate ? await query.for('update') : await query
      if (!client) return undefined
      const contacts = await db
        .select()
        .from(businessClientContacts)
        .where(eq(businessClientContacts.businessclientId, id))
        .orderBy(asc(businessClientContacts.createdAt), asc(businessClientContacts.id))
      const bankAccounts = await db
        .select()
        .from(businessClientBankAccounts)
        .where(eq(businessClientBankAccounts.businessclientId, id))
        .orderBy(asc(businessClientBankAccounts.createdAt), asc(businessClientBankAccounts.id))
      const companyIds = await db
        .select()
        .from(businessClientCompanyIds)
        .where(eq(businessClientCompanyIds.businessclientId, id))
        .orderBy(asc(businessClientCompanyIds.createdAt), asc(businessClientCompanyIds.id))
      return { client, contacts, bankAccounts, companyIds }
    },

    async insert(values: typeof businessClients.$inferInsert): Promise<BusinessClientRow> {
      const [row] = await db.insert(businessClients).values(values).returning()
      return row!
    },
    async update(id: string, values: Partial<typeof businessClients.$inferInsert>): Promise<void> {
      await db.update(businessClients).set(values).where(eq(businessClients.id, id))
    },
    /** Bumps updated_at of the parent when a child changes. */
    async touch(id: string): Promise<void> {
      await db.update(businessClients).set({ updatedAt: new Date() }).where(eq(businessClients.id, id))
    },

    insertContact: async (values: typeof businessClientContacts.$inferInsert) => {
      await db.insert(businessClientContacts).values(values)
    },
    updateContact: (
      ownerId: string,
      id: string,
      values: Partial<typeof businessClientContacts.$inferInsert>,
    ) => updateChild(businessClientContacts, ownerId, id, values),
    deleteContact: (ownerId: string, id: string) => deleteChild(businessClientContacts, ownerId, id),

    insertBankAccount: async (values: typeof businessClientBankAccounts.$inferInsert) => {
      await db.insert(businessClientBankAccounts).values(values)
    },
    updateBankAccount: (
      ownerId: string,
      id: string,
      values: Partial<typeof businessClientBankAccounts.$inferInsert>,
    ) => updateChild(businessClientBankAccounts, ownerId, id, values),
    deleteBankAccount: (ownerId: string, id: string) => deleteChild(businessClientBankAccounts, ownerId, id),

    insertCompanyId: async (values: typeof businessClientCompanyIds.$inferInsert) => {
      await db.insert(businessClientCompanyIds).values(values)
    },
    updateCompanyId: (
      ownerId: string,
      id: string,
      values: Partial<typeof businessClientCompanyIds.$inferInsert>,
    ) => updateChild(businessClientCompanyIds, ownerId, id, values),
    deleteCompanyId: (ownerId: string, id: string) => deleteChild(businessClientCompanyIds, ownerId, id),
  }
}
export type BusinessClientsRepository = ReturnType<typeof createBusinessClientsRepository>
