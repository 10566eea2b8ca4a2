import { AsyncLocalStorage } from 'node:async_hooks'
import { fileURLToPath } from 'node:url'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from '../../db/schema/index.ts'
import { collectGarbage, type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts'
import { markConnectFailure, pgErrorCode } from './errors.ts'
import { preparingClient } from './prepared.ts'
import { withSessionLock } from './session-lock.ts'

export type Db = NodePgDatabase<typeof schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  pool: pg.Pool
  /**
   * `select 1` on a connection of its own, so the health check answers while the pool is saturated;
   * rejects when the database does not answer within a second.
   */
  ping(): Promise<void>
  /** The connection string the app uses (the embedded server's Unix socket when embedded). */
  url: string
  embedded: boolean
  /** Embedded only: an image of the data directory, which `openDatabase({ image })` starts a new one from. */
  image?(): Promise<Blob>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** Real PostgreSQL; when absent, embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined
  dataDir: string | 'memory'
  poolMax: number
  /** Longest a query waits for a free pool connection before it fails (the API answers 503). */
  poolWaitMs?: number
  /** Embedded only: a new data directory starts as this image (`Database.image()`) instead of initdb's. */
  image?: Blob | undefined
}

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url))
// Any constant shared by every Expedo process: only one of them migrates at a time.
const MIGRATION_LOCK = 7_364_201

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded: EmbeddedPostgres | undefined = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(options.dataDir, { image: options.image })
  const url = options.databaseUrl ?? embedded!.url
  const pool = new PinningPool({
    connectionString: url,
    max: options.poolMax,
    application_name: 'expedo',
    // A connection sends a query without waiting for the answer to the one before (readTogether's reads
    // share one connection and one round trip).
    pipeline: true,
    connectionTimeoutMillis: options.poolWaitMs ?? 0,
    // Names the hot reads' prepared statements (prepared.ts). The embedded database has one session: its
    // clients name their statements apart and stay open, so no closed client leaves statements behind.
    // It also applies each request's statement budget (statement-budget.ts); the embedded database runs a
    // statement in this thread, where nothing can cancel it.
    Client: preparingClient({ perConnection: embedded !== undefined, cancels: embedded === undefined }),
    ...(embedded ? { idleTimeoutMillis: 0 } : {}),
  })
  const healthPool = new pg.Pool({
    connectionString: url,
    max: 1,
    application_name: 'expedo-health',
    connectionTimeoutMillis: 1000,
    query_timeout: 1000,
    // Its connection is kept: a new one, opened under load, could wait behind the saturated server or find
    // its connection slots taken.
    idleTimeoutMillis: 0,
  })
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  healthPool.on('error', () => {})
  return {
    db: drizzle(pool, { schema }),
    pool,
    async ping() {
      await healthPool.query('select 1')
    },
    url,
    embedded: embedded !== undefined,
    ...(embedded ? { image: () => embedded.image() } : {}),
    async close() {
      await Promise.all([pool.end(), healthPool.end()])
      await embedded?.stop()
    },
  }
}

/**
 * Closes `database` and opens it again, then collects this thread's garbage at once (the seed's). An
 * embedded database's WebAssembly heap, ~130 MB or more, lives on its own thread, which collects it when
 * the database stops (embedded-worker.ts).
 */
export async function reopenDatabase(database: Database, options: DatabaseOptions): Promise<Database> {
  await database.close()
  const reopened = await openDatabase(options)
  collectGarbage()
  return reopened
}

/** The pool behind a drizzle database (for a repository that holds only `db`). */
export const poolOf = (db: Db): pg.Pool => (db as Db & { $client: pg.Pool }).$client

/**
 * Runs `work` with a database on one pooled connection, taken now and kept until `work` ends: for work that
 * commits several transactions in turn and answers after the last (a bulk change commits an order at a
 * time). Once the first commit is made nothing waits for a connection again, so a busy pool cannot turn
 * done work into a 503 between its commits or after them. Reads `work` makes outside a transaction go to the
 * same connection (inside one, they are part of it).
 */
export async function onOneConnection<T>(db: Db, work: (one: Db) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect()
  try {
    return await work(drizzle(client, { schema }) as unknown as Db)
  } finally {
    // A connection that broke is not queryable and the pool closes it instead of handing it on.
    client.release()
  }
}

