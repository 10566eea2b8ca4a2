import { AsyncLocalStorage } from 'node:async_hooks'
import { connect } from 'node:net'
import type pg from 'pg'

/**
 * What one request may cost the database: each of its statements runs under `statement_timeout`
 * (`timeoutMs`; the server cancels it past that, SQLSTATE 57014, answered 503), and when `signal` aborts (the
 * caller went away before its answer) its statements still running are cancelled. A search that matched
 * every order once took seconds of a server process's CPU per caller, and kept running after the caller
 * had given up.
 */
export interface StatementBudget {
  /** Longest a statement may run, in ms; 0 = no limit (work outside a request: jobs, migrations). */
  timeoutMs: number
  signal?: AbortSignal | undefined
}

const budgets = new AsyncLocalStorage<StatementBudget>()

/** Runs `fn` with every database statement it makes under `budget` (registerEndpoint does, per request). */
export function withStatementBudget<T>(budget: StatementBudget, fn: () => T): T {
  return budgets.run(budget, fn)
}

/** Runs `fn` outside any request's budget: work a request starts that must outlive it (a job). */
export function withoutStatementBudget<T>(fn: () => T): T {
  return budgets.exit(fn)
}

const ROLLBACK = /^\s*rollback/i
const textOf = (config: unknown): string => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text
  return typeof text === 'string' ? text : ''
}

/**
 * The part of the pool's client (prepared.ts) that applies the budget of the request a statement belongs to.
 * The timeout is the session's `statement_timeout`, sent (pipelined: no round trip of its own) only when it
 * differs from what this connection last set: a connection serves one request at a time (readTogether pins
 * it), and a pooled connection mostly serves requests of one class. A rollback may undo a SET made in its
 * transaction, so after one the next statement sets it again.
 *
 * Cancelling (`cancels`): a cancel request (PostgreSQL's protocol: a new connection naming the backend and
 * its key) stops the running statement, and the connection is then closed, so that statements pipelined
 * behind it fail too; the server notices a closed connection within a second even mid-statement
 * (`client_connection_check_interval`). The embedded database runs its statements in this process's thread:
 * nothing can interrupt one there, and it has no cancel requests (its pool passes `cancels: false`).
 */
export class BudgetedConnection {
  /** The statement_timeout this connection last set; undefined = not known (the server's default). */
  #timeoutMs: number | undefined
  #checksClosed = false
  #watching: AbortSignal | undefined

  readonly #client: pg.Client
  readonly #send: (text: string) => Promise<unknown>
  readonly #cancels: boolean

  constructor(client: pg.Client, send: (text: string) => Promise<unknown>, cancels: boolean) {
    this.#client = client
    this.#send = send
    this.#cancels = cancels
  }

  /** Before a statement is sent: its request's timeout, and the request's abort watched. */
  before(config: unknown): void {
    const budget = budgets.getStore()
    const timeoutMs = budget?.timeoutMs ?? 0
    if (this.#cancels && !this.#checksClosed) {
      this.#checksClosed = true
      this.#send('set client_connection_check_interval = 1000').catch(() => {
        this.#checksClosed = false
      })
    }
    if (this.#timeoutMs !== timeoutMs) {
      this.#timeoutMs = timeoutMs
      this.#send(`set statement_timeout = ${Math.max(0, Math.floor(timeoutMs))}`).catch(() => {
        this.#timeoutMs = undefined
      })
    }
    if (ROLLBACK.test(textOf(config))) this.#timeoutMs = undefined
    // The connection now works for this request (or for none): a request it served before that goes away
    // later must not cancel what it runs now.
    const signal = budget?.signal
    if (this.#watching !== signal) {
      this.#watching = signal
      if (!this.#cancels || !signal) return
      if (signal.aborted) {
        this.#cancel()
        return
      }
      signal.addEventListener('abort', () => this.#watching === signal && this.#cancel(), { once: true })
    }
  }

  /** The request that last used this connection went away: stop what it still runs here. */
  #cancel(): void {
    const client = this.#client as pg.Client & {
      processID?: number | null
      secretKey?: number | null
      _activeQuery?: unknown
      _sentQueryQueue?: unknown[]
      _queryQueue?: unknown[]
      connection: { stream: { destroy(): void } }
    }
    this.#watching = undefined
    const busy = client._activeQuery || client._sentQueryQueue?.length || client._queryQueue?.length
    if (!busy || typeof client.processID !== 'number' || typeof client.secretKey !== 'number') return
    sendCancelRequest(client.host, client.port, client.processID, client.secretKey)
    // What was pipelined behind it fails with the connection (not handed back to the pool: no SQLSTATE).
    client.connection.stream.destroy()
  }
}

/** PostgreSQL's CancelRequest: a connection of its own carrying the backend's id and key, then closed. */
function sendCancelRequest(host: string, port: number, processID: number, secretKey: number): void {
  const socket = host.startsWith('/') ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host)
  socket.on('error', () => {}) // best effort: the closed connection stops the statement too
  socket.once('connect', () => {
    const packet = Buffer.alloc(16)
    packet.writeInt32BE(16, 0)
    packet.writeInt32BE(80_877_102, 4)
    packet.writeInt32BE(processID, 8)
    packet.writeInt32BE(secretKey, 12)
    socket.end(packet)
  })
}
