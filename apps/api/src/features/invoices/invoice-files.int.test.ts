import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { shipTo } from '../../../test/order-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'

let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>
const today = new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
})
afterAll(() => t?.close())

/** GET as `token`, the raw bytes. */
async function file(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() }
}

describe('GET /api/invoices/{id}/pdf', () => {
  it('answers the issued invoice as a PDF with its number, parties, lines and the Czech labels', async () => {
    const c = await d.client()
    const inv = await d.issued(c)
    const res = await file(c.token, `/api/invoices/${inv._id}/pdf`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.sequenceNumber}.pdf"`)
    const text = pdfText(res.bytes).replace(/[ \t]+/g, ' ')
    for (const probe of [inv.sequenceNumber, c.client.name, 'Jiří Dvořák', 'Doprava', 'CZ27082440', '401,50'])
      expect(text).toContain(probe)
    expect(text).not.toContain('PROFORMA')
  })

  it('prints a draft as PROFORMA, and a credit note with the invoice it corrects', async () => {
    const c = await d.client()
    const draft = await d.draft(c)
    expect(pdfText((await file(c.token, `/api/invoices/${draft._id}/pdf`)).bytes)).toContain('PROFORMA')
    const inv = await d.issued(c)
    const note = (await c.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })).body
    const text = pdfText((await file(c.token, `/api/invoices/${note._id}/pdf`)).bytes)
    expect(text).toContain(note.sequenceNumber)
    expect(text).toContain(inv.sequenceNumber)
  })

  it('prints the shipping address as its own block only when it differs from the customer’s address', async () => {
    const c = await d.client()
    const seat = {
      country: 'Czech',
      city: 'Praha',
      street: 'Vinohradská',
      streetNr: '12',
      postcode: '120 00',
    }
    const client = {
      firstName: 'Jiří',
      lastName: 'Dvořák',
      companyName: 'Dvořák a syn s.r.o.',
      isCompany: true,
    }
    const elsewhere = await d.issued(c, { shipTo: { ...shipTo, client: { ...client, ...seat } } })
    const text = pdfText((await file(c.token, `/api/invoices/${elsewhere._id}/pdf`)).bytes).replace(
      /[ \t]+/g,
      ' ',
    )
    expect(text).toContain('Dodací adresa')
    expect(text).toContain('Vinohradská 12') // the customer's seat
    expect(text).toContain('Údolní 53') // where the goods went
    const same = await d.issued(c, { shipTo: { ...shipTo, client: { ...client, ...shipTo } } })
    const plain = pdfText((await file(c.token, `/api/invoices/${same._id}/pdf`)).bytes).replace(
      /[ \t]+/g,
      ' ',
    )
    expect(plain).toContain('Údolní 53')
    expect(plain).not.toContain('Dodací adresa')
    // Payment method and country in the document's language, never the stored English words.
    expect(plain).toContain('Způsob úhrady: Dobírka')
    expect(plain).toContain('Česko')
    expect(plain).not.toMatch(/\bCOD\b|\bCzech\b/)
    // A customer established in Bulgaria: the document, its shipping line included, is in Bulgarian.
    const sofia = { country: 'Bulgaria', city: 'София', street: 'ул. Шипка', streetNr: '6', postcode: '1504' }
    const abroad = await d.issued(c, { shipTo: { ...shipTo, client: { ...client, ...sofia } } })
    const bg = pdfText((await file(c.token, `/api/invoices/${abroad._id}/pdf`)).bytes).replace(/[ \t]+/g, ' ')
    for (const probe of [
      'Адрес за доставка',
      'ул. Шипка 6',
      'България',
      'Чехия',
      'Доставка',
      'Наложен платеж',
    ])
      expect(bg).toContain(probe)
    expect(bg).not.toMatch(/\bDoprava\b/)
  })

  it('answers 404 for another client’s document', async () => {
    const inv = await d.issued(await d.client())
    const other = await d.client()
    expect((await file(other.token, `/api/invoices/${inv._id}/pdf`)).status).toBe(404)
    expect((await file(other.token, `/api/invoices/${inv._id}/isdoc`)).status).toBe(404)
  })
})

describe('GET /api/invoices/{id}/isdoc', () => {
  it('answers ISDOC 6.0.2 that the official schema accepts for an invoice and a credit note; 409 for a draft', async () => {
    const xmllint = ensureDebianTool('xmllint', 'libxml2-utils')
    const xsd = path.resolve(import.meta.dirname, '../../../test/fixtures/isdoc/isdoc-invoice-6.0.2.xsd')
    const c = await d.client()
    const inv = await d.issued(c)
    const note = (await c.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })).body
    const dir = mkdtempSync(path.join(tmpdir(), 'expedo-isdoc-'))
    for (const doc of [inv, note]) {
      const res = await file(c.token, `/api/invoices/${doc._id}/isdoc`)
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toContain('application/xml')
      const xml = res.bytes.toString('utf8')
      expect(xml).toContain(`<ID>${doc.sequenceNumber}</ID>`)
      const target = path.join(dir, `${doc._id}.isdoc`)
      writeFileSync(target, xml)
      const checked = spawnSync(xmllint, ['--noout', '--schema', xsd, target], { encoding: 'utf8' })
      expect(checked.stderr).toContain('validates')
      expect(checked.status).toBe(0)
    }
    const draft = await d.draft(c)
    expect((await file(c.token, `/api/invoices/${draft._id}/isdoc`)).status).toBe(409)
  })
})

describe('GET /api/invoices/zip', () => {
  it('streams the period’s issued documents as one ZIP of PDFs; an empty period is a 404', async () => {
    const c = await d.client()
    const a = await d.issued(c)
    const b = await d.issued(c)
    await d.draft(c)
    const note = (await c.api.post(`/api/invoices/${a._id}/creditnote`, { reason: 'Returned goods' })).body
    const res = await file(c.token, `/api/invoices/zip?dateFrom=${today}&dateTo=${today}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const zip = await JSZip.loadAsync(res.bytes)
    const names = Object.keys(zip.files).sort()
    expect(names).toEqual([a, b, note].map((x) => `${x.sequenceNumber}.pdf`).sort())
    const pdf = await zip.file(`${b.sequenceNumber}.pdf`)!.async('nodebuffer')
    expect(pdfText(pdf)).toContain(b.sequenceNumber)
    const empty = await file(c.token, '/api/invoices/zip?dateFrom=2001-01-01&dateTo=2001-01-31')
    expect(empty.status).toBe(404)
    expect(empty.json().message).toBe('No objects were found for export')
    const bad = await file(c.token, '/api/invoices/zip?dateFrom=2001-01-01')
    expect(bad.status).toBe(400)
  })
})
