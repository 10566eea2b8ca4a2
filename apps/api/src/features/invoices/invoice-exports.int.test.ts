import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { readXlsx } from '../../../test/stock-fixtures.ts'
import { expectExcelDates } from '../../../test/xlsx-dates.ts'

/**
 * Every filter each invoice export accepts (InvoiceExportQuerySchema: ids, dateFrom/dateTo, businessclient)
 * is honoured: documents in and out of each filter are seeded, and the .xlsx read back holds only the ones
 * in it. A client of its own; staff for the businessclient filter.
 */
let t: TestApp
let adminToken: string
let clientToken: string
/** One client's invoices a (issued in January 2025) and b (today), another client's e; a credit note each. */
const docs: Record<'a' | 'b' | 'e', { order: string; invoice: string; note: string; client: string }> =
  {} as never

beforeAll(async () => {
  t = await createTestApp()
  const d = await invoiceDesk(t)
  adminToken = (await t.userWithToken({ roles: ['admin'] })).token
  const c1 = await d.client()
  const c2 = await d.client()
  clientToken = c1.token
  for (const [key, c] of [
    ['a', c1],
    ['b', c1],
    ['e', c2],
  ] as const) {
    const invoice: Json = await d.issued(c)
    const note = await c.api.post(`/api/invoices/${invoice._id}/creditnote`, { reason: 'Returned goods' })
    expect(note.status, key).toBeLessThan(300)
    docs[key] = {
      order: invoice.actionSourceId.clientOrderNr,
      invoice: invoice.sequenceNumber,
      note: note.body.sequenceNumber,
      client: c.client.id,
    }
  }
  // Issued documents refuse changes (a trigger): the test moves a's into the past with triggers off.
  const connection = await t.database.pool.connect()
  try {
    await connection.query('begin')
    await connection.query('set local session_replication_role = replica')
    await connection.query(`update invoices set issued_date = '2025-01-15' where order_nr = $1`, [
      docs.a.order,
    ])
    await connection.query('commit')
  } finally {
    connection.release()
  }
})
afterAll(() => t?.close())

type Key = 'a' | 'b' | 'e'
/** What identifies a row's document in each export. */
const exportsUnderTest = [
  { url: '/api/invoices/export', docOf: (row: unknown[]) => row[0], expected: (k: Key) => docs[k].invoice },
  {
    url: '/api/invoices/export/creditnotes',
    docOf: (row: unknown[]) => row[1],
    expected: (k: Key) => docs[k].note,
  },
  { url: '/api/creditnotes/export', docOf: (row: unknown[]) => row[0], expected: (k: Key) => docs[k].note },
]

const filters: { name: string; query: () => Record<string, string>; keys: Key[] }[] = [
  { name: 'ids (an order number)', query: () => ({ ids: docs.b.order }), keys: ['b'] },
  {
    name: 'ids (two, and junk)',
    query: () => ({ ids: `${docs.a.order}  nope ${docs.b.order}` }),
    keys: ['a', 'b'],
  },
  { name: 'ids (unknown only)', query: () => ({ ids: 'NO-SUCH-ORDER' }), keys: [] },
  { name: 'ids (another client’s order)', query: () => ({ ids: docs.e.order }), keys: [] },
  { name: 'dateFrom/dateTo', query: () => ({ dateFrom: '2025-01-01', dateTo: '2025-01-31' }), keys: ['a'] },
  {
    name: 'dateFrom/dateTo (empty period)',
    query: () => ({ dateFrom: '2001-01-01', dateTo: '2001-01-02' }),
    keys: [],
  },
  { name: 'dateFrom only', query: () => ({ dateFrom: '2025-01-01' }), keys: ['a', 'b'] },
]
const staffFilters: typeof filters = [
  {
    name: 'businessclient',
    query: () => ({ dateFrom: '2025-01-01', businessclient: docs.e.client }),
    keys: ['e'],
  },
  {
    name: 'businessclient with ids of another client',
    query: () => ({ ids: docs.b.order, businessclient: docs.e.client }),
    keys: [],
  },
]

describe.each(exportsUnderTest)('$url', ({ url, docOf, expected }) => {
  const read = async (token: string, query: Record<string, string>) => {
    const res = await readXlsx(t, token, `${url}?${new URLSearchParams(query)}`)
    return { status: res.status, docs: new Set(res.rows.slice(1).map(docOf)) }
  }

  it('writes its issue, tax and due dates as Excel dates with a day format, not text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams({ dateFrom: '2025-01-01' })}`,
      headers: { authorization: `Bearer ${clientToken}` },
    })
    expect(res.statusCode).toBe(200)
    const rows = await expectExcelDates(res.rawPayload, { date: ['Issue date', 'Tax date', 'Due date'] })
    const a = rows.find((r) => Object.values(r).includes(expected('a')))
    expect(a?.['Issue date']).toEqual(new Date('2025-01-15T00:00:00Z'))
  })

  it.each(filters)('a client’s export honours $name', async ({ query, keys }) => {
    const res = await read(clientToken, query())
    if (keys.length === 0) return expect(res.status).toBe(404)
    expect(res.status).toBe(200)
    expect(res.docs).toEqual(new Set(keys.map(expected)))
  })

  it.each(staffFilters)('a staff export honours $name', async ({ query, keys }) => {
    const res = await read(adminToken, query())
    if (keys.length === 0) return expect(res.status).toBe(404)
    expect(res.status).toBe(200)
    expect(res.docs).toEqual(new Set(keys.map(expected)))
  })
})
