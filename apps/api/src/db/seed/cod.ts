import type { Currency } from '@expedo/domain'
import { cents, moneyText } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import type { PayoutLine } from '../../features/cod/cod.repository.ts'
import { createCodService } from '../../features/cod/cod.service.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'

type WaitingOrder = {
  id: string
  businessclient_id: string
  tracking_id: string
  cod_amount: string
}

/**
 * COD of the demo's shipped COD orders (after seedOrders and seedBills): per business client, three payout
 * reports each followed by a transfer (Paid, Sent, New), a fourth report collected but not yet
 * transferred, short-paid lines and unknown tracking ids in the mismatch queue, orders long without a
 * payout queued as not paid, and the rest still expected. Through the COD service, as finance would.
 */
export async function seedCod(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const { rows: finance } = await db.execute<{ id: string; username: string }>(
    sql`select id, username from users where 'finance' = any(roles) order by created_at limit 1`,
  )
  const auth: AuthContext = {
    userId: finance[0]?.id ?? '',
    username: finance[0]?.username ?? 'finance',
    roles: ['finance'],
    businessclientId: null,
    sysLang: 'ENG',
    scope: { kind: 'all' },
  }
  if (!auth.userId) return
  const cod = createCodService({
    db,
    econt: { baseUrl: undefined, username: undefined, password: undefined, timeoutMs: 1000, cacheSeconds: 0 },
  })
  const { rows } = await db.execute<WaitingOrder>(sql`
    select id, businessclient_id, tracking_id, cod_amount::text as cod_amount
    from orders
    where status = 'COD WAITING' and cod_apply and tracking_id <> ''
    order by businessclient_id, internal_numeric_id`)
  const byClient = new Map<string, WaitingOrder[]>()
  for (const r of rows) {
    const list = byClient.get(r.businessclient_id)
    if (list) list.push(r)
    else byClient.set(r.businessclient_id, [r])
  }
  const line = (o: WaitingOrder, amount = o.cod_amount, daysAgo = 0): PayoutLine => ({
    trackingId: o.tracking_id,
    amount: moneyText(cents(amount)),
    currency: '',
    paidDate: new Date(Date.parse(today) - daysAgo * 86_400_000).toISOString().slice(0, 10),
  })
  let unknown = 0
  for (const [businessclient, orders] of byClient) {
    // Slices of the client's waiting orders: 4 reports of ~12 % each, 5 % short-paid, the rest expected.
    const n = orders.length
    const slice = (from: number, to: number) => orders.slice(Math.floor(n * from), Math.floor(n * to))
    const reports = [slice(0, 0.12), slice(0.12, 0.24), slice(0.24, 0.36), slice(0.36, 0.48)]
    const short = slice(0.48, 0.53)
    const statuses: ('Paid' | 'Sent' | 'New' | null)[] = ['Paid', 'Sent', 'New', null]
    for (const [i, report] of reports.entries()) {
      if (!report.length) continue
      const extra =
        i === 3 ? short.map((o) => line(o, String(Math.max(0, Number(o.cod_amount) - 50)), 2)) : []
      unknown += 1
      const stray: PayoutLine = { ...line(report[0]!, '120', 2), trackingId: `DEMO-UNKNOWN-${unknown}` }
      await cod.importLines(
        auth,
        [...report.map((o) => line(o, o.cod_amount, 20 - i * 5)), ...extra, stray],
        'upload',
        `demo-payouts-${i + 1}.xlsx`,
      )
      const status = statuses[i]
      if (!status) continue
      const currencies = await db.execute<{ currency: Currency }>(sql`
        select distinct currency from cod_collections where businessclient_id = ${businessclient} and transfer_id is null`)
      for (const { currency } of currencies.rows) {
        try {
          const transfer = await cod.create(auth, { businessclient, currency })
          if (status !== 'New') await cod.setStatus(auth, transfer._id, 'Sent')
          if (status === 'Paid') await cod.setStatus(auth, transfer._id, 'Paid')
        } catch {
          // No bank account of the client in that currency: its COD stays collected.
        }
      }
    }
  }
  // Orders waiting over 30 days without a payout.
  await cod.checkUnpaid(30)
}
