import type { AddressInfo } from 'node:net'
import { createConnection, createServer, type Socket } from 'node:net'

/**
 * A TCP proxy in front of a database (a PostgreSQL server, or the embedded one's Unix socket) that, once
 * `stall(n)` is called, takes `n` new connections and never answers them, as a database at the end
 * of its accept queue or of its connection slots does for a while; every other connection is passed through.
 * A pool pointed at it meets, on those connections, the timeout of a connection that does not open.
 */
export async function startStallingProxy(databaseUrl: string) {
  const { host, port, user, database } = partsOf(databaseUrl)
  const target = host.startsWith('/') ? { path: `${host}/.s.PGSQL.${port}` } : { host, port: Number(port) }
  const sockets = new Set<Socket>()
  let toPass = 0
  let toStall = 0
  let stalled = 0
  let allHeld = () => {}
  // No Nagle: a proxy that held a short write back for an ACK (40 ms on loopback) would slow every round trip
  // of a transaction, and with it the embedded database, which serves one transaction at a time.
  const server = createServer({ noDelay: true }, (client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => {})
    if (toPass > 0) toPass--
    else if (toStall > 0) {
      toStall--
      stalled++
      if (toStall === 0) allHeld()
      return
    }
    const upstream = createConnection({ ...target, noDelay: true })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `postgres://${user}@127.0.0.1:${address.port}/${database}`,
    /** After `after` more new connections, the next `n` are held unanswered; resolves once they are. */
    stall(n: number, { after = 0 } = {}): Promise<void> {
      toPass = after
      toStall = n
      return new Promise((resolve) => {
        allHeld = resolve
      })
    },
    /** How many connections were held unanswered so far. */
    stalled: () => stalled,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** postgres://user[:password]@host:port/database, the host maybe a socket directory (percent-encoded). */
function partsOf(url: string) {
  const match = /^postgres(?:ql)?:\/\/([^@/]*)@([^/]*)\/([^?]*)/.exec(url)
  if (!match) throw new Error('not a postgres:// URL with user, host and database')
  const [, user = '', hostPort = '', database = ''] = match
  const colon = hostPort.lastIndexOf(':')
  const host = decodeURIComponent(colon === -1 ? hostPort : hostPort.slice(0, colon))
  const port = colon === -1 ? '5432' : hostPort.slice(colon + 1)
  return { host, port, user, database }
}
