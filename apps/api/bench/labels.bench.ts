import { caller, demoToken, ms, onEmbeddedDemo } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

/** Labels created in one run (the bulk status change takes at most 1,000 orders). */
const LABELS = 1000

interface LabelState {
  status: string
  trackingId: string
}

/**
 * On the embedded database with the demo (its Packeta fake started by the server as for the demo): 1,000
 * orders of eshop1 for Zásilkovna moved to Packed in one bulk change; every label job runs against the
 * fake; timed from the Packed answer until no label is `requested`. Every label must be created, and the
 * tracking numbers distinct (no label made twice).
 */
async function measure(url: string) {
  const operator = caller(url, await demoToken(url, 'operator'))
  const eshop = caller(url, await demoToken(url, 'eshop1'))
  const warehouses = await operator<{ _id: string; name: string }[]>('GET', '/warehouse')
  const warehouse = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  const couriers = await operator<{ _id: string; name: string; country: string }[]>('GET', '/couriers')
  const zasilkovna = couriers.find((c) => c.name === 'Zásilkovna' && c.country === 'Czech')!._id
  const tag = `L${Date.now().toString(36).slice(-5).toUpperCase()}`
  const sku = `${tag}-P`
  const product = await eshop<{ _id: string; businessclient: { _id: string } }>('POST', '/products', {
    name: 'Labels bench',
    codes: { sku },
  })
  const inbound = await operator<{ _id: string }>('POST', '/shipments/inbound/create', {
    warehouse,
    businessclient: product.businessclient._id,
  })
  await operator('POST', `/shipments/inbound/${inbound._id}/goodsreceived`, { sku, quantity: LABELS })

  const ids: string[] = []
  for (let i = 0; i < LABELS; i++) {
    const order = await eshop<{ _id: string; status: string }>('POST', '/orders/create/new', {
      clientOrderNr: `${tag}-${i}`,
      shipTo: {
        country: 'Czech',
        city: 'Brno',
        street: 'Údolní',
        streetNr: String(1 + (i % 90)),
        postcode: '602 00',
        phone: '+420777123456',
        client: { firstName: 'Jana', lastName: `Bench ${i}`, email: 'jana@example.test' },
      },
      items: [{ product: product._id, quantity: 1, price: 10 }],
    })
    if (order.status !== 'Order Ready for picking') throw new Error(`order ${i} is ${order.status}`)
    ids.push(order._id)
  }
  await operator('PUT', '/orders', { orders: ids, courier: zasilkovna })
  await operator('PUT', '/orders', { orders: ids, status: 'Product Picking' })

  const started = performance.now()
  await operator('PUT', '/orders', { orders: ids, status: 'Packed' })
  const packedMs = performance.now() - started
  let states: LabelState[] = []
  for (;;) {
    states = []
    for (const id of ids) states.push(await operator<LabelState>('GET', `/orders/${id}/label`))
    if (!states.some((s) => s.status === 'requested')) break
    if (performance.now() - started > 30 * 60_000) throw new Error('labels still requested after 30 minutes')
    await new Promise((r) => setTimeout(r, 2000))
  }
  const elapsed = performance.now() - started
  const created = states.filter((s) => s.status === 'created')
  const distinct = new Set(created.map((s) => s.trackingId)).size
  if (created.length !== LABELS) throw new Error(`${LABELS - created.length} labels not created`)
  if (distinct !== LABELS) throw new Error(`${LABELS - distinct} tracking numbers given twice`)
  row(`${LABELS} orders to Packed in one bulk change (labels asked for)`, ms(packedMs))
  row(
    `${LABELS} labels created through the Packeta fake (Packed → none requested)`,
    `${(elapsed / 1000).toFixed(1)} s, ${((LABELS * 1000) / elapsed).toFixed(1)} labels/s`,
  )
  row('Distinct tracking numbers', `${distinct} of ${created.length}`, `= ${LABELS}`)

  // The van takes them: one handover of every ready Zásilkovna parcel of the warehouse (these and the demo's),
  // its manifest, and the confirmation that moves them all Packed → Shipping in one transaction.
  const t0 = performance.now()
  const detail = await operator<{ handover: { _id: string; orders: number } }>('POST', '/handovers', {
    warehouse,
    courier: zasilkovna,
  })
  const createMs = performance.now() - t0
  const { _id: handover, orders } = detail.handover
  if (orders < LABELS) throw new Error(`the handover took ${orders} orders, not ${LABELS}`)
  const t1 = performance.now()
  const pdf = await fetch(`${url}/api/handovers/${handover}/manifest`, {
    headers: { authorization: `Bearer ${await demoToken(url, 'operator')}` },
  })
  const bytes = (await pdf.arrayBuffer()).byteLength
  if (!pdf.ok || bytes < 10_000) throw new Error(`manifest → ${pdf.status}, ${bytes} bytes`)
  const manifestMs = performance.now() - t1
  const t2 = performance.now()
  const confirmed = await operator<{ shipped: number }>('POST', `/handovers/${handover}/confirm`, {
    driverName: 'Bench Driver',
  })
  const confirmMs = performance.now() - t2
  if (confirmed.shipped !== orders) throw new Error(`${orders - confirmed.shipped} orders not shipped`)
  row(`A handover of ${orders} ready parcels (POST /handovers)`, ms(createMs))
  row(`Its manifest PDF (${orders} rows, ${Math.round(bytes / 1024)} KB)`, ms(manifestMs))
  row(
    `Its confirmation: ${orders} orders Packed → Shipping in one transaction`,
    ms(confirmMs),
    "< 30 s (a write's deadline)",
  )
}

/**
 * Courier labels: 1,000 label creations against the Packeta fake on the embedded database, none twice; then
 * their handover (issue 25): made, its manifest printed and confirmed.
 */
export async function labelsBench(): Promise<string> {
  rows.length = 0
  return onEmbeddedDemo(
    'labels',
    'Courier labels (embedded PGlite, demo data, Packeta fake)',
    async (url) => {
      await measure(url)
      return rows
    },
  )
}
