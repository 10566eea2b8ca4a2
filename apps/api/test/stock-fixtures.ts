import ExcelJS from 'exceljs'
import { products } from '../src/db/schema/index.ts'
import type { TestApi, TestApp } from './app.ts'
import { uploadRequest } from './multipart.ts'

/** A product row of a business client (the catalogue's own factory may differ; stock needs only these). */
export async function productFor(
  t: TestApp,
  businessclientId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(products)
    .values({
      businessclientId,
      name: t.factory.unique('Product'),
      sku: t.factory.unique('SKU'),
      barcode: '8590000000001',
      ...overrides,
    })
    .returning()
  return row!
}

/** An operator's API and the warehouse / supplier it receives into. */
export async function receivingDesk(t: TestApp) {
  const { api, user, token } = await t.userWithToken({ roles: ['operator'] })
  const warehouse = await t.factory.warehouse()
  const seller = await t.factory.company()
  return { api, user, token, warehouse, seller }
}

/** Creates a shipment as `api` (an operator) and answers its id. */
export async function createShipment(
  api: TestApi,
  values: { warehouse: string; businessclient: string; seller?: string; photos?: string[] },
) {
  const res = await api.post('/api/shipments/inbound/create', {
    transporter: 'PPL',
    nrOfPacks: 2,
    weightKg: 12.5,
    volume: 0.2,
    comment: 'Two pallets',
    ...values,
  })
  if (res.status !== 201) throw new Error(`create shipment → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body._id as string
}

export async function receiveLine(
  api: TestApi,
  shipmentId: string,
  line: {
    sku: string
    quantity: number
    quantity_damaged?: number
    description?: string
    inhouse_position?: string
  },
) {
  const res = await api.post(`/api/shipments/inbound/${shipmentId}/goodsreceived`, line)
  if (res.status !== 201) throw new Error(`receive → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** Uploads and registers a PNG as `api`'s user; answers the file id. */
export async function photoOf(api: TestApi, destination = 'inbound') {
  const upload = await api.request(uploadRequest(destination, 'pallet.png'))
  if (upload.status !== 201) throw new Error(`upload → ${upload.status}`)
  const file = await api.post('/api/files/create', { key: upload.body.key })
  return file.body._id as string
}

/**
 * POSTs `payload` (or GETs `url` when there is none) as the holder of `token` and reads the .xlsx answer back
 * with exceljs: rows of cell values, header first.
 */
export async function readXlsx(t: TestApp, token: string, url: string, payload?: unknown) {
  const res = await t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}` },
  })
  const workbook = new ExcelJS.Workbook()
  if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: unknown[][] = []
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { status: res.statusCode, headers: res.headers, rows }
}
