import { randomBytes } from 'node:crypto'
import {
  auditLog,
  businessClientBankAccounts,
  businessClientCompanyIds,
  businessClientContacts,
  businessClients,
  companies,
  couriers,
  users,
  warehouses,
} from '../src/db/schema/index.ts'
import type { Db } from '../src/platform/db/database.ts'
import { hashPassword } from '../src/platform/security/passwords.ts'

/** The password of every factory user unless one is given (hashed once per test file: argon2 is slow on purpose). */
export const TEST_PASSWORD = 'correct-horse-battery'
let defaultHash: Promise<string> | undefined
function passwordHashOf(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password)
  defaultHash ??= hashPassword(TEST_PASSWORD)
  return defaultHash
}

type Insert<T extends { $inferInsert: object }> = Partial<T['$inferInsert']>
export type UserRow = typeof users.$inferSelect
export type BusinessClientRow = typeof businessClients.$inferSelect
export type ContactRow = typeof businessClientContacts.$inferSelect
export type BankAccountRow = typeof businessClientBankAccounts.$inferSelect
export type CompanyIdRow = typeof businessClientCompanyIds.$inferSelect

/** A business client with one of each child and one client user: a tenant as the tests need it. */
export interface Tenant {
  client: BusinessClientRow
  contact: ContactRow
  bankAccount: BankAccountRow
  companyId: CompanyIdRow
  user: UserRow
}

export interface TenantOverrides {
  client?: Insert<typeof businessClients>
  contact?: Insert<typeof businessClientContacts>
  bankAccount?: Insert<typeof businessClientBankAccounts>
  companyId?: Insert<typeof businessClientCompanyIds>
  user?: Insert<typeof users> & { password?: string }
}

/** One factory per table, each with sensible defaults and unique names; overrides win. */
export function createFactories(db: Db) {
  let seq = 0
  const unique = (prefix: string) => `${prefix}-${++seq}-${randomBytes(3).toString('hex')}`

  const factories = {
    unique,

    async user(overrides: Insert<typeof users> & { password?: string } = {}): Promise<UserRow> {
      const { password = TEST_PASSWORD, ...values } = overrides
      const [row] = await db
        .insert(users)
        .values({
          username: unique('user'),
          passwordHash: await passwordHashOf(password),
          roles: ['client'],
          sysLang: 'ENG',
          ...values,
        })
        .returning()
      return row!
    },

    async businessClient(overrides: Insert<typeof businessClients> = {}): Promise<BusinessClientRow> {
      const [row] = await db
        .insert(businessClients)
        .values({
          name: unique('Shop'),
          addressCountry: 'Czech',
          addressCity: 'Brno',
          addressStreet: 'Údolní',
          addressStreetNr: '53',
          addressPostcode: '602 00',
          ...overrides,
        })
        .returning()
      return row!
    },

    async contact(
      businessclientId: string,
      overrides: Insert<typeof businessClientContacts> = {},
    ): Promise<ContactRow> {
      const [row] = await db
        .insert(businessClientContacts)
        .values({
          businessclientId,
          name: unique('Contact'),
          email: `${unique('contact')}@example.com`,
          phone: '+420 603 112 233',
          position: 'Manager',
          ...overrides,
        })
        .returning()
      return row!
    },

    async bankAccount(
      businessclientId: string,
      overrides: Insert<typeof businessClientBankAccounts> = {},
    ): Promise<BankAccountRow> {
      const [row] = await db
        .insert(businessClientBankAccounts)
        .values({
          businessclientId,
          bankname: unique('Bank'),
          currency: 'CZK',
          accountNr: '19-2000145399',
          bankCode: '0800',
          iban: 'CZ6508000000192000145399',
          addressCity: 'Praha',
          addressCountry: 'Czech',
          ...overrides,
        })
        .returning()
      return row!
    },

    async companyId(
      businessclientId: string,
      overrides: Insert<typeof businessClientCompanyIds> = {},
    ): Promise<CompanyIdRow> {
      const [row] = await db
        .insert(businessClientCompanyIds)
        .values({ businessclientId, country: 'Czech', coid: '27082440', taxid: 'CZ27082440', ...overrides })
        .returning()
      return row!
    },

    /** A business client with a contact, a bank account, a company id and a client user. */
    async tenant(overrides: TenantOverrides = {}): Promise<Tenant> {
      const client = await factories.businessClient(overrides.client)
      const [contact, bankAccount, companyId, user] = await Promise.all([
        factories.contact(client.id, overrides.contact),
        factories.bankAccount(client.id, overrides.bankAccount),
        factories.companyId(client.id, overrides.companyId),
        factories.user({ roles: ['client'], businessclientId: client.id, ...overrides.user }),
      ])
      return { client, contact, bankAccount, companyId, user }
    },

    async warehouse(overrides: Insert<typeof warehouses> = {}) {
      const [row] = await db
        .insert(warehouses)
        .values({ name: unique('Warehouse'), country: 'Czech', city: 'Praha', ...overrides })
        .returning()
      return row!
    },

    async company(overrides: Insert<typeof companies> = {}) {
      const [row] = await db
        .insert(companies)
        .values({ name: unique('Supplier'), country: 'Czech', ...overrides })
        .returning()
      return row!
    },

    async courier(overrides: Insert<typeof couriers> = {}) {
      const [row] = await db
        .insert(couriers)
        .values({ name: unique('Courier'), country: 'Czech', ...overrides })
        .returning()
      return row!
    },

    async auditEntry(overrides: Insert<typeof auditLog> = {}) {
      const [row] = await db
        .insert(auditLog)
        .values({ action: 'test.action', details: {}, ...overrides })
        .returning()
      return row!
    },
  }
  return factories
}
export type Factories = ReturnType<typeof createFactories>
