/**
 * The reconciliation half of cod.bench.ts, in a process of its own started with the API's V8 flags and
 * malloc settings (so its memory is the server's): builds a payout report of PAYOUTS rows (as an upload's
 * parsed rows reach the service), reconciles it, then the same report again, and prints
 * {seconds, rerunSeconds, rssBeforeMb, rssPeakMb, result} as JSON. RSS sampled every 50 ms.
 */
import type { PayoutLine } from '../src/features/cod/cod.repository.ts'
import { createCodService } from '../src/features/cod/cod.service.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import type { AuthContext } from '../src/platform/http/auth-context.ts'
import { sampleRss } from './rss.ts'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}
const payouts = Number(env('BENCH_COD_PAYOUTS'))
const database = await openDatabase({ databaseUrl: env('DATABASE_URL'), dataDir: 'memory', poolMax: 4 })
const auth: AuthContext = {
  userId: env('BENCH_COD_USER'),
  username: 'bench-finance',
  roles: ['finance'],
  businessclientId: null,
  sysLang: 'ENG',
  scope: { kind: 'all' },
}
const cod = createCodService({
  db: database.db,
  econt: { baseUrl: undefined, username: undefined, password: undefined, timeoutMs: 1000, cacheSeconds: 0 },
})
const today = new Date().toISOString().slice(0, 10)
const rss = sampleRss()
const started = performance.now()
const lines: PayoutLine[] = []
for (let g = 1; g <= payouts; g++) {
  const unknown = g % 100 === 0
  const short = g % 50 === 1
  const amount = 100 + (g % 900) - (short ? 10 : 0)
  lines.push({
    trackingId: unknown ? `UNKNOWN${g}` : `BT${String(g).padStart(9, '0')}`,
    amount: `${amount}.00`,
    currency: 'CZK',
    paidDate: today,
  })
}
const result = await cod.importLines(auth, lines, 'upload', 'bench.xlsx')
const seconds = (performance.now() - started) / 1000
const rssPeakMb = rss.stop()
const again = performance.now()
const rerun = await cod.importLines(auth, lines, 'upload', 'bench.xlsx')
const rerunSeconds = (performance.now() - again) / 1000
await database.close()
console.log(
  JSON.stringify({
    seconds,
    rerunSeconds,
    rerunImported: rerun.imported,
    rerunDuplicates: rerun.duplicates,
    rssBeforeMb: rss.beforeMb,
    rssPeakMb,
    result,
  }),
)
