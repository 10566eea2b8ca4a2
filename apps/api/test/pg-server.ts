import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts'

/**
 * Test databases on a real PostgreSQL server (DATABASE_URL): one migrated template per migrations
 * content, cloned once per test file. drizzle-kit's SQL names "public"."table", so isolation is a
 * database per file, not a schema per file.
 */

const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url))
// Any constant: two test runs against the same server build a template one at a time.
const TEMPLATE_LOCK = 7_364_202
const TEMPLATE_PREFIX = 'expedo_tpl_'
export const TEST_DB_PREFIX = 'expedo_t_'
const KEEP_TEMPLATES = 3
/**
 * A template another run used this recently is kept whatever the count: runs of other commits (other
 * migrations) share the server, and one that lost its template mid-run failed every later file.
 */
const TEMPLATE_IDLE_MS = 2 * 3600_000
const LEFTOVER_AGE_MS = 24 * 3600_000

/** The same server, another database. */
export function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'expedo-tests' })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(migrationsDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsDir, path.join(entry.parentPath, entry.name)))
    .sort()
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(migrationsDir, file)))
  return hash.digest('hex').slice(0, 16)
}

/** Creation time in ms (a template's: its last use), kept in the database comment so stale copies can be found later. */
const stamp = (client: pg.Client, name: string) =>
  client.query(`comment on database ${name} is 'expedo-test ${Date.now()}'`)

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`alter database ${name} is_template false`).catch(() => {})
  await client.query(`drop database if exists ${name} with (force)`)
}

/**
 * The migrated template for the current migrations (built when missing, under an advisory lock).
 * A half-built template (a crash mid-build) is not marked IS_TEMPLATE and is rebuilt.
 */
export async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsHash()}`
  return withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    try {
      const { rows } = await client.query<{ datistemplate: boolean }>(
        'select datistemplate from pg_database where datname = $1',
        [name],
      )
      if (rows[0]?.datistemplate) {
        await stamp(client, name)
        return name
      }
      await dropDatabase(client, name)
      await client.query(`create database ${name}`)
      const database = await openDatabase({
        databaseUrl: urlOfDatabase(serverUrl, name),
        dataDir: 'memory',
        poolMax: 1,
      })
      try {
        await migrateDatabase(database)
      } finally {
        await database.close()
      }
      await client.query(`alter database ${name} is_template true`)
      await stamp(client, name)
      await dropStale(client, name)
      return name
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
    }
  })
}

/**
 * Templates beyond the newest few that no run has used for two hours, and test databases a crashed run left
 * behind a day ago.
 */
async function dropStale(client: pg.Client, current: string): Promise<void> {
  const { rows } = await client.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database
     where datname like 'expedo\\_t%' and datname <> $1`,
    [current],
  )
  const createdAt = (note: string | null) => Number(note?.replace('expedo-test ', '') ?? 0) || 0
  const templates = rows
    .filter((r) => r.datname.startsWith(TEMPLATE_PREFIX))
    .sort((a, b) => createdAt(b.note) - createdAt(a.note))
  const stale = [
    ...templates.slice(KEEP_TEMPLATES - 1).filter((r) => Date.now() - createdAt(r.note) > TEMPLATE_IDLE_MS),
    ...rows.filter(
      (r) => r.datname.startsWith(TEST_DB_PREFIX) && Date.now() - createdAt(r.note) > LEFTOVER_AGE_MS,
    ),
  ]
  for (const { datname } of stale) await dropDatabase(client, datname)
}

/** A fresh database cloned from the template. */
export async function cloneTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    await client.query(`create database ${name} template ${template}`)
    await stamp(client, name)
  })
}

export async function dropTestDatabases(serverUrl: string, select: (name: string) => boolean): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'expedo\\_t\\_%'`,
    )
    for (const { datname } of rows) {
      if (select(datname)) await dropDatabase(client, datname)
    }
  })
}
