import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { draftCopies, invoiceCount, invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { readXlsx } from '../../../test/stock-fixtures.ts'

let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>
const year = new Date().getUTCFullYear()
const today = new Date().toISOString().slice(0, 10)
const query = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params).then((r) => r.rows)

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
})
afterAll(() => t?.close())

describe('number series (/api/settings/sequences)', () => {
  it('creates, lists and deletes an unused series; refuses a duplicate, a used one and bad input', async () => {
    const c = await d.client()
    const body = { documentType: 'invoice', country: 'Slovakia', year, prefix: 'SK', nextValue: 100 }
    const made = await c.api.post('/api/settings/sequences', body)
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      prefix: 'SK',
      format: '{prefix}{yyyy}{n:6}',
      nextNumber: `SK${year}000100`,
      used: false,
    })
    expect((await c.api.post('/api/settings/sequences', body)).status).toBe(409)
    for (const [bad, field] of [
      [{ ...body, country: 'Narnia' }, 'country'],
      [{ ...body, format: '{prefix}{yyyy}' }, 'format'],
      [{ ...body, prefix: 'A B' }, 'prefix'],
      [{ ...body, nextValue: 0 }, 'nextValue'],
      [{ ...body, documentType: 'bill' }, 'documentType'],
    ] as const) {
      const res = await c.api.post('/api/settings/sequences', bad)
      expect(res.status, field).toBe(400)
      expect(res.body.details).toHaveProperty(field)
    }
    expect((await c.api.get('/api/settings/sequences')).body.map((s: Json) => s._id)).toEqual([made.body._id])
    const left = await c.api.delete(`/api/settings/sequences/${made.body._id}`)
    expect(left.status).toBe(200)
    expect(left.body).toEqual([])

    // A series a draft was numbered from cannot go.
    const used = (await c.api.post('/api/settings/sequences', { ...body, country: 'Czech', prefix: 'OWN' }))
      .body
    const draft = await d.draft(c)
    await c.api.request({ method: 'PUT', url: `/api/invoices/${draft._id}`, query: { series: used._id } })
    const issued = await c.api.post(`/api/invoices/${draft._id}/issue`)
    expect(issued.body.sequenceNumber).toBe(`OWN${year}000100`)
    const refused = await c.api.delete(`/api/settings/sequences/${used._id}`)
    expect(refused.status).toBe(409)
    expect((await c.api.get('/api/settings/sequences')).body[0]).toMatchObject({ used: true, nextValue: 101 })
  })

  it('keeps series to their business client: 404 for another’s, 400 for a staff call without one', async () => {
    const a = await d.client()
    const b = await d.client()
    const series = (
      await a.api.post('/api/settings/sequences', {
        documentType: 'creditnote',
        country: 'Czech',
        year,
        prefix: 'X',
      })
    ).body
    expect((await b.api.delete(`/api/settings/sequences/${series._id}`)).status).toBe(404)
    expect((await b.api.get('/api/settings/sequences')).body).toEqual([])
    const draft = await d.draft(b)
    const foreign = await b.api.request({
      method: 'PUT',
      url: `/api/invoices/${draft._id}`,
      query: { series: series._id },
    })
    expect(foreign.status).toBe(400)
    const admin = await t.asAdmin()
    const missing = await admin.post('/api/settings/sequences', {
      documentType: 'invoice',
      country: 'Czech',
      year,
    })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('businessclient')
    expect((await d.operator.get('/api/settings/sequences')).status).toBe(403)
  })

  it('numbers a Bulgarian issuer’s documents with 10 digits', async () => {
    // Its goods leave the Czech warehouse for Bulgarian consumers: under the One-Stop-Shop, the Bulgarian VAT.
    const bg = await d.client({
      client: { addressCountry: 'Bulgaria', ossEnabled: true, ossSince: '2021-07-01' },
    })
    const inv = await d.issued(bg, {
      shipTo: { country: 'Bulgaria', city: 'Sofia', street: 'Vitosha', postcode: '1000' },
    })
    expect(inv.sequenceNumber).toBe('0000000001')
    expect(inv.currency).toBe('EUR')
    expect(inv.items[0].VAT_procent).toBe(20)
  })
})

