import { createHash } from 'node:crypto'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import pg from 'pg'

/** A query builder of Drizzle's that can run as a named prepared statement. */
interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> }
}

/** PostgreSQL's identifier limit (NAMEDATALEN − 1). */
const MAX_NAME = 63
/** Marks a statement name as a label still to be completed by the client (PreparingClient). */
const LABEL = 'hot:'

/** `label` plus a hash of the statement's text: one name per shape of a query. */
export function statementName(label: string, text: string): string {
  const hash = createHash('sha1').update(text).digest('base64url').slice(0, 12)
  return `${label.slice(0, MAX_NAME - 24)}_${hash}`
}

/**
 * Runs a hot read as a named prepared statement. PostgreSQL parses it once per connection and, after a few
 * runs, keeps a generic plan, so a request no longer pays the planning: for the orders page (five joins)
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
 * `in ($1, …, $n)` list is a new statement for every length).
 */
export function anyOf(column: AnyColumn, values: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`
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
 * behind in the session.
 */
export function preparingClient(perConnection: boolean): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #suffix = perConnection ? `_${(++connections).toString(36)}` : ''

    // biome-ignore lint/suspicious/noExplicitAny: pg.Client's query has a dozen overloads; this forwards them.
    override query(config: any, values?: any, callback?: any): any {
      if (
        config &&
        typeof config === 'object' &&
        typeof config.name === 'string' &&
        config.name.startsWith(LABEL)
      ) {
        const name = `${nameOf(config.name.slice(LABEL.length), config.text)}${this.#suffix}`
        return super.query({ ...config, name }, values, callback)
      }
      return super.query(config, values, callback)
    }
  }
}
