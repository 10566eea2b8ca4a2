import type { ChangeLogEntry } from '@expedo/domain'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../platform/db/database.ts'
import {
  businessClientBankAccounts,
  businessClientCompanyIds,
  businessClientContacts,
  businessClients,
  changeLogColumns,
  couriers,
  orderChangeLogs,
  orderItems,
  orders,
  warehouses,
} from '../schema/index.ts'

const DAY_MS = 86_400_000

/** The Bulgarian demo client's delivered orders: customer, address, lines (name, SKU, quantity, line price). */
const sales = [
  {
    first: 'Йордан',
    last: 'Щерев',
    city: 'Варна',
    postcode: '9000',
    street: 'бул. Цар Освободител',
    nr: '15',
  },
  { first: 'Мария', last: 'Петрова', city: 'Пловдив', postcode: '4000', street: 'ул. Главна', nr: '32' },
  { first: 'Георги', last: 'Иванов', city: 'София', postcode: '1000', street: 'ул. Граф Игнатиев', nr: '8' },
  {
    first: 'Елена',
    last: 'Димитрова',
    city: 'Бургас',
    postcode: '8000',
    street: 'ул. Александровска',
    nr: '41',
  },
  { first: 'Николай', last: 'Стоянов', city: 'Русе', postcode: '7000', street: 'ул. Борисова', nr: '3' },
  {
    first: 'Десислава',
    last: 'Колева',
    city: 'Стара Загора',
    postcode: '6000',
    street: 'бул. Руски',
    nr: '27',
  },
  { first: 'Иван', last: 'Тодоров', city: 'Плевен', postcode: '5800', street: 'ул. Васил Левски', nr: '12' },
  { first: 'Радост', last: 'Николова', city: 'Варна', postcode: '9002', street: 'ул. Драгоман', nr: '5' },
]
const goods = [
  { sku: 'BG-HONEY-1', name: 'Липов мед 900 г', price: 14.9 },
  { sku: 'BG-ROSE-2', name: 'Розово масло 10 мл', price: 32.5 },
  { sku: 'BG-TEA-3', name: 'Планински чай', price: 6.8 },
]

/** The story of each order: created, then through the warehouse to the customer (hours after creation). */
const story: [ChangeLogEntry, number][] = [
  [{ event: 'created', params: { status: 'New' } }, 0],
  [{ event: 'statusChanged', params: { from: 'New', to: 'Order Ready for picking', stock: 'blocked' } }, 1],
  [{ event: 'statusChanged', params: { from: 'Order Ready for picking', to: 'Product Picking' } }, 20],
  [{ event: 'statusChanged', params: { from: 'Product Picking', to: 'Packed' } }, 22],
  [{ event: 'statusChanged', params: { from: 'Packed', to: 'Shipping' } }, 26],
  [{ event: 'statusChanged', params: { from: 'Shipping', to: 'Delivered' } }, 50],
]
const HOUR_MS = 3_600_000

/**
 * A Bulgarian business client (Sofia, ЕИК and ДДС №, an EUR account) with eight orders delivered from the
 * Sofia warehouse to Bulgarian customers, 115 to 94 days ago: the invoices seed gives them their invoices
 * and a credit note, so the demo shows a Bulgarian issuer's documents (10-digit numbers, ФАКТУРА /
 * КРЕДИТНО ИЗВЕСТИЕ). Run before the demo orders, so its older orders take the lower internal numbers; older
 * than the 90 days of services, so it is billed nothing. Fixed days before `now`, no draw: the same on every
 * fresh database. Answers the client's id.
 */
