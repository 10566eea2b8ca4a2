import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import { bulkLocations } from '../../../test/location-fixtures.ts'
import { pdfInfo, pdfPageBarcodes, pdfText } from '../../../test/pdf-tools.ts'

let t: TestApp
let op: TestApi
let token: string
let warehouse: { id: string; name: string }

beforeAll(async () => {
  t = await createTestApp()
  const desk = await t.userWithToken({ roles: ['operator'] })
  op = desk.api
  token = desk.token
  warehouse = await t.factory.warehouse({ name: 'Sklad Brno' })
  // 2 aisles × 5 racks × 3 levels = 30 storage locations and the receiving and packing ones: one full A4 sheet
  // of 24 and a second one.
  await bulkLocations(op, warehouse.id, { zone: 'A', aisles: [1, 2], racks: [1, 5], levels: [1, 3] })
})
afterAll(() => t?.close())

const labels = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/locations/labels?warehouse=${warehouse.id}&${query}`,
    headers: { authorization: `Bearer ${token}` },
  })

describe('GET /api/locations/labels', () => {
  it('prints an A4 sheet of 3 × 8 labels whose Code 128 barcodes scan back as the codes', async () => {
    const res = await labels('format=a4')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = res.rawPayload
    const info = pdfInfo(pdf)
    expect(info.Pages).toBe('2')
    expect(info['Page size']).toMatch(/^595\.2\d+ x 841\.89 pts \(A4\)/)
    // Packing and receiving first (pick order 0), then the pick path: the first 24 of the list on the first sheet.
    const list = await op.get(`/api/locations?warehouse=${warehouse.id}&itemsPerPage=24`)
    const codes = list.body.list.map((l: { code: string }) => `CODE-128:${l.code}`)
    expect(codes.slice(0, 3)).toEqual(['CODE-128:PACKING', 'CODE-128:RECEIVING', 'CODE-128:A-01-01-1'])
    // zbarimg reports in its own scan order, not the sheet's.
    expect(pdfPageBarcodes(pdf, 1).sort()).toEqual(codes.sort())
    expect(pdfPageBarcodes(pdf, 2)).toHaveLength(8)
    expect(pdfText(pdf, 1)).toContain('A-01-01-1')
    expect(pdfText(pdf, 1)).toContain('Sklad Brno')
  })

  it('prints one 100 × 150 mm thermal label per location, only the chosen ones', async () => {
    const list = await op.get(`/api/locations?warehouse=${warehouse.id}&search=A-02-05`)
    const ids = list.body.list.map((l: { _id: string }) => l._id)
    expect(ids).toHaveLength(3)
    const res = await labels(`format=thermal&ids=${ids.join(',')}`)
    expect(res.statusCode).toBe(200)
    const info = pdfInfo(res.rawPayload)
    expect(info.Pages).toBe('3')
    expect(info['Page size']).toMatch(/^283\.46\d* x 425\.\d+ pts/)
    expect(pdfPageBarcodes(res.rawPayload, 1)).toEqual(['CODE-128:A-02-05-1'])
    expect(pdfPageBarcodes(res.rawPayload, 3)).toEqual(['CODE-128:A-02-05-3'])
  })

  it('is refused to a client (403) and for an unknown warehouse (400)', async () => {
    const c = await t.tenantWithApi()
    expect((await c.api.get(`/api/locations/labels?warehouse=${warehouse.id}`)).status).toBe(403)
    const res = await op.get(`/api/locations/labels?warehouse=0190a000-0000-7000-8000-000000000000`)
    expect(res.status).toBe(400)
  })
})
