import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dropTestDatabases, TEST_DB_PREFIX, urlOfDatabase, withAdmin } from '../../test/pg-server.ts'
import { type Database, openDatabase } from '../platform/db/database.ts'

/**
 * Migration 0027 makes a document number unique per issuer across document kinds. A database that already
 * holds two documents of one issuer with one number must not fail with a bare index error, nor be renumbered
 * (issued tax documents keep their numbers): the upgrade stops, naming the documents, and changes nothing.
 */
const migrations = path.resolve(import.meta.dirname, 'migrations')
let scratch: string
let before0027: string
let database: Database
let dropDatabase: (() => Promise<void>) | undefined

/** A copy of the migrations whose journal ends at `lastTag`: a database as an older release left it. */
function migrationsUpTo(lastTag: string): string {
  const dir = path.join(scratch, lastTag)
  cpSync(migrations, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((e) => e.tag === lastTag)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }))
  return dir
}

/** An empty database: embedded PGlite, or a new database on the DATABASE_URL server. */
async function emptyDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return openDatabase({ dataDir: 'memory', poolMax: 1 })
  const name = `${TEST_DB_PREFIX}m27_${Date.now().toString(36)}`
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`))
  dropDatabase = () => dropTestDatabases(serverUrl, (candidate) => candidate === name)
  return openDatabase({ databaseUrl: urlOfDatabase(serverUrl, name), dataDir: 'memory', poolMax: 1 })
}

/** An accountant's correction of an issued document, past the guard that refuses changing one (0015). */
async function correct(table: 'invoices' | 'bills', id: string, number: string) {
  await database.pool.query(`alter table ${table} disable trigger user`)
  try {
    await database.pool.query(`update ${table} set sequence_number = $2 where id = $1`, [id, number])
  } finally {
    await database.pool.query(`alter table ${table} enable trigger user`)
  }
}

const migrateWith = (folder: string) => migrate(drizzle(database.pool), { migrationsFolder: folder })
const applied = async () =>
  Number((await database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n)
/** The messages of an error and its causes (drizzle wraps the server's error). */
const messagesOf = (error: unknown): string => {
  const parts: string[] = []
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    parts.push(String(e.message ?? ''))
  return parts.join(' | ')
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'expedo-m27-'))
  before0027 = migrationsUpTo('0026_company_register')
  database = await emptyDatabase()
  await migrateWith(before0027)
})
afterAll(async () => {
  await database?.close()
  await dropDatabase?.()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('upgrading past migration 0027 (one number, one document of its issuer)', () => {
  const client = uuidv7()
  const issuer = uuidv7()
  const invoice = uuidv7()
  const creditNote = uuidv7()
  const bill = uuidv7()
  const billCreditNote = uuidv7()

  it('stops on an issuer’s two documents with one number, naming them, and changes nothing', async () => {
    const q = (text: string, values: unknown[]) => database.pool.query(text, values)
    await q(`insert into business_clients (id, name) values ($1, 'Duplicate s.r.o.')`, [client])
    const party = JSON.stringify({ name: 'X', address: { country: 'Bulgaria' } })
    const document = `insert into invoices (id, kind, businessclient_id, sequence_number, country, currency,
        issued_date, tax_date, due_date, supplier, customer, ship_to)
      values ($1, $2, $3, '0000000001', 'Bulgaria', 'EUR', '2026-01-05', '2026-01-05', '2026-01-19', $4, $4, $4)`
    await q(document, [invoice, 'invoice', client, party])
    await q(document, [creditNote, 'creditnote', client, party])
    await q(
      `insert into issuers (id, country, name, coid, taxid, address, bankaccounts)
       values ($1, 'Bulgaria', 'Expedo BG', '201234567', 'BG201234567', $2, '[]')`,
      [issuer, JSON.stringify({ street: '', streetNr: '', postcode: '', city: '', country: 'Bulgaria' })],
    )
    const billRow = `insert into bills (id, kind, businessclient_id, issuer_id, country, currency, period_start,
        period_end, locked, sequence_number, client, issuer)
      values ($1, $2, $3, $4, 'Bulgaria', 'EUR', '2026-01-01', '2026-01-31', true, '0000000007', $5, $5)`
    await q(billRow, [bill, 'bill', client, issuer, party])
    await q(billRow, [billCreditNote, 'billcreditnote', client, issuer, party])
    const before = await applied()

    const failure = await migrateWith(migrations).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure, 'the upgrade must stop').toBeDefined()
    const message = messagesOf(failure)
    expect(message).toContain('Upgrade stopped (migration 0027): documents of one issuer share a number')
    expect(message).toContain(
      `0000000001 of business client ${client}: creditnote ${creditNote}, invoice ${invoice}`,
    )
    // Nothing of the upgrade stays: still at 0026, the documents as they were.
    expect(await applied()).toBe(before)
    const numbers = await q('select sequence_number from invoices where businessclient_id = $1', [client])
    expect(numbers.rows.map((r) => r.sequence_number)).toEqual(['0000000001', '0000000001'])
  })

  it('names the bills sharing a number once the invoices are corrected', async () => {
    // The accountant's correction (here: the credit note gets its own number).
    await correct('invoices', creditNote, '0000000002')
    const message = messagesOf(await migrateWith(migrations).catch((error: unknown) => error))
    expect(message).toContain(
      `Bills and bill credit notes: 0000000007 of issuer ${issuer}: bill ${bill}, billcreditnote ${billCreditNote}`,
    )
  })

  it('upgrades once no two documents of an issuer share a number', async () => {
    await correct('bills', billCreditNote, '0000000008')
    await migrateWith(migrations)
    const indexes = await database.pool.query(
      `select indexname from pg_indexes where indexname in ('invoices_number_key', 'bills_number_key') order by 1`,
    )
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['bills_number_key', 'invoices_number_key'])
  })
})