export async function seedBulgarianClient(tx: Tx, now = new Date()): Promise<string> {
  const [client] = await tx
    .insert(businessClients)
    .values({
      name: 'Балкан Дом ЕООД',
      addressCountry: 'Bulgaria',
      addressCity: 'София',
      addressStreet: 'ул. Шипка',
      addressStreetNr: '6',
      addressPostcode: '1504',
      addressRegion: 'София-град',
    })
    .returning({ id: businessClients.id })
  const businessclientId = client!.id
  await tx.insert(businessClientContacts).values({
    businessclientId,
    name: 'Петя Георгиева',
    email: 'petya@balkandom.bg',
    phone: '+359 888 123 456',
    position: 'Управител',
  })
  await tx.insert(businessClientBankAccounts).values({
    businessclientId,
    bankname: 'Българска народна банка',
    currency: 'EUR',
    accountNr: '',
    bankCode: '',
    iban: 'BG80BNBG96611020345678',
    swift: 'BNBGBGSF',
    addressCity: 'София',
    addressCountry: 'Bulgaria',
  })
  // ЕИК 204123454 (its check digit holds) and ДДС № BG + ЕИК.
  await tx
    .insert(businessClientCompanyIds)
    .values({ businessclientId, country: 'Bulgaria', coid: '204123454', taxid: 'BG204123454' })

  const [sofia] = await tx.select().from(warehouses).where(eq(warehouses.country, 'Bulgaria'))
  const [speedy] = await tx.select().from(couriers).where(eq(couriers.name, 'Speedy'))
  for (const [n, s] of sales.entries()) {
    const at = new Date(now.getTime() - (115 - 3 * n) * DAY_MS)
    const delivered = new Date(at.getTime() + story.at(-1)![1] * HOUR_MS)
    const lines = [goods[n % 3]!, goods[(n + 1) % 3]!].map((g, k) => ({ ...g, quantity: 1 + ((n + k) % 2) }))
    const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
    const cod = n % 2 === 0
    // The courier collects the goods and the shipping (seed/orders.ts: COD = goods + shipping).
    const shipping = 3.5
    const collected = Math.round((total + shipping) * 100) / 100
    const [order] = await tx
      .insert(orders)
      .values({
        businessclientId,
        clientOrderNr: `BD-${1001 + n}`,
        status: 'Delivered',
        shipToCountry: 'Bulgaria',
        shipToCity: s.city,
        shipToStreet: s.street,
        shipToStreetNr: s.nr,
        shipToPostcode: s.postcode,
        shipToPhone: `+359 88${n} 400 ${100 + n}`,
        shipToClient: {
          firstName: s.first,
          lastName: s.last,
          email: `customer${n + 1}@example.bg`,
          isCompany: false,
          companyName: '',
          taxId: '',
          nr_reg_com: '',
          phone: '',
          country: 'Bulgaria',
          province: '',
          city: s.city,
          street: '',
          streetNr: '',
          postcode: '',
        },
        paymentType: cod ? 'COD' : 'Paid Online',
        paymentStatus: 'paid',
        paymentTotal: Math.round(total * 100) / 100,
        codApply: cod,
        codAmount: cod ? collected : 0,
        codAmountInit: cod ? collected : 0,
        shippingCost: shipping,
        warehouseId: sofia?.id ?? null,
        courierId: speedy?.id ?? null,
        trackingId: `61${String(40_000_000 + n * 7919).padStart(10, '0')}`,
        trackingUrl: `https://www.speedy.bg/bg/track-shipment?shipmentNumber=61${String(40_000_000 + n * 7919).padStart(10, '0')}`,
        deliveryDate: delivered.toISOString().slice(0, 10),
        createdAt: at,
        updatedAt: delivered,
      })
      .returning({ id: orders.id })
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        price: Math.round(l.price * l.quantity * 100) / 100,
      })),
    )
    await tx.insert(orderChangeLogs).values(
      story.map(([entry, hours]) => ({
        orderId: order!.id,
        ...changeLogColumns(entry),
        username: entry.event === 'created' ? 'eshop import' : 'operator',
        at: new Date(at.getTime() + hours * HOUR_MS),
      })),
    )
  }
  return businessclientId
}
