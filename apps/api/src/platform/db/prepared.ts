import { createHash } from 'node:crypto'
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import { BudgetedConnection } from './statement-budget.ts'

/** A query builder of Drizzle's that can run as a named prepared statement. */
interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> }
}

/** PostgreSQL's identifier limit (NAMEDATALEN − 1). */
const MAX_NAME = 63
/** Marks a statement name as a label still to be completed by the client (PreparingClient). */
const LABEL = 'hot:'
/** Marks a statement name already complete but for the connection's suffix (runShaped). */
const NAMED = 'hot!'

/** `label` plus a hash of the statement's text: one name per shape of a query. */
export function statementName(label: string, text: string): string {
  const hash = createHash('sha1').update(text).digest('base64url').slice(0, 12)
  return `${label.slice(0, MAX_NAME - 24)}_${hash}`
}

/**
 * Runs a hot read as a named prepared statement. PostgreSQL parses it once per connection and, after a few
 * runs, keeps a generic plan when it does not estimate it dearer than a plan for the values (a LIMIT must be
 * written in for that: pageClause), so a request no longer pays the planning: for the orders page (five joins)
 * planning took 2–3 ms against 0.3 ms to run it. A query built from optional filters has one shape, and so
 * one statement, per combination of filters present (a bounded set); the values are parameters. The name —
 * the label and a hash of the text — is completed by the pool's client (PreparingClient), which sees the
 * text Drizzle built, so the query is built once.
 *
 * Only for reads that run all day with the same shapes (lists, totals, details): a statement stays in its
 * connection's session for the connection's life.
 */
export function runPrepared<R>(label: string, query: Preparable<R>): Promise<R> {
  return query.prepare(`${LABEL}${label}`).execute()
}

/**
 * `column = any($1::type[])`: one array parameter, so the statement is the same for 1 value or 100 (an
 * `in ($1, …, $n)` list is a new statement for every length). The values, or a placeholder for them.
 */
export function anyOf(
  column: AnyColumn,
  values: readonly string[] | Placeholder,
  type: 'uuid' | 'text',
): SQL {
  const param = Array.isArray(values) ? sql.param(values) : values
  return sql`${column} = any(${param}::${sql.raw(type)}[])`
}

/**
 * The values of one run of a statement built with placeholders (runShaped): `p(name, value)` puts a
 * placeholder in the statement and keeps the value for this run. `inline` params put the value itself in
 * as a parameter, for the same conditions in a one-off read (an export) that is not shaped.
 */
export class StatementParams {
  readonly values: Record<string, unknown> = {}
  readonly #inline: boolean

  constructor(options: { inline?: boolean } = {}) {
    this.#inline = options.inline ?? false
  }

  p(name: string, value: unknown): Placeholder {
    if (name in this.values) throw new Error(`StatementParams: '${name}' given twice`)
    this.values[name] = value
    // A Param, like a Placeholder, is taken as it is by Drizzle's operators (no column encoder).
    return this.#inline ? (sql.param(value) as unknown as Placeholder) : sql.placeholder(name)
  }
}

/** The page sizes the screens offer: a first page of one of them is written into its statement (pageClause). */
const WRITTEN_PAGE_SIZES = new Set([5, 10, 20, 25, 30, 50, 100])

/**
 * LIMIT and OFFSET of a shaped read, and the shape they add. As parameters, PostgreSQL cannot tell how many
 * rows a page wants and assumes a tenth of all that match, so a generic plan never looks cheaper than
 * planning anew and a prepared statement is planned on every run all the same: the orders page (five joins)
 * took 1.5 ms a run against 0.16 ms with its plan kept (pgbench, prepared, 1,000,000 orders). The first
 * page at a usual page size — what a list shows by default, nearly every call — has both written in (a
 * statement of its own, whose plan PostgreSQL keeps); other pages keep them as parameters (a bounded
 * number of statements either way). Measure before using it: a kept plan pays where planning is dear (many
 * joins) and where one plan suits every value (`write: false` otherwise: with a date range, a kept plan of
 * the orders page read 35,000 rows for ten, 1.2 s, where the plan for the values read 160); the invoices
 * page's kept plan ran slower than its plan made anew (0.22 against 0.14 ms).
 */
