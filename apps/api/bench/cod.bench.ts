/**
 * COD on PostgreSQL: a courier payout report of PAYOUTS rows reconciled against as many COD WAITING orders
 * (2 % short-paid, 1 % unknown tracking ids), then one transfer of a client's TRANSFER_ORDERS collected
 * orders — each order COD WAITING → Delivered with its change-log row, one transaction. The reconciliation
 * runs in a child with the server's flags (cod-payout-child.ts): its peak RSS is the figure.
 */

import { createCodService } from '../src/features/cod/cod.service.ts'
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts'
import type { AuthContext } from '../src/platform/http/auth-context.ts'
import { createDatabase, ms, runServerChild, summary, timeSequential } from './support.ts'

interface PayoutRun {
  seconds: number
  rerunSeconds: number
  rerunImported: number
  rerunDuplicates: number
  rssBeforeMb: number
  rssPeakMb: number
  result: { collected: number; amountDiffers: number; unknownTracking: number }
}

const PAYOUTS = Number(process.env.BENCH_COD_PAYOUTS ?? 100_000)
const TRANSFER_ORDERS = Number(process.env.BENCH_COD_TRANSFER_ORDERS ?? 50_000)
const TRANSFERS = Number(process.env.BENCH_COD_TRANSFERS ?? 100_000)