/** Applies the committed migrations, holding an advisory lock so several processes may start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  await withSessionLock(database.pool, MIGRATION_LOCK, (client) =>
    migrate(drizzle(client, { schema }), { migrationsFolder }),
  )
}

/**
 * A new installation's set-up as one step: migrates and, when `isEmpty` says the database has nothing yet,
 * runs `fill` (the demo seed). Under the migrations' advisory lock, on one connection: of several processes
 * started at once on an empty PostgreSQL, one migrates and fills, the others wait for the lock and find the
 * database migrated and filled. `fill` runs in one transaction (its own transactions are savepoints in it),
 * so it is all or nothing: a stop part-way leaves the database empty, and the next start fills it again.
 * `signal` is a stop asked for meanwhile (SIGTERM, SIGINT): the connection is cut at once, and the server,
 * PostgreSQL or the embedded one, rolls back the migration or the fill under way; the call then rejects.
 */
export async function prepareDatabase(
  database: Database,
  steps: { isEmpty(db: Db): Promise<boolean>; fill?: ((db: Db) => Promise<void>) | undefined },
  signal?: AbortSignal,
): Promise<{ empty: boolean; filled: boolean }> {
  signal?.throwIfAborted()
  return withSessionLock(database.pool, MIGRATION_LOCK, async (client) => {
    const cut = () =>
      (client as pg.PoolClient & { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    signal?.addEventListener('abort', cut, { once: true })
    // The cut connection reports its end as an error event too: the query's rejection below says it.
    const ignore = () => {}
    client.on('error', ignore)
    try {
      signal?.throwIfAborted()
      const db = drizzle(client, { schema }) as unknown as Db
      await migrate(db, { migrationsFolder })
      const empty = await steps.isEmpty(db)
      if (!empty || !steps.fill) return { empty, filled: false }
      await db.transaction((tx) => steps.fill!(tx as unknown as Db))
      return { empty, filled: true }
    } catch (error) {
      throw signal?.aborted ? new Error('The set-up was stopped and rolled back', { cause: error }) : error
    } finally {
      signal?.removeEventListener('abort', cut)
      // A cut connection may still report its end later; it is closed, not returned to the pool.
      if (!signal?.aborted) client.off('error', ignore)
    }
  })
}

/** The connection that the reads of one `readTogether` share: its pool's queries made inside it go there. */
const pinned = new AsyncLocalStorage<{ pool: pg.Pool; client: pg.PoolClient }>()

/**
 * The app's pool: a query made inside `readTogether` goes to the connection it took for its reads, and a
 * failure to get a connection (refused, reset, timed out) is marked as such, for the error handler to answer
 * it 503 (errors.ts, `databaseUnavailability`); pool.query gets its connection here too.
 */
class PinningPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's connect has a callback and a promise form.
  override connect(callback?: (...args: any[]) => void): any {
    if (callback)
      return super.connect((error, client, done) => {
        if (error) markConnectFailure(error)
        callback(error, client, done)
      })
    return super.connect().catch((error: unknown) => {
      markConnectFailure(error)
      throw error
    })
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's query has a dozen overloads; this forwards them.
  override query(...args: any[]): any {
    const store = pinned.getStore()
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return store?.pool === this ? store.client.query(...(args as [any])) : super.query(...(args as [any]))
  }
}

/**
 * Independent reads of one repository call, sent together on one connection in one round trip (the pool's
 * clients pipeline: each query goes out without waiting for the one before, and the answers come back in
 * order). Once they took a connection each, and a request's page and count woke two server processes and
 * paid a socket write, a read and a wake-up apiece. Inside a transaction they go on its connection the same
 * way. Answers when every read has answered; the first failure, once none is still running.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const pool = db instanceof PgTransaction ? undefined : poolOf(db)
  if (!(pool instanceof PinningPool) || pinned.getStore()?.pool === pool || reads.length < 2)
    return settleAll(reads)
  const client = await pool.connect()
  try {
    const answers = await pinned.run({ pool, client }, () => settleAll(reads))
    client.release()
    return answers
  } catch (error) {
    // A connection that failed (an error without SQLSTATE: lost, cut off) is closed, not handed on.
    client.release(pgErrorCode(error) ? undefined : error instanceof Error ? error : new Error(String(error)))
    throw error
  }
}

async function settleAll<T extends readonly unknown[]>(reads: { [K in keyof T]: () => PromiseLike<T[K]> }) {
  const settled = await Promise.allSettled(reads.map((read) => read()))
  const failed = settled.find((s) => s.status === 'rejected')
  if (failed) throw failed.reason
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T
}
