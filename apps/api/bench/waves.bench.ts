import { caller, demoToken, ms, onEmbeddedDemo, summary } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

const ORDERS = 500
const PRODUCTS = 20
const PICKS = 200

/**
 * On the embedded database with the demo: 500 orders of eshop1 (one or two products each, stock put away over
 * 20 locations) released into one wave by hand with its pick list PDF, then the picker's scans (claim the next
 * line, pick it) answered one after the other.
 */
async function measure(url: string) {
  const operator = caller(url, await demoToken(url, 'operator'))
  const eshop = caller(url, await demoToken(url, 'eshop1'))
  const warehouses = await operator<{ _id: string; name: string }[]>('GET', '/warehouse')
  const warehouse = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  const zone = `B${Date.now().toString(36).slice(-5).toUpperCase()}`
  await operator('POST', '/locations/bulk', {
    warehouse,
    zone,
    aisles: { from: 1, to: 2 },
    racks: { from: 1, to: 10 },
    levels: { from: 1, to: 1 },
  })
  const locations = await operator<{ list: { code: string }[] }>(
    'GET',
    `/locations?warehouse=${warehouse}&search=${zone}&itemsPerPage=100`,
  )
  const products: { id: string; sku: string }[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const sku = `${zone}-P${i}`
    const product = await eshop<{ _id: string; businessclient: { _id: string } }>('POST', '/products', {
      name: `Wave bench ${i}`,
      codes: { sku, barcode: `859${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(4, '0')}` },
    })
    const inbound = await operator<{ _id: string }>('POST', '/shipments/inbound/create', {
      warehouse,
      businessclient: product.businessclient._id,
    })
    await operator('POST', `/shipments/inbound/${inbound._id}/goodsreceived`, { sku, quantity: 200 })
    await operator('POST', '/locations/putaway', {
      warehouse,
      to: locations.list[i % locations.list.length]!.code,
      barcode: sku,
      quantity: 200,
    })
    products.push({ id: product._id, sku })
  }
  const ids: string[] = []
  for (let i = 0; i < ORDERS; i++) {
    const items = [{ product: products[i % PRODUCTS]!.id, quantity: 1, price: 10 }]
    if (i % 3 === 0) items.push({ product: products[(i * 7 + 3) % PRODUCTS]!.id, quantity: 2, price: 10 })
    const order = await eshop<{ _id: string; status: string }>('POST', '/orders/create/new', {
      clientOrderNr: `${zone}-${i}`,
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '1', postcode: '602 00' },
      items,
    })
    if (order.status !== 'Order Ready for picking') throw new Error(`order ${i} is ${order.status}`)
    ids.push(order._id)
  }

  const started = performance.now()
  const released = await operator<{ wave: { _id: string; lines: number; units: number } }>('POST', '/waves', {
    warehouse,
    orders: ids,
  })
  const releaseMs = performance.now() - started
  // The PDF threads start with the process's first document (app.ts: no memory held before): timed once as
  // that first document, then as the pick list of a running server.
  const token = await demoToken(url, 'operator')
  const pickList = async () => {
    const t = performance.now()
    const bytes = await fetch(`${url}/api/waves/${released.wave._id}/picklist`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.arrayBuffer())
    return { ms: performance.now() - t, bytes: bytes.byteLength }
  }
  const first = await pickList()
  const pdf = await pickList()
  row(
    `Release ${ORDERS} orders into a wave (${released.wave.lines} lines, ${released.wave.units} units)`,
    ms(releaseMs),
  )
  row(`Its pick list PDF as the process's first document (its PDF thread starting)`, ms(first.ms))
  row(`Its pick list PDF (${Math.round(pdf.bytes / 1024)} KB)`, ms(pdf.ms))
  row('Release + pick list PDF', ms(releaseMs + pdf.ms), '≤ 2 s')

  const nexts: number[] = []
  const picks: number[] = []
  for (let i = 0; i < PICKS; i++) {
    let t = performance.now()
    const next = await operator<{
      line: { _id: string; location: { code: string }; sku: string; quantity: number; picked: number } | null
    }>('POST', `/waves/${released.wave._id}/next`)
    nexts.push(performance.now() - t)
    const line = next.line
    if (!line) break
    t = performance.now()
    await operator('POST', `/waves/${released.wave._id}/lines/${line._id}/pick`, {
      location: line.location.code,
      barcode: line.sku,
      quantity: line.quantity - line.picked,
    })
    picks.push(performance.now() - t)
  }
  const n = summary(nexts)
  const p = summary(picks)
  row(
    `Next line for the picker (${nexts.length} sequential)`,
    `p50 ${ms(n.p50)}, p95 ${ms(n.p95)}`,
    '≤ 100 ms',
  )
  row(
    `Pick scan: location + product + quantity checked, moved to packing (${picks.length})`,
    `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`,
    '≤ 100 ms',
  )
}

/** Waves: a release of 500 orders with its pick list, and the picker's scan answers, on the embedded database. */
export async function wavesBench(): Promise<string> {
  rows.length = 0
  return onEmbeddedDemo('waves', 'Waves and picking (embedded PGlite, demo data)', async (url) => {
    await measure(url)
    return rows
  })
}
