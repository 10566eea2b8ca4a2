/**
 * Searches at 1,000,000 orders on PostgreSQL (issue 26): terms from very broad to none, each sent by 8
 * callers at once, a few times each; latency percentiles and every answer that was not 200 by status.
 * A bounded search answers within its budget or refuses clearly (400, 503): never a 500 nor minutes.
 */
import { loadavg } from 'node:os'
import { benchOrdersDatabase } from './orders-data.ts'
import { demoToken, ms, startServer, summary } from './support.ts'

/** What the numbers say (kept with the table: a re-run keeps the reading next to the measures). */
const notes = [
  "Reading: the bench's customers are all 'Jana Bench<n>', so 'Bench' and 'Jana' match every order. Before",
  '(the code at 528c44a, BENCH_VARIANT=before) a search counted every match for its status totals and ran',
  'its page as a prepared statement: the broad terms took seconds each and queued behind one another. Now',
  '(ADR 0011, amendment 2026-11-29) the page and the totals are planned for the term: a broad one walks',
  "orders_created_idx and stops at the page, its totals count 10,001 matches at most and answer 'more than",
  "10,000' (totalCapped); a narrow one ORs the trigram indexes. Every statement of a request runs under a 5 s",
  'statement_timeout (503 QUERY_TOO_BROAD past it) and is cancelled when the caller leaves. The narrow and',
  'no-match terms pay a plan per call (about 2 ms; a few ms more at p50 on this loaded machine).',
].join('\n')

const CALLERS = 8
const CALLS_EACH = Number(process.env.BENCH_SEARCH_CALLS ?? 3)

/** What each term stands for: every bench order's customer is 'Jana Bench<n>', its number 'B<g>'. */
const cases = [
  {
    label: "very broad ('Bench': every order's customer)",
    path: '/api/orders/find/search',
    body: { searchTerm: 'Bench' },
  },
  {
    label: "broad, as a list filter ('Jana')",
    path: '/api/orders/find/search',
    body: { searchTerm: 'Jana', key: 'customer' },
  },
  {
    label: "digits only ('4207': phones and numbers)",
    path: '/api/orders/find/search',
    body: { searchTerm: '4207' },
  },
  {
    label: "digits only, an order's number ('10500123')",
    path: '/api/orders/find/search',
    body: { searchTerm: '10500123' },
  },
  {
    label: "narrow ('Bench4321': 1 customer in 5,000)",
    path: '/api/orders/find/search',
    body: { searchTerm: 'Bench4321' },
  },
  { label: "no match ('Zqxw')", path: '/api/orders/find/search', body: { searchTerm: 'Zqxw' } },
  { label: "2 characters ('Be')", path: '/api/orders/find/search', body: { searchTerm: 'Be' } },
  {
    label: "2 digits by internal number ('12')",
    path: '/api/orders/find/search',
    body: { searchTerm: '12', key: 'internalNumericId' },
  },
] as const

async function burst(url: string, token: string, path: string, body: unknown) {
  const samples: number[] = []
  const statuses = new Map<number | string, number>()
  let total = ''
  const caller = async () => {
    for (let i = 0; i < CALLS_EACH; i++) {
      const started = performance.now()
      let status: number | string
      try {
        const res = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        })
        status = res.status
        const answer = (await res.json()) as { total?: number; totalCapped?: boolean }
        if (res.ok && !total)
          total = `${answer.totalCapped ? 'more than ' : ''}${answer.total?.toLocaleString('en')}`
      } catch (error) {
        status = (error as Error).name
      }
      samples.push(performance.now() - started)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CALLERS }, caller))
  return { s: summary(samples), statuses, total }
}

export async function searchBench(): Promise<string> {
  const rows: string[] = []
  const loadBefore = loadavg()[0]!
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (!adminUrl) return '## Search\n\nskipped (set DATABASE_URL or BENCH_DATABASE_URL)'
  const count = Number(process.env.BENCH_ORDERS ?? 1_000_000)
  const { url, seconds } = await benchOrdersDatabase(adminUrl, count)
  if (seconds !== null) console.log(`  loaded ${count} orders in ${seconds.toFixed(0)} s`)
  const server = await startServer({ DATABASE_URL: url })
  try {
    const token = await demoToken(server.url, 'operator')
    for (const c of cases) {
      const started = performance.now()
      const { s, statuses, total } = await burst(server.url, token, c.path, c.body)
      const wall = (performance.now() - started) / 1000
      const answers = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')
      rows.push(
        `| ${c.label} | ${total || '–'} | p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)} | ${answers} | ${wall.toFixed(1)} s |`,
      )
      console.log(`  ${rows.at(-1)}`)
    }
  } finally {
    await server.stop()
  }
  return [
    `## Search (PostgreSQL, ${count.toLocaleString('en')} orders, ${CALLERS} callers × ${CALLS_EACH} calls per term, as staff)`,
    '',
    '| term | total answered | latency | answers | wall time |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Target: p95 ≤ 1 s for every term, no answer but 200, a clear 400 or 503. Machine load average (1 min) ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}.`,
    '',
    notes,
  ].join('\n')
}