describe('one number names one tax document of its issuer (FINANCE.md "Place of supply, numbering …")', () => {
  // Its goods leave the Czech warehouse for consumers abroad: under the One-Stop-Shop, the destination's VAT.
  const bulgarianOss = { addressCountry: 'Bulgaria', ossEnabled: true, ossSince: '2021-07-01' }
  const sofia = { country: 'Bulgaria', city: 'Sofia', street: 'Vitosha', postcode: '1000' }

  it('a Bulgarian issuer’s invoices and credit notes, to any country, take one continuous 10-digit numbering', async () => {
    const bg = await d.client({ client: bulgarianOss })
    const first = await d.issued(bg, { shipTo: sofia })
    const note = await bg.api.post(`/api/invoices/${first._id}/creditnote`, { reason: 'Returned goods' })
    expect(note.status).toBe(201)
    const second = await d.issued(bg, { shipTo: sofia })
    const slovak = await d.issued(bg, {
      shipTo: { country: 'Slovakia', city: 'Bratislava', street: 'Hlavná', postcode: '81101' },
    })
    expect([first, note.body, second, slovak].map((doc) => doc.sequenceNumber)).toEqual([
      '0000000001',
      '0000000002',
      '0000000003',
      '0000000004',
    ])
    const series = (await bg.api.get('/api/settings/sequences')).body
    expect(series.map((s: Json) => [s.documentType, s.country, s.prefix, s.format, s.nextValue])).toEqual([
      ['invoice', 'Bulgaria', '', '{n:10}', 5],
    ])
  })

  it('a Bulgarian issuer’s one numbering continues after the per-type and per-country series it had before', async () => {
    const bg = await d.client({ client: bulgarianOss })
    for (const [type, country, next] of [
      ['invoice', 'Slovakia', 51],
      ['creditnote', 'Bulgaria', 8],
    ] as const)
      await query(
        `insert into number_series (id, businessclient_id, document_type, country, year, prefix, format, next_value, first_value)
         values (gen_random_uuid(), $1, $2, $3, $4, '', '{n:10}', $5, 1)`,
        [bg.client.id, type, country, year - 1, next],
      )
    expect((await d.issued(bg, { shipTo: sofia })).sequenceNumber).toBe('0000000051')
  })

  it('invoices and credit notes issued at once: a Bulgarian issuer’s numbers are distinct and contiguous', async () => {
    const bg = await d.client({ client: bulgarianOss })
    // 100 + 100 on PostgreSQL; the embedded database serves one connection, so fewer prove the same.
    const n = t.database.embedded ? 15 : 100
    const draft = await d.draft(bg, { shipTo: sofia })
    const [first, ...drafts] = await draftCopies(t, draft._id, 2 * n)
    // n invoices to credit, then n more invoices and the n credit notes, all at once.
    const issue = (id: string) => bg.api.post(`/api/invoices/${id}/issue`)
    const credited = await Promise.all([first!, ...drafts.slice(0, n - 1)].map(issue))
    const answers = await Promise.all([
      ...drafts.slice(n - 1).map(issue),
      ...credited.map((inv) =>
        bg.api.post(`/api/invoices/${inv.body._id}/creditnote`, { reason: 'Returned goods' }),
      ),
    ])
    expect([...credited, ...answers].filter((a) => a.status >= 300).map((a) => a.body)).toEqual([])
    const notes = answers.filter((a) => a.body.kind === 'creditnote')
    expect(notes).toHaveLength(n)
    const numbers = [...credited, ...answers].map((a) => a.body.sequenceNumber as string).sort()
    expect(numbers).toEqual(Array.from({ length: 3 * n }, (_, i) => String(i + 1).padStart(10, '0')))
  })

  it('a Czech issuer’s invoices and credit notes issued at once take distinct prefixes, no number twice', async () => {
    const c = await d.client()
    const n = t.database.embedded ? 10 : 50
    const drafts = await draftCopies(t, (await d.draft(c))._id, 2 * n)
    const issue = (id: string) => c.api.post(`/api/invoices/${id}/issue`)
    const credited = await Promise.all(drafts.slice(0, n).map(issue))
    const answers = await Promise.all([
      ...drafts.slice(n).map(issue),
      ...credited.map((inv) =>
        c.api.post(`/api/invoices/${inv.body._id}/creditnote`, { reason: 'Returned goods' }),
      ),
    ])
    expect(answers.filter((a) => a.status >= 300).map((a) => a.body)).toEqual([])
    const all = [...credited, ...answers].map((a) => a.body as Json)
    const of = (kind: string) =>
      all
        .filter((doc) => doc.kind === kind)
        .map((doc) => doc.sequenceNumber as string)
        .sort()
    const serial = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${prefix}${year}${String(i + 1).padStart(6, '0')}`)
    expect(of('invoice')).toEqual(serial('FVCZ', 2 * n))
    expect(of('creditnote')).toEqual(serial('DNCZ', n))
  })

  it('the database refuses a second document of one issuer with a number, whatever its kind', async () => {
    const c = await d.client()
    const inv = await d.issued(c)
    const note = (await c.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })).body
    const draft = await d.draft(c)
    await expect(
      query('update invoices set sequence_number = $2 where id = $1', [draft._id, note.sequenceNumber]),
    ).rejects.toMatchObject({ code: '23505' })
    // Another issuer may print the same number.
    const other = await d.client()
    expect((await d.issued(other)).sequenceNumber).toBe(inv.sequenceNumber)
  })

  it('refuses a series that would print another series’ numbers (409), whatever its type or country', async () => {
    const c = await d.client()
    const body = { documentType: 'invoice', country: 'Czech', year, prefix: 'E' }
    expect((await c.api.post('/api/settings/sequences', body)).status).toBe(201)
    for (const clash of [
      { ...body, documentType: 'creditnote' },
      { ...body, country: 'Slovakia' },
      { ...body, documentType: 'creditnote', format: '{prefix}{yyyy}{n:8}' },
    ]) {
      const res = await c.api.post('/api/settings/sequences', clash)
      expect(res.status, JSON.stringify(clash)).toBe(409)
      expect(res.body.message).toContain('would print the numbers of the invoice series E')
    }
    // Another prefix, another year of a yearly format, or another client: no clash.
    for (const fine of [
      { ...body, documentType: 'creditnote', prefix: 'EC' },
      { ...body, year: year + 1 },
    ])
      expect((await c.api.post('/api/settings/sequences', fine)).status).toBe(201)
    expect((await (await d.client()).api.post('/api/settings/sequences', body)).status).toBe(201)
    // A year-less format clashes with itself in every year.
    const bg = await d.client({ client: bulgarianOss })
    const bgBody = { documentType: 'invoice', country: 'Bulgaria', year }
    expect((await bg.api.post('/api/settings/sequences', bgBody)).status).toBe(201)
    const again = await bg.api.post('/api/settings/sequences', {
      ...bgBody,
      documentType: 'creditnote',
      year: year + 1,
    })
    expect(again.status).toBe(409)
  })
})

describe('gap-free numbering under concurrency', () => {
  it('concurrent issues on one series take 1..N with no gap and no duplicate; a rolled-back issue leaves none', async () => {
    const c = await d.client()
    // 500 on PostgreSQL (FINANCE.md); the embedded database serves one connection, so fewer prove the same.
    const n = t.database.embedded ? 40 : 500
    const drafts = await draftCopies(t, (await d.draft(c))._id, n)
    // A rollback after taking the number: the counter goes back with it.
    await d.issued(c).then((first) => expect(first.sequenceNumber).toBe(`FVCZ${year}000001`))
    const client = await t.database.pool.connect()
    try {
      await client.query('begin')
      await client.query(
        'update number_series set next_value = next_value + 1 where businessclient_id = $1',
        [c.client.id],
      )
      await client.query('rollback')
    } finally {
      client.release()
    }
    const answers = await Promise.all(drafts.map((id) => c.api.post(`/api/invoices/${id}/issue`)))
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([])
    const numbers = answers.map((a) => a.body.sequenceNumber as string).sort()
    expect(numbers).toEqual(
      Array.from({ length: n }, (_, i) => `FVCZ${year}${String(i + 2).padStart(6, '0')}`),
    )
    const [series] = await query('select next_value from number_series where businessclient_id = $1', [
      c.client.id,
    ])
    expect(series.next_value).toBe(n + 2)
  })

  it('an issue that fails after taking its number gives the number back', async () => {
    const c = await d.client()
    const first = await d.draft(c)
    // No exchange rate for a Slovak (EUR) invoice of a Czech issuer: refused after the series exists.
    const eur = await d.draft(c, {
      shipTo: { country: 'Slovakia', city: 'Bratislava', street: 'Hlavná', postcode: '81101' },
    })
    const refused = await c.api.post(`/api/invoices/${eur._id}/issue`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('No exchange rate of EUR in CZK')
    expect((await c.api.get(`/api/invoices/${eur._id}`)).body.sequenceNumber).toBeNull()
    expect((await c.api.post(`/api/invoices/${first._id}/issue`)).body.sequenceNumber).toBe(
      `FVCZ${year}000001`,
    )
  })
})

describe('foreign currency', () => {
  it('states the VAT in the issuer’s currency at the rate of the tax date, fixed when issued', async () => {
    // Slovak consumers under the One-Stop-Shop: the Slovak VAT (place of supply, FINANCE.md).
    const c = await d.client({ client: { ossEnabled: true, ossSince: '2021-07-01' } })
    await query(
      `insert into exchange_rates (currency, target, day, rate) values ('EUR', 'CZK', $1, 24.335) on conflict do nothing`,
      [today],
    )
    const inv = await d.issued(c, {
      shipTo: { country: 'Slovakia', city: 'Bratislava', street: 'Hlavná', postcode: '81101' },
    })
    expect(inv).toMatchObject({ currency: 'EUR', sequenceNumber: `FVSK${year}000001` })
    expect(inv.items[0].VAT_procent).toBe(23)
    expect(inv.exchange).toMatchObject({ currency: 'CZK', rate: 24.335, date: today })
    expect(inv.exchange.VAT_total).toBeCloseTo(inv.VAT_total * 24.335, 1)
  })
})

describe('issued documents in the database', () => {
  it('refuse a change of their lines or totals and a delete, whoever writes', async () => {
    const c = await d.client()
    const inv = await d.issued(c)
    await expect(query('update invoices set brutto_total = 1 where id = $1', [inv._id])).rejects.toThrow(
      /cannot change/,
    )
    await expect(
      query('update invoice_items set quantity = 9 where invoice_id = $1', [inv._id]),
    ).rejects.toThrow(/cannot change/)
    await expect(query('delete from invoice_items where invoice_id = $1', [inv._id])).rejects.toThrow(
      /cannot change/,
    )
    await expect(query('delete from invoices where id = $1', [inv._id])).rejects.toThrow(/cannot be deleted/)
    // The internal note may change.
    await query(`update invoices set customer_internal = 'ok' where id = $1`, [inv._id])
  })

  it('the database formats numbers as the domain does', async () => {
    const { formatDocumentNumber } = await import('@expedo/domain')
    for (const [fmt, prefix, y, n] of [
      ['{prefix}{yyyy}{n:6}', 'FV', 2026, 42],
      ['{n:10}', '', 2026, 7],
      ['{prefix}-{yy}/{n}', 'DN', 2026, 1234567],
      ['{n:3}', '', 2026, 12345],
    ] as const) {
      const [row] = await query('select format_document_number($1, $2, $3, $4) as v', [fmt, prefix, y, n])
      expect(row.v).toBe(formatDocumentNumber(fmt, prefix, y, n))
    }
  })
})

/** The invoicing request of an order once the task has tried it and failed (polled: the task runs after shipping). */
async function failedRequest(orderId: string): Promise<{ attempts: number; last_error: string }> {
  const read = async () =>
    (await query('select attempts, last_error from invoice_requests where order_id = $1', [orderId]))[0]
  await expect.poll(async () => (await read())?.attempts ?? 0).toBeGreaterThan(0)
  return read()
}

describe('invoicing shipped orders', () => {
  it('issues the invoice of an order shipped with invoicing on, once, and only with both switches on', async () => {
    const c = await d.client({ client: { invoicingAutoGenerate: true } })
    const on = await d.order(c, {}, { generateInvoice: true })
    const off = await d.order(c)
    const before = await invoiceCount(t)
    await d.ship(on._id)
    await d.ship(off._id)
    // The task runs after the commit; a second run (the minutely schedule) finds nothing to do.
    await expect
      .poll(async () => (await c.api.get(`/api/orders/${on._id}`)).body.invoice?.sequenceNumber)
      .toBe(`FVCZ${year}000001`)
    expect(await t.services.invoices.issueRequested()).toBe(0)
    expect((await c.api.get(`/api/orders/${off._id}`)).body.invoice).toBeNull()
    expect(await invoiceCount(t)).toBe(before + 1)
    expect(await query('select * from invoice_requests where order_id = $1', [on._id])).toEqual([])

    // Off in the business profile: the order's switch alone does nothing.
    const plain = await d.client()
    const o = await d.order(plain, {}, { generateInvoice: true })
    await d.ship(o._id)
    expect(await t.services.invoices.issueRequested()).toBe(0)
    expect((await plain.api.get(`/api/orders/${o._id}`)).body.invoice).toBeNull()
  })

  it('keeps a failed request with its reason and issues it once the cause is gone', async () => {
    const c = await d.client({ client: { invoicingAutoGenerate: true } })
    await query(`delete from exchange_rates where currency = 'EUR' and target = 'CZK'`)
    const o = await d.order(
      c,
      { shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Štúrova', postcode: '94901' } },
      { generateInvoice: true },
    )
    await d.ship(o._id)
    const req = await failedRequest(o._id)
    expect(req.last_error).toContain('No exchange rate')
    await query(
      `insert into exchange_rates (currency, target, day, rate) values ('EUR', 'CZK', $1, 25) on conflict do nothing`,
      [today],
    )
    expect(await t.services.invoices.issueRequested()).toBe(1)
    expect((await c.api.get(`/api/orders/${o._id}`)).body.invoice.sequenceNumber).toMatch(/^FVSK/)
  })

  it('keeps the request of a client without what the law asks for, saying what, and issues once it is complete', async () => {
    const c = await d.client({ client: { invoicingAutoGenerate: true }, companyId: { taxid: '' } })
    const o = await d.order(c, {}, { generateInvoice: true })
    await d.ship(o._id)
    const req = await failedRequest(o._id)
    expect(req.last_error).toContain('supplier.taxId')
    expect((await c.api.get(`/api/orders/${o._id}`)).body.invoice?.sequenceNumber ?? null).toBeNull()
    await query('update business_client_company_ids set taxid = $2 where id = $1', [
      c.companyId.id,
      'CZ27082440',
    ])
    expect(await t.services.invoices.issueRequested()).toBe(1)
    expect((await c.api.get(`/api/orders/${o._id}`)).body.invoice.sequenceNumber).toBe(`FVCZ${year}000001`)
  })
})

describe('reports and exports', () => {
  it('groups issued invoices by month and country with totals, and sums the credit notes', async () => {
    const c = await d.client()
    const a = await d.issued(c)
    await d.issued(c)
    await d.draft(c)
    await c.api.post(`/api/invoices/${a._id}/creditnote`, {
      items: [{ itemId: a.items[0]._id, quantity: 1 }],
      reason: 'Returned goods',
    })
    const res = await c.api.get('/api/reports/invoices', {
      dateFrom: `${today.slice(0, 8)}01`,
      dateTo: today,
    })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(2)
    expect(res.body.list).toEqual([
      {
        _id: { year, month: new Date().getUTCMonth() + 1, country: 'Czech' },
        count: 2,
        currency: ['CZK'],
        totals: [{ currency: 'CZK', NETTO_total: 663.64, VAT_total: 139.36, BRUTTO_total: 803 }],
        list: expect.arrayContaining([
          expect.objectContaining({ _id: a._id, sequenceNumber: a.sequenceNumber }),
        ]),
      },
    ])
    expect(res.body.creditNotes).toEqual({ count: 1, totals: [{ currency: 'CZK', BRUTTO_total: -121 }] })
    const notes = await c.api.get('/api/reports/creditnotes', { dateFrom: `${today.slice(0, 8)}01` })
    expect(notes.body.list[0]).toMatchObject({ count: 1, totals: [{ BRUTTO_total: -121 }] })
    const other = await d.client()
    expect((await other.api.get('/api/reports/invoices')).body).toEqual({
      list: [],
      total: 0,
      creditNotes: { count: 0, totals: [] },
    })
    expect((await d.operator.get('/api/reports/invoices')).status).toBe(403)
  })

  it('exports invoice lines of the period or of pasted order numbers, credit notes, and says when there is nothing', async () => {
    const c = await d.client()
    const a = await d.issued(c)
    const b = await d.issued(c)
    await c.api.post(`/api/invoices/${a._id}/creditnote`, { reason: 'Returned goods' })
    const all = await readXlsx(t, c.token, `/api/invoices/export?dateFrom=${today}&dateTo=${today}`)
    expect(all.status).toBe(200)
    expect(all.rows[0]).toEqual(expect.arrayContaining(['Number', 'Order', 'Item', 'Total incl. VAT']))
    expect(all.rows.slice(1).map((r) => r[0])).toEqual([
      a.sequenceNumber,
      a.sequenceNumber,
      a.sequenceNumber,
      b.sequenceNumber,
      b.sequenceNumber,
      b.sequenceNumber,
    ])
    const byIds = await readXlsx(
      t,
      c.token,
      `/api/invoices/export?ids=${encodeURIComponent(`${b.actionSourceId.clientOrderNr}  nope`)}`,
    )
    expect(new Set(byIds.rows.slice(1).map((r) => r[0]))).toEqual(new Set([b.sequenceNumber]))
    const credited = await readXlsx(t, c.token, '/api/invoices/export/creditnotes')
    expect(credited.rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([[a.sequenceNumber, -401.5]])
    const lines = await readXlsx(t, c.token, '/api/creditnotes/export')
    expect(lines.rows).toHaveLength(4)
    const none = await c.api.get('/api/invoices/export', { dateFrom: '2001-01-01', dateTo: '2001-01-02' })
    expect(none.status).toBe(404)
    expect(none.body.message).toBe('No objects were found for export')
    const foreign = await readXlsx(
      t,
      (await d.client()).token,
      `/api/invoices/export?ids=${b.actionSourceId.clientOrderNr}`,
    )
    expect(foreign.status).toBe(404)
  })
})

describe('the list’s count (invoice_day_counts)', () => {
  it('equals a count of the documents after every kind of write, before and after the merge', async () => {
    const { mergeInvoiceDayCounts } = await import('./invoice-day-counts.repository.ts')
    const c = await d.client()
    const a = await d.issued(c)
    const b = await d.draft(c, {
      shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Štúrova', postcode: '94901' },
    })
    await c.api.request({ method: 'PUT', url: `/api/invoices/${b._id}`, query: { issuedDate: '2026-01-15' } })
    await c.api.request({ method: 'PUT', url: `/api/invoices/${b._id}`, query: { country: 'Czech' } })
    await c.api.post(`/api/invoices/${a._id}/creditnote`, { reason: 'Returned goods' })
    await d.draft(c)
    const filters: Record<string, string>[] = [
      {},
      { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      { dateFrom: today, dateTo: today },
      { country: 'Czech' },
      { country: 'Slovakia' },
      { kind: 'creditnote' },
      { dateFrom: '2026-01-16' },
    ]
    const expected = async (f: Record<string, string>) => {
      const [row] = await query(
        `select count(*)::int as n from invoices where businessclient_id = $1 and kind = $2
           and ($3::date is null or issued_date >= $3) and ($4::date is null or issued_date <= $4)
           and ($5::text is null or country = $5)`,
        [c.client.id, f.kind ?? 'invoice', f.dateFrom ?? null, f.dateTo ?? null, f.country ?? null],
      )
      return row.n as number
    }
    const check = async () => {
      for (const f of filters)
        expect((await c.api.get('/api/invoices', f)).body.total, JSON.stringify(f)).toBe(await expected(f))
    }
    await check()
    expect(await mergeInvoiceDayCounts(t.db)).toBeGreaterThan(0)
    await check()
    expect(
      (await c.api.get('/api/invoices', { dateFrom: '2026-01-01', dateTo: '2026-01-31' })).body.total,
    ).toBe(1)
  })
})

describe('an export larger than one batch', () => {
  it('reads every document and line exactly once, in issue order, across batches of documents', async () => {
    const { createInvoiceReportsRepository } = await import('./invoice-reports.repository.ts')
    const c = await d.client()
    const issued = [
      await d.issued(c),
      await d.issued(c),
      await d.issued(c),
      await d.issued(c),
      await d.issued(c),
    ]
    const scope = { kind: 'client', businessclientId: c.client.id } as const
    const period = { from: '2000-01-01', until: '2999-01-01' }
    const batches: string[][] = []
    for await (const batch of createInvoiceReportsRepository(t.db).lines(
      scope,
      { period, kind: 'invoice' },
      2,
    ))
      batches.push(batch.map((r) => `${r.number}/${r.name}`))
    expect(batches.map((b) => b.length)).toEqual([6, 6, 3])
    expect(batches.flat()).toEqual(
      issued.flatMap((inv) => inv.items.map((i: Json) => `${inv.sequenceNumber}/${i.name}`)),
    )
  })
})

describe('VAT rates and exchange rates (/api/settings/vatrates, /api/settings/exchangerates)', () => {
  it('an admin adds a VAT rate from a day: the previous one ends the day before; drafts made after take it', async () => {
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    const admin = await t.asAdmin()
    const rates = await finance.get('/api/settings/vatrates', { country: 'Slovakia' })
    expect(rates.status).toBe(200)
    expect(rates.body.map((r: Json) => [r.kind, r.rate, r.validFrom, r.validTo])).toEqual(
      expect.arrayContaining([['standard', 23, '2025-01-01', null]]),
    )
    // The VAT table is the law for every client (FINANCE.md "An admin can add rows"): finance only reads it.
    const czech = () => finance.get('/api/settings/vatrates', { country: 'Czech' }).then((r) => r.body)
    const before = await czech()
    const byFinance = await finance.post('/api/settings/vatrates', {
      country: 'Czech',
      rate: 99,
      kind: 'standard',
      validFrom: today,
    })
    expect(byFinance.status).toBe(403)
    expect(await czech()).toEqual(before)
    const added = await admin.post('/api/settings/vatrates', {
      country: 'Hungary',
      rate: 26.5,
      kind: 'standard',
      validFrom: today,
    })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ country: 'Hungary', rate: 26.5, validTo: null })
    const hungary = (await finance.get('/api/settings/vatrates', { country: 'Hungary' })).body
    const previous = hungary.find((r: Json) => r.kind === 'standard' && r.rate === 27)
    expect(previous.validTo).toBe(new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10))
    const c = await d.client({ client: { ossEnabled: true, ossSince: '2021-07-01' } })
    const draft = await d.draft(c, {
      shipTo: { country: 'Hungary', city: 'Budapest', street: 'Fő utca', postcode: '1011' },
    })
    expect(draft.items[0].VAT_procent).toBe(26.5)
    expect(draft.currency).toBe('HUF')

    expect(
      (
        await admin.post('/api/settings/vatrates', {
          country: 'Hungary',
          rate: 20,
          kind: 'standard',
          validFrom: today,
        })
      ).status,
    ).toBe(409)
    for (const bad of [
      { country: 'Hungary', rate: 101, kind: 'standard', validFrom: today },
      { country: 'Hungary', rate: 5, kind: 'super', validFrom: today },
      { country: 'Hungary', rate: 5, kind: 'reduced', validFrom: today, validTo: '2000-01-01' },
    ])
      expect((await admin.post('/api/settings/vatrates', bad)).status).toBe(400)
    expect(
      (
        await c.api.post('/api/settings/vatrates', {
          country: 'Czech',
          rate: 1,
          kind: 'standard',
          validFrom: today,
        })
      ).status,
    ).toBe(403)
  })

  it('finance records the rate of a day (replacing that day’s); an issue takes the latest on or before its tax date', async () => {
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    const body = { currency: 'USD', target: 'CZK', day: today, rate: 22.5 }
    expect((await finance.post('/api/settings/exchangerates', body)).status).toBe(201)
    const replaced = await finance.post('/api/settings/exchangerates', { ...body, rate: 22.75 })
    expect(replaced.body).toEqual({ ...body, rate: 22.75 })
    const listed = await finance.get('/api/settings/exchangerates', { currency: 'USD' })
    expect(listed.body).toEqual([{ ...body, rate: 22.75 }])
    for (const bad of [
      { ...body, rate: 0 },
      { ...body, rate: 1.1234567 },
      { ...body, target: 'EUR' },
      { ...body, currency: 'XXY' },
    ])
      expect((await finance.post('/api/settings/exchangerates', bad)).status).toBe(400)
    expect((await d.operator.get('/api/settings/exchangerates')).status).toBe(403)
  })
})
