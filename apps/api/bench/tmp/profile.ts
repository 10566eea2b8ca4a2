import { httpLoad } from '../load.ts'
import { demoToken, startServer } from '../support.ts'

const url = process.env.BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/expedo_bench_orders'
const path = process.argv[2] ?? '/api/orders'
const user = process.argv[3] ?? 'operator'
const server = await startServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '32', MAX_IN_FLIGHT: '1000' })
try {
  const token = await demoToken(server.url, user)
  const body = path === '/api/orders' ? {} : undefined
  const warm = await httpLoad({ url: `${server.url}${path}`, token, body, connections: 8, seconds: 3 })
  const r = await httpLoad({
    url: `${server.url}${path}`,
    token,
    body,
    connections: 8,
    seconds: Number(process.env.SECS ?? 10),
  })
  console.log(JSON.stringify({ warm, r }))
} finally {
  await server.stop()
}
