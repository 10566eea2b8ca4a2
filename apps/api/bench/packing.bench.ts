import { caller, demoToken, ms, onEmbeddedDemo, summary } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

const ORDERS = 80
const PRODUCTS = 10

interface Session {
  order: { _id: string; internalNumericId: number }
  lines: { sku: string; barcode: string; quantity: number; packed: number }[]
  complete: boolean
}

/**
 * On the embedded database with the demo: 80 orders of eshop1 (two or three lines, up to 3 units each) packed
 * one after the other at a station as a packer works: open by the slip's code, one scan per unit (half by
 * barcode, half by SKU), one wrong item refused per order, then Packed; each answer timed.
 */
async function measure(url: string) {
  const token = await demoToken(url, 'operator')
  const operator = caller(url, token)
  const eshop = caller(url, await demoToken(url, 'eshop1'))
  const warehouses = await operator<{ _id: string; name: string }[]>('GET', '/warehouse')
  const warehouse = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  const tag = `K${Date.now().toString(36).slice(-5).toUpperCase()}`
  const products: { id: string; sku: string }[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const sku = `${tag}-P${i}`
    const product = await eshop<{ _id: string; businessclient: { _id: string } }>('POST', '/products', {
      name: `Packing bench ${i}`,
      codes: { sku, barcode: `858${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(4, '0')}` },
    })
    const inbound = await operator<{ _id: string }>('POST', '/shipments/inbound/create', {
      warehouse,
      businessclient: product.businessclient._id,
    })
    await operator('POST', `/shipments/inbound/${inbound._id}/goodsreceived`, { sku, quantity: 500 })
    products.push({ id: product._id, sku })
  }
  const numbers: number[] = []
  for (let i = 0; i < ORDERS; i++) {
    const lines = 2 + (i % 2)
    const items = Array.from({ length: lines }, (_, j) => ({
      product: products[(i + j * 3) % PRODUCTS]!.id,
      quantity: 1 + ((i + j) % 3),
      price: 10,
    }))
    const order = await eshop<{ internalNumericId: number; status: string }>('POST', '/orders/create/new', {
      clientOrderNr: `${tag}-${i}`,
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '1', postcode: '602 00' },
      items,
    })
    if (order.status !== 'Order Ready for picking') throw new Error(`order ${i} is ${order.status}`)
    numbers.push(order.internalNumericId)
  }

  const opens: number[] = []
  const scans: number[] = []
  const wrongs: number[] = []
  const packs: number[] = []
  const wrongItem = async (id: string) => {
    const t = performance.now()
    const res = await fetch(`${url}/api/packing/${id}/scan`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: '4006381333931' }),
    })
    await res.text()
    if (res.status !== 400) throw new Error(`a wrong item → ${res.status}`)
    wrongs.push(performance.now() - t)
  }
  for (const number of numbers) {
    let t = performance.now()
    const session = await operator<Session>('POST', '/packing/open', { code: `O-${number}` })
    opens.push(performance.now() - t)
    const id = session.order._id
    let unit = 0
    for (const line of session.lines) {
      for (let k = 0; k < line.quantity; k++) {
        t = performance.now()
        await operator('POST', `/packing/${id}/scan`, {
          code: unit++ % 2 && line.barcode ? line.barcode : line.sku,
        })
        scans.push(performance.now() - t)
      }
      if (line === session.lines[0]) await wrongItem(id)
    }
    t = performance.now()
    await operator('POST', `/packing/${id}/packed`, { weight: 800, parcels: 1 })
    packs.push(performance.now() - t)
  }
  const s = summary(scans)
  const w = summary(wrongs)
  const o = summary(opens)
  const p = summary(packs)
  row(`Open an order by its slip (${opens.length} sequential)`, `p50 ${ms(o.p50)}, p95 ${ms(o.p95)}`)
  row(
    `Scan an item into the box (${scans.length} sequential)`,
    `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}`,
    '≤ 100 ms',
  )
  row(`A wrong item refused (${wrongs.length})`, `p50 ${ms(w.p50)}, p95 ${ms(w.p95)}`, '≤ 100 ms')
  row(`Packed: status, weight, parcels, log (${packs.length})`, `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`)
}

/** Scan-to-pack: a packing station's scan answers on the embedded database at the demo's size. */
export async function packingBench(): Promise<string> {
  rows.length = 0
  return onEmbeddedDemo('packing', 'Scan-to-pack (embedded PGlite, demo data)', async (url) => {
    await measure(url)
    return rows
  })
}