export function pageClause(
  params: StatementParams,
  page: { limit: number; offset: number },
  options: { write?: boolean } = {},
): { limit: Placeholder; offset: Placeholder; shape: string } {
  if (options.write !== false && page.offset === 0 && WRITTEN_PAGE_SIZES.has(page.limit)) {
    // Drizzle writes an SQL object into LIMIT and OFFSET as it is (a number would become a parameter).
    const written = (n: number) => sql.raw(String(n)) as unknown as Placeholder
    return { limit: written(page.limit), offset: written(0), shape: `first${page.limit}` }
  }
  return { limit: params.p('limit', page.limit), offset: params.p('offset', page.offset), shape: 'page' }
}

/** A query builder that can also say its SQL (to name it, and to check a shape in tests). */
interface ShapedQuery<R> extends Preparable<R> {
  toSQL(): { sql: string }
}

interface ShapedRead<R> {
  text: string
  execute(values: Record<string, unknown>): Promise<R>
}

/** Statements built once per shape, by connection pool (or transaction): the builder is their key. */
const shaped = new WeakMap<object, Map<string, ShapedRead<unknown>>>()
/** The shapes of the hot reads are a bounded set (a few per filter combination); a bound all the same. */
const MAX_SHAPES = 2000
/** Tests check that a shape always builds the same statement (a shape key that forgot a choice fails). */
const checkShapes = process.env.NODE_ENV === 'test'

/**
 * Runs a hot read whose values are placeholders (StatementParams) as a named prepared statement, turning
 * Drizzle's query into SQL once per `shape` instead of on every request: building the orders page's SQL
 * (five joins, sixty columns) costs about 0.5 ms of CPU a request, as much as PostgreSQL takes to run it.
 * `shape` must name every choice that changes the statement's text (which filters are present, the sort,
 * the caller's scope), and nothing that is a value; tests verify it on every run.
 */
export async function runShaped<R>(
  db: object,
  label: string,
  shape: string,
  params: StatementParams,
  query: ShapedQuery<R>,
): Promise<R> {
  let reads = shaped.get(db)
  if (!reads) {
    reads = new Map()
    shaped.set(db, reads)
  }
  const key = `${label}\n${shape}`
  let read = reads.get(key) as ShapedRead<R> | undefined
  if (!read) {
    const text = query.toSQL().sql
    const prepared = query.prepare(`${NAMED}${statementName(label, text)}`) as {
      execute(values: Record<string, unknown>): Promise<R>
    }
    read = { text, execute: (values) => prepared.execute(values) }
    if (reads.size < MAX_SHAPES) reads.set(key, read)
  } else if (checkShapes && query.toSQL().sql !== read.text) {
    throw new Error(`runShaped: the shape '${shape}' of ${label} built another statement`)
  }
  return read.execute(params.values)
}

let connections = 0
/** Names already computed, by label and text (a bounded set: the hot statements' shapes). */
const names = new Map<string, string>()

function nameOf(label: string, text: string): string {
  const key = `${label}\n${text}`
  let name = names.get(key)
  if (!name) {
    name = statementName(label, text)
    if (names.size < 10_000) names.set(key, name)
  }
  return name
}

/**
 * The pool's client: completes the names runPrepared gives (`hot:<label>`) with a hash of the statement's
 * text. On the embedded database (`perConnection`), PGlite has one session, shared by every connection of the
 * pool, so a statement prepared on one connection exists for all of them and a second Parse of the same
 * name would fail ('prepared statement … already exists'): each client suffixes its names with a number of
 * its own, and (database.ts) the embedded pool never closes idle clients, so their statements are not left
 * behind in the session. It also applies the statement budget of the request a statement belongs to
 * (statement-budget.ts).
 */
export function preparingClient(options: { perConnection: boolean; cancels: boolean }): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #suffix = options.perConnection ? `_${(++connections).toString(36)}` : ''
    /** The statement timeout and cancelling of the request a statement belongs to (statement-budget.ts). */
    readonly #budget = new BudgetedConnection(this, (text) => super.query(text), options.cancels)

    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's query has a dozen overloads; this forwards them.
    override query(config: any, values?: any, callback?: any): any {
      this.#budget.before(config)
      if (config && typeof config === 'object' && typeof config.name === 'string') {
        if (config.name.startsWith(NAMED)) {
          const name = `${config.name.slice(NAMED.length)}${this.#suffix}`
          return super.query({ ...config, name }, values, callback)
        }
        if (config.name.startsWith(LABEL)) {
          const name = `${nameOf(config.name.slice(LABEL.length), config.text)}${this.#suffix}`
          return super.query({ ...config, name }, values, callback)
        }
      }
      return super.query(config, values, callback)
    }
  }
}
