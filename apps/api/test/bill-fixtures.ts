import { monthPeriod, previousMonth } from '@expedo/domain'
import type { Json, TestApp } from './app.ts'

/** The month the tests bill: the one before today's (what the monthly job would bill now). */
export const billMonth = () => previousMonth(new Date().toISOString().slice(0, 10))

/** Each issuer's own account: its IBAN's bank, BIC and bank code agree (the national bank-code tables). */
const issuerAccounts: Record<string, Json> = {
  Czech: {
    bankname: 'Fio banka',
    currency: 'CZK',
    accountNr: '2000145399',
    bankCode: '2010',
    IBAN: 'CZ9320100000002000145399',
    SWIFT: 'FIOBCZPP',
  },
  Slovakia: {
    bankname: 'Tatra banka',
    currency: 'EUR',
    accountNr: '',
    bankCode: '',
    IBAN: 'SK2411000000002612345678',
    SWIFT: 'TATRSKBX',
  },
}

const issuerBody = (country: string): Json => ({
  country,
  name: `Expedo ${country} s.r.o.`,
  coid: country === 'Czech' ? '01234567' : '12345678',
  taxid: country === 'Czech' ? 'CZ01234567' : 'SK2020123456',
  address: { street: 'Skladová', streetNr: '12', postcode: '602 00', city: 'Brno', country },
  email: 'billing@expedo.example',
  bankaccounts: [issuerAccounts[country] ?? { ...issuerAccounts.Czech!, currency: 'EUR' }],
  registration: 'C 12345 vedená u Krajského soudu v Brně',
})

/** The issuer of a country (made by an admin when missing). */
export async function ensureIssuer(t: TestApp, country = 'Czech'): Promise<Json> {
  const admin = await t.asAdmin()
  const made = await admin.post('/api/issuers', issuerBody(country))
  if (made.status === 201) return made.body
  const list = await admin.get('/api/issuers')
  return list.body.list.find((i: Json) => i.country === country)
}
export { issuerBody }

/**
 * Unbilled services of a business client, inserted directly (the services area records them in its own
 * events; these tests need only billable rows): `count` rows of one name and unit price on `day`.
 */
export async function insertServices(
  t: TestApp,
  s: {
    businessclientId: string
    count: number
    serviceType?: string
    unitPrice?: string
    quantity?: string
    currency?: string
    country?: string
    day?: string
  },
): Promise<void> {
  const day = s.day ?? monthPeriod(billMonth()).start
  const quantity = s.quantity ?? '1'
  const unitPrice = s.unitPrice ?? '25.00'
  await t.database.pool.query(
    `insert into services (id, businessclient_id, service_type, category, trigger, trigger_ref, quantity, unit_price,
       amount, currency, country, description, service_date, dedupe_key)
     select gen_random_uuid(), $1, $2, 'warehouse', 'Order', 'T-' || g, $3::numeric, $4::numeric, round($3::numeric * $4::numeric, 2),
       $5, $6, 'test service', $7::date, 'test:' || gen_random_uuid()
     from generate_series(1, $8::int) g`,
    [
      s.businessclientId,
      s.serviceType ?? 'fulfilment',
      quantity,
      unitPrice,
      s.currency ?? 'CZK',
      s.country ?? 'Czech',
      day,
      s.count,
    ],
  )
}

export async function billedCount(t: TestApp, businessclientId: string): Promise<number> {
  const r = await t.database.pool.query(
    'select count(*)::int as n from services where businessclient_id = $1 and bill_id is not null',
    [businessclientId],
  )
  return r.rows[0].n
}

/**
 * An unlocked bill of a business client inserted directly, without items (for tests that need services to
 * be on a bill, not a bill's content): its id. The country's issuer is made when missing.
 */
export async function insertBareBill(
  t: TestApp,
  businessclientId: string,
  country = 'Czech',
): Promise<string> {
  const issuer = await ensureIssuer(t, country)
  const { rows } = await t.database.pool.query(
    `insert into bills (id, businessclient_id, issuer_id, country, currency, period_start, period_end, client, issuer)
     values (gen_random_uuid(), $1, $2, $3, 'CZK', current_date, current_date, '{}', '{}') returning id`,
    [businessclientId, issuer._id, country],
  )
  return rows[0].id
}
