import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { type Database, migrateDatabase, openDatabase } from '../src/platform/db/database.ts'
import {
  cloneTemplate,
  dropTestDatabases,
  ensureTemplate,
  TEST_DB_PREFIX,
  urlOfDatabase,
} from './pg-server.ts'

const POOL_MAX = 4
// The race tests queue hundreds of calls on 4 connections; the overload test asks for the real bound.
const POOL_WAIT_MS = 120_000

let template: Promise<Blob> | undefined

/**
 * The migrated embedded database's image, built once per worker (workers keep their modules across test
 * files): a file's database starts from it in about 0.6 s, where initdb and the migrations took 3–4 s.
 */
function embeddedTemplate(): Promise<Blob> {
  if (!template) {
    template = (async () => {
      const database = await openDatabase({ dataDir: 'memory', poolMax: 1 })
      try {
        await migrateDatabase(database)
        return await database.image!()
      } finally {
        await database.close()
      }
    })()
    // A failed build is not kept: the next file tries again.
    template.catch(() => {
      template = undefined
    })
  }
  return template
}

/**
 * A fresh migrated database for one test file: embedded PGlite in memory (served over its socket, so the
 * app uses `pg` as in production), or, with DATABASE_URL, a clone of the migrated template on that server,
 * dropped on close.
 */
export async function createTestDatabase(
  options: { poolWaitMs?: number; poolMax?: number } = {},
): Promise<Database> {
  const poolWaitMs = options.poolWaitMs ?? POOL_WAIT_MS
  const poolMax = options.poolMax ?? POOL_MAX
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    return openDatabase({ dataDir: 'memory', poolMax, poolWaitMs, image: await embeddedTemplate() })
  }
  // The global setup built the template once for the run; outside Vitest's runner build it here.
  const template = inject('pgTemplate') || (await ensureTemplate(serverUrl))
  const name = `${inject('pgRunPrefix') || TEST_DB_PREFIX}${randomBytes(5).toString('hex')}`
  await cloneTemplate(serverUrl, template, name)
  const database = await openDatabase({
    databaseUrl: urlOfDatabase(serverUrl, name),
    dataDir: 'memory',
    poolMax,
    poolWaitMs,
  })
  return {
    ...database,
    async close() {
      await database.close()
      await dropTestDatabases(serverUrl, (candidate) => candidate === name)
    },
  }
}