export async function codBench(): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (!adminUrl) return '| COD | skipped (set DATABASE_URL or BENCH_DATABASE_URL) | |'
  const url = await createDatabase(adminUrl, 'expedo_bench_cod')
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 4 })
  try {
    await migrateDatabase(database)
    const { pool, db } = database
    const filled = performance.now()
    const clients: string[] = []
    for (const name of ['Bench COD A', 'Bench COD B']) {
      const { rows } = await pool.query(
        'insert into business_clients (id, name) values (gen_random_uuid(), $1) returning id',
        [name],
      )
      clients.push(rows[0].id)
      await pool.query(
        `insert into business_client_bank_accounts (id, businessclient_id, bankname, currency, account_nr, bank_code)
         values (gen_random_uuid(), $1, 'Fio', 'CZK', '2001234567', '2010')`,
        [rows[0].id],
      )
    }
    const { rows: users } = await pool.query(
      `insert into users (id, username, password_hash, roles) values (gen_random_uuid(), 'bench-finance', 'x', '{finance}') returning id`,
    )
    // Client A has TRANSFER_ORDERS of the orders, client B the rest.
    await pool.query(
      `insert into orders (id, businessclient_id, client_order_nr, status, ship_to_country, ship_to_city, ship_to_street,
         ship_to_postcode, ship_to_client, payment_type, cod_apply, cod_amount, cod_amount_init, tracking_id)
       select gen_random_uuid(), case when g <= $3 then $1::uuid else $2::uuid end, 'B' || g, 'COD WAITING', 'Czech',
         'Brno', 'Údolní', '602 00', '{"firstName":"Jana","lastName":"Nováková"}'::jsonb, 'COD', true,
         100 + g % 900, 100 + g % 900, 'BT' || lpad(g::text, 9, '0')
       from generate_series(1, $4::int) g`,
      [clients[0], clients[1], TRANSFER_ORDERS, PAYOUTS],
    )
    await pool.query('analyze orders')
    const fillSeconds = (performance.now() - filled) / 1000
    const auth: AuthContext = {
      userId: users[0].id,
      username: 'bench-finance',
      roles: ['finance'],
      businessclientId: null,
      sysLang: 'ENG',
      scope: { kind: 'all' },
    }
    const cod = createCodService({
      db,
      econt: {
        baseUrl: undefined,
        username: undefined,
        password: undefined,
        timeoutMs: 1000,
        cacheSeconds: 0,
      },
    })
    // The reconciliation runs in a child with the server's flags: this process's memory is the bench's.
    const payout = await runServerChild<PayoutRun>('cod-payout-child.ts', {
      DATABASE_URL: url,
      BENCH_COD_PAYOUTS: String(PAYOUTS),
      BENCH_COD_USER: users[0].id,
    })
    const { result, seconds, rerunSeconds } = payout
    if (payout.rerunImported !== 0) throw new Error(`the second import inserted ${payout.rerunImported}`)

    const transferStarted = performance.now()
    const transfer = await cod.create(auth, { businessclient: clients[0]!, currency: 'CZK' })
    const transferSeconds = (performance.now() - transferStarted) / 1000
    const { rows: delivered } = await pool.query(
      `select count(*)::int as n from orders where cod_transfer_id = $1 and status = 'Delivered'`,
      [transfer._id],
    )

    // The transfers list at TRANSFERS transfers of 100 clients: staff (all, by status, by client), a client.
    const { rows: many } = await pool.query(
      `insert into business_clients (id, name) select gen_random_uuid(), 'Bench list ' || g from generate_series(1, 100) g
       returning id`,
    )
    const ids = many.map((r: { id: string }) => r.id)
    await pool.query(
      `insert into cod_transfers (id, businessclient_id, currency, amount, cod_total, orders_count, to_bank_account,
         status, created_at, updated_at)
       select gen_random_uuid(), ($1::uuid[])[1 + g % 100], 'CZK', 1000, 1000, 10,
         '{"accountNr":"2001234567","bankCode":"2010","IBAN":"","SWIFT":""}'::jsonb,
         (array['New','Sent','Paid'])[1 + g % 3], now() - g * interval '1 minute', now()
       from generate_series(1, $2::int) g`,
      [ids, TRANSFERS],
    )
    // Steady state: autovacuum has set the visibility map, so the counts are index-only.
    await pool.query('vacuum analyze cod_transfers')
    const clientAuth: AuthContext = {
      ...auth,
      roles: ['client'],
      businessclientId: ids[7]!,
      scope: { kind: 'client', businessclientId: ids[7]! },
    }
    const page = { currentPage: 1, itemsPerPage: 10 }
    const lists = {
      'staff, all': () => cod.list(auth, page),
      'staff, status Sent': () => cod.list(auth, { ...page, status: 'Sent' }),
      'staff, one client, page 50': () =>
        cod.list(auth, { currentPage: 50, itemsPerPage: 10, businessclient: ids[3]! }),
      'client, its own': () => cod.list(clientAuth, page),
    }
    const listRows: string[] = []
    for (const [name, run] of Object.entries(lists)) {
      await timeSequential(5, run)
      const s = summary(await timeSequential(100, run))
      listRows.push(
        `| GET /transffers at ${TRANSFERS.toLocaleString('en')} transfers: ${name} (p50 ${ms(s.p50)}) | p95 ${ms(s.p95)} | ≤ 30 ms |`,
      )
    }

    return [
      '## COD reconciliation and transfers (PostgreSQL)',
      '',
      '| what | value | target |',
      '|---|---|---|',
      `| COD WAITING orders inserted (${PAYOUTS.toLocaleString('en')}) | ${fillSeconds.toFixed(0)} s | |`,
      `| Payout report of ${PAYOUTS.toLocaleString('en')} rows reconciled (${result.collected} collected, ${result.amountDiffers} short, ${result.unknownTracking} unknown) | ${seconds.toFixed(1)} s (${(PAYOUTS / seconds).toFixed(0)} rows/s) | |`,
      `| Peak RSS of the reconciliation, in a child with the server's V8 flags and malloc settings (sampled every 50 ms; ${payout.rssBeforeMb.toFixed(0)} MB before) | ${payout.rssPeakMb.toFixed(0)} MB | ≤ 250 MB |`,
      `| Same report again (${payout.rerunDuplicates} duplicates, nothing written) | ${rerunSeconds.toFixed(1)} s | |`,
      `| Transfer of ${transfer.ordersCount.toLocaleString('en')} orders in one transaction (${delivered[0].n} Delivered, logged) | ${transferSeconds.toFixed(1)} s | seconds |`,
      ...listRows,
    ].join('\n')
  } finally {
    await database.close()
  }
}
