import type { PGLiteSocketServer } from '@electric-sql/pglite-socket'

interface QueuedMessage {
  handlerId: number
  message: Uint8Array
  resolve(bytes: number): void
  reject(error: unknown): void
  onData(data: Uint8Array): void
}
interface QueryQueue {
  queue: QueuedMessage[]
  processing: boolean
  lastHandlerId: number | null
  db: {
    isInTransaction(): boolean
    runExclusive<T>(fn: () => Promise<T>): Promise<T>
    execProtocolRawStream(
      message: Uint8Array,
      options: { onRawData(data: Uint8Array): void },
    ): Promise<unknown>
  }
  processQueue(): Promise<void>
  clearQueueForHandler(handlerId: number): void
}

// Extended-query messages that leave the unnamed statement or portal half-way: Parse, Bind, Describe,
// Execute, Close, Flush. Sync (or a simple Query) ends the sequence.
const OPENS = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48])
const ENDS = new Set([0x53, 0x51])

/**
 * pglite-socket queues every protocol message on its own, so outside a transaction another connection's
 * Parse can land between one connection's Parse and Bind: PGlite has one session, the unnamed statement
 * is replaced, and the first query fails ('unnamed prepared statement does not exist') or, worse, reads
 * another query's rows. This replaces the queue's scheduler so that a connection keeps PGlite from its
 * first extended-query message to its Sync, as it already does for a whole transaction.
 */
export function serialiseExtendedQueries(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue: QueryQueue }).queryQueue
  let pinned: number | null = null
  const clear = q.clearQueueForHandler.bind(q)
  q.clearQueueForHandler = (handlerId: number) => {
    if (pinned === handlerId) pinned = null
    clear(handlerId)
  }
  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return
    this.processing = true
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : pinned
        let item: QueuedMessage | undefined
        if (owner !== null) {
          const index = this.queue.findIndex((m) => m.handlerId === owner)
          if (index === -1) break // wait for the owner's next message
          item = this.queue.splice(index, 1)[0]
        } else {
          item = this.queue.shift()
        }
        if (!item) break
        const current = item
        const type = current.message[0] ?? 0
        let bytes = 0
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length
                current.onData(data)
              },
            }),
          )
        } catch (error) {
          current.reject(error)
          continue
        }
        this.lastHandlerId = current.handlerId
        if (OPENS.has(type)) pinned = current.handlerId
        else if (ENDS.has(type) && pinned === current.handlerId) pinned = null
        current.resolve(bytes)
      }
    } finally {
      this.processing = false
    }
  }
}
