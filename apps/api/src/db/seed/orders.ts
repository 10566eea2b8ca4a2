import { type ChangeLogEntry, checkVatNumber, type OrderStatus } from '@expedo/domain'
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../platform/db/database.ts'
import {
  changeLogColumns,
  comments,
  couriers,
  eshops,
  inventoryCards,
  orderBlocks,
  orderChangeLogs,
  orderItems,
  orders,
  products,
  type ShipToClient,
  warehouses,
} from '../schema/index.ts'
import { generator } from './stock.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface SeedUser {
  id: string | null
  username: string
}

/** A float amount to the cent (the seed's prices are whole cents; sums of floats are not). */
const round2 = (n: number) => Math.round(n * 100) / 100

/** Who works on the demo orders: the warehouse operator, finance, and each business client's user. */
export interface OrderSeedUsers {
  operator: SeedUser
  finance: SeedUser
  /** The user of each business client, in the order of `clientIds`. */
  clients: SeedUser[]
}

/** How many of every 1,000 orders end in each status: most delivered or on the way, every status present. */
export const statusMix: [OrderStatus, number][] = [
  ['Delivered', 420],
  ['Shipping', 120],
  ['Order Ready for picking', 80],
  ['COD WAITING', 60],
  ['No goods', 50],
  ['New', 40],
  ['Canceled', 40],
  ['Packed', 35],
  ['Product Picking', 35],
  ['Draft', 25],
  ['Not shipped', 25],
  ['Error', 20],
  ['In progress', 20],
  ['Client editing', 15],
  ['Validated', 15],
]

/**
 * Statuses whose orders hold stock in the seed (order_blocks and blocked on the cards): allocated and not yet
 * shipped. In progress is label creation on a packed order, so its goods are still on the shelf.
 */
const holdingStock = new Set<OrderStatus>([
  'Order Ready for picking',
  'Product Picking',
  'Packed',
  'In progress',
])

const warehouseFlow: OrderStatus[] = ['New', 'Order Ready for picking', 'Product Picking', 'Packed']

/** The statuses an order went through, from the one it was created in to `status`. */
function pathTo(status: OrderStatus, cod: boolean, rnd: ReturnType<typeof generator>): OrderStatus[] {
  switch (status) {
    case 'New':
    case 'Client editing':
      return [status]
    case 'Draft':
      return rnd.next() < 0.5 ? ['Draft'] : ['New', 'Draft']
    case 'Validated':
      return ['Draft', 'Validated']
    case 'No goods':
    case 'Error':
      return ['New', status]
    case 'Order Ready for picking':
    case 'Product Picking':
    case 'Packed':
      return warehouseFlow.slice(0, warehouseFlow.indexOf(status) + 1)
    case 'In progress':
      return [...warehouseFlow, 'In progress']
    case 'Shipping':
      return [...warehouseFlow, 'Shipping']
    case 'COD WAITING':
    case 'Not shipped':
      return [...warehouseFlow, 'Shipping', status]
    case 'Delivered':
      return [...warehouseFlow, 'Shipping', ...(cod ? (['COD WAITING'] as const) : []), 'Delivered']
    case 'Canceled':
      return rnd.next() < 0.5 ? ['New', 'Order Ready for picking', 'Canceled'] : ['New', 'Canceled']
  }
}

/** Hours from the previous status to this one: allocation is immediate, couriers take days. */
function hoursBefore(status: OrderStatus, previous: OrderStatus, rnd: ReturnType<typeof generator>): number {
  if (status === 'Order Ready for picking' || status === 'No goods' || status === 'Error')
    return rnd.int(1, 5) / 60
  if (status === 'Product Picking') return rnd.int(2, 20)
  if (status === 'Packed') return rnd.int(1, 3)
  if (status === 'In progress') return rnd.int(5, 30) / 60
  if (status === 'Shipping') return rnd.int(1, 6)
  if (status === 'Delivered' && previous === 'COD WAITING') return rnd.int(5, 12) * 24
  if (status === 'Delivered' || status === 'COD WAITING' || status === 'Not shipped') return rnd.int(20, 72)
  return rnd.int(1, 30)
}

/** Days the order has rested in its last status at most: nothing waits long in the warehouse. */
const restingDays: Partial<Record<OrderStatus, number>> = {
  New: 1,
  'Order Ready for picking': 1,
  'Product Picking': 0.5,
  Packed: 0.5,
  'In progress': 0.1,
  Error: 3,
  'No goods': 14,
  'Client editing': 5,
  Shipping: 2,
  'COD WAITING': 10,
  Draft: 30,
}

interface Place {
  city: string
  province: string
  postcode: string
  streets: string[]
}

/**
 * The customer's own address: a company's seat is in another city of its country (deterministic, no draw,
 * so the rest of the seed stays as it was), so its invoice shows the shipping address as a block of its own;
 * a person's is the shipping place.
 */
function billingAddress(client: { isCompany: boolean }, country: Country, place: Place, n: number) {
  if (!client.isCompany) return { province: place.province, city: place.city }
  const seat = country.places[(country.places.indexOf(place) + 1) % country.places.length]!
  return {
    province: seat.province,
    city: seat.city,
    street: seat.streets[0]!,
    streetNr: String(1 + (n % 90)),
    postcode: seat.postcode,
  }
}

interface Country {
  name: string
  phone: string
  firstNames: string[]
  lastNames: string[]
  places: Place[]
  shippingCost: [number, number]
}

const countries: Record<string, Country> = {
  Czech: {
    name: 'Czech',
    phone: '+420 7',
    firstNames: ['Jan', 'Petra', 'Tomáš', 'Lucie', 'Martin', 'Eva', 'Jakub', 'Tereza', 'Pavel', 'Kateřina'],
    lastNames: ['Novák', 'Svobodová', 'Dvořák', 'Černá', 'Procházka', 'Kučerová', 'Veselý', 'Horáková'],
    places: [
      {
        city: 'Praha',
        province: 'Hlavní město Praha',
        postcode: '130 00',
        streets: ['Vinohradská', 'Koněvova'],
      },
      { city: 'Brno', province: 'Jihomoravský kraj', postcode: '602 00', streets: ['Lidická', 'Kounicova'] },
      { city: 'Ostrava', province: 'Moravskoslezský kraj', postcode: '702 00', streets: ['Nádražní'] },
      { city: 'Plzeň', province: 'Plzeňský kraj', postcode: '301 00', streets: ['Americká', 'Klatovská'] },
      { city: 'Olomouc', province: 'Olomoucký kraj', postcode: '779 00', streets: ['Třída Svobody'] },
    ],
    shippingCost: [79, 139],
  },
  Slovakia: {
    name: 'Slovakia',
    phone: '+421 9',
    firstNames: ['Peter', 'Zuzana', 'Michal', 'Jana', 'Marek', 'Lenka'],
    lastNames: ['Horváth', 'Kováčová', 'Varga', 'Tóthová', 'Baláž'],
    places: [
      {
        city: 'Bratislava',
        province: 'Bratislavský kraj',
        postcode: '811 01',
        streets: ['Obchodná', 'Mýtna'],
      },
      { city: 'Košice', province: 'Košický kraj', postcode: '040 01', streets: ['Hlavná', 'Štúrova'] },
      { city: 'Žilina', province: 'Žilinský kraj', postcode: '010 01', streets: ['Národná'] },
    ],
    shippingCost: [4, 7],
  },
  Romania: {
    name: 'Romania',
    phone: '+40 7',
    firstNames: ['Andrei', 'Maria', 'Ion', 'Elena', 'Mihai', 'Ioana', 'Alexandru', 'Cristina'],
    lastNames: ['Popescu', 'Ionescu', 'Popa', 'Dumitru', 'Stan', 'Stoica', 'Gheorghe'],
    places: [
      {
        city: 'București',
        province: 'București',
        postcode: '010011',
        streets: ['Calea Victoriei', 'Bd. Unirii'],
      },
      {
        city: 'Cluj-Napoca',
        province: 'Cluj',
        postcode: '400114',
        streets: ['Str. Horea', 'Calea Dorobanților'],
      },
      { city: 'Iași', province: 'Iași', postcode: '700259', streets: ['Bd. Ștefan cel Mare'] },
      { city: 'Timișoara', province: 'Timiș', postcode: '300011', streets: ['Str. Alba Iulia'] },
      { city: 'Brașov', province: 'Brașov', postcode: '500030', streets: ['Str. Republicii'] },
    ],
    shippingCost: [15, 25],
  },
  Bulgaria: {
    name: 'Bulgaria',
    phone: '+359 88',
    firstNames: ['Georgi', 'Maria', 'Ivan', 'Elena', 'Dimitar', 'Desislava'],
    lastNames: ['Ivanov', 'Petrova', 'Georgiev', 'Dimitrova', 'Nikolov'],
    places: [
      {
        city: 'Sofia',
        province: 'Sofia-grad',
        postcode: '1000',
        streets: ['bul. Vitosha', 'ul. Graf Ignatiev'],
      },
      { city: 'Plovdiv', province: 'Plovdiv', postcode: '4000', streets: ['ul. Knyaz Aleksandar I'] },
      { city: 'Varna', province: 'Varna', postcode: '9000', streets: ['bul. Slivnitsa'] },
    ],
    shippingCost: [6, 9],
  },
  Greece: {
    name: 'Greece',
    phone: '+30 69',
    firstNames: ['Giorgos', 'Maria', 'Nikos', 'Eleni', 'Kostas', 'Katerina'],
    lastNames: ['Papadopoulos', 'Georgiou', 'Nikolaou', 'Papadaki', 'Oikonomou'],
    places: [
      { city: 'Athina', province: 'Attiki', postcode: '105 57', streets: ['Ermou', 'Stadiou'] },
      { city: 'Thessaloniki', province: 'Kentriki Makedonia', postcode: '546 24', streets: ['Tsimiski'] },
      { city: 'Patra', province: 'Dytiki Ellada', postcode: '262 21', streets: ['Maizonos'] },
    ],
    shippingCost: [5, 9],
  },
}

/** Where each demo client ships to (weights), in the order of the demo clients; further clients use the last. */
const destinations: [string, number][][] = [
  [
    ['Czech', 0.72],
    ['Slovakia', 0.28],
  ],
  [
    ['Romania', 0.66],
    ['Bulgaria', 0.2],
    ['Greece', 0.14],
  ],
]

/** Office pick-up points of the regional network (api_request.to_office / office_code). */
const offices: Record<string, [string, string][]> = {
  ECONT: [
    ['Sofia – Mladost 1', '1127'],
    ['Sofia – Lozenets', '1164'],
    ['Plovdiv – Trakia', '4023'],
    ['Varna – Chayka', '9010'],
  ],
  ECONT_GR: [
    ['Athina – Kallithea', '3021'],
    ['Thessaloniki – Kalamaria', '3105'],
  ],
}

const trackingPages: Record<string, string> = {
  PPL: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=',
  Zásilkovna: 'https://tracking.packeta.com/cs/?id=',
  GLS: 'https://gls-group.com/CZ/cs/sledovani-zasilek?match=',
  DPD: 'https://tracking.dpd.de/status/sk_SK/parcel/',
  'Packeta SK': 'https://tracking.packeta.com/sk/?id=',
  'FAN Courier': 'https://www.fancourier.ro/awb-tracking/?tracking=',
  Sameday: 'https://sameday.ro/#awb=',
  ECONT: 'https://www.econt.com/services/track-shipment/',
  Speedy: 'https://www.speedy.bg/bg/track-shipment?shipmentNumber=',
  ECONT_GR: 'https://www.econt.com/services/track-shipment/',
  ACS: 'https://www.acscourier.net/el/track-and-trace/?p=',
}

const errorMessages = [
  ['Address not found by courier'],
  ['Invalid phone number'],
  ['Postcode does not match the city'],
  ['Address not found by courier', 'Invalid phone number'],
  ['Street number is missing'],
]

const commentTexts = {
  client: [
    'Zákazník prosí o doručení po 16. hodině.',
    'Prosím přibalit dárkovou kartičku.',
    'Vă rugăm să sunați clientul înainte de livrare.',
    'Clientul a cerut ambalaj cadou.',
    'Customer asked to change the delivery address – already updated.',
  ],
  operator: [
    'Poškozený obal u jedné položky – přebaleno.',
    'Zásilka rozdělena do dvou balíků.',
    'Chybí kus na pozici, doplněno z rezervy.',
    'Colet reetichetat, AWB nou.',
    'Courier did not pick up today, rescheduled for tomorrow.',
  ],
}

interface CardState {
  id: string
  businessclientId: string
  warehouseId: string
  sku: string
  available: number
  blocked: number
}

interface ProductRow {
  id: string
  sku: string
  name: string
  weight: number | null
  unitPrice: number
}

interface Line {
  id: string
  product: ProductRow
  quantity: number
}

type OrderInsert = typeof orders.$inferInsert & { id: string; createdAt: Date }

/**
 * About `perClient` orders per business client over the last 90 days, in every status, with items, change
 * logs telling how each got there, comments, and the stock the allocated ones hold (order_blocks and the
 * same quantity moved from available to blocked on the cards; no movement, as allocation writes none).
 * Bulk inserts only: it runs inside the first start.
 */
export async function seedOrders(
  tx: Tx,
  clientIds: string[],
  users: OrderSeedUsers,
  { perClient = 1000, now = new Date() } = {},
): Promise<void> {
  if (!clientIds.length) return
  const rnd = generator(4_242)
  const pick = <T>(list: readonly T[]): T => list[rnd.int(0, list.length - 1)]!
  const weighted = <T>(list: [T, number][]): T => {
    let r = rnd.next() * list.reduce((s, [, w]) => s + w, 0)
    for (const [value, w] of list) {
      r -= w
      if (r < 0) return value
    }
    return list.at(-1)![0]
  }

  const whs = await tx.select({ id: warehouses.id, country: warehouses.country }).from(warehouses)
  const courierRows = await tx
    .select({
      id: couriers.id,
      name: couriers.name,
      country: couriers.country,
      isDefault: couriers.isDefault,
    })
    .from(couriers)
  const shops = await tx
    .select({ businessclientId: eshops.businessclientId, url: eshops.eshopUrl })
    .from(eshops)
    .where(inArray(eshops.businessclientId, clientIds))
  const cards: CardState[] = await tx
    .select({
      id: inventoryCards.id,
      warehouseId: inventoryCards.warehouseId,
      sku: inventoryCards.sku,
      available: inventoryCards.available,
      blocked: inventoryCards.blocked,
      businessclientId: inventoryCards.businessclientId,
    })
    .from(inventoryCards)
    .where(inArray(inventoryCards.businessclientId, clientIds))
  if (!whs.length) return

  const ordersOut: OrderInsert[] = []
  const itemsOut: (typeof orderItems.$inferInsert)[] = []
  const blocksOut: (typeof orderBlocks.$inferInsert)[] = []
  const logsOut: (typeof orderChangeLogs.$inferInsert)[] = []
  const commentsOut: (typeof comments.$inferInsert)[] = []
  const touched = new Set<CardState>()

  for (const [index, businessclientId] of clientIds.entries()) {
    const catalogue = await clientProducts(tx, businessclientId, index)
    if (!catalogue.length) continue
    const clientUser = users.clients[index] ?? { id: null, username: 'eshop import' }
    const shopUrl = shops.find((s) => s.businessclientId === businessclientId)?.url ?? ''
    const skus = new Set(catalogue.map((p) => p.sku))
    const cardsOf = new Map<string, CardState[]>()
    for (const card of cards) {
      if (card.businessclientId !== businessclientId || !skus.has(card.sku)) continue
      cardsOf.set(card.sku, [...(cardsOf.get(card.sku) ?? []), card])
    }
    const stocked = catalogue.filter((p) => cardsOf.has(p.sku))

    // Plans first (status, age), then oldest first, so earlier orders take the stock as they would have.
    const plans = Array.from({ length: perClient }, () => {
      const status = weighted(statusMix)
      const country = weighted(destinations[Math.min(index, destinations.length - 1)]!)
      const cod = status === 'COD WAITING' || rnd.next() < (country === 'Czech' ? 0.4 : 0.65)
      const path = pathTo(status, cod, rnd)
      const hours = path.map((s, i) => (i === 0 ? 0 : hoursBefore(s, path[i - 1]!, rnd)))
      const span = hours.reduce((a, b) => a + b, 0) * HOUR
      const rest = (restingDays[status] ?? 60) * DAY * rnd.next()
      // Within the last 90 days: a longer story starts later and is cut at now.
      const age = Math.min(span + rest + rnd.int(1, 59) * 60_000, 90 * DAY - rnd.int(60, 1440) * 60_000)
      const createdAt = new Date(now.getTime() - age)
      return { status, country, cod, path, hours, createdAt }
    }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())

    plans.forEach((plan, n) => {
      const id = uuidv7({ msecs: plan.createdAt.getTime() })
      let { status, path } = plan

      // Items: stock-holding orders take what a single warehouse has, or end as No goods.
      let lines = linesFor(plan.status === 'No goods' ? catalogue : stocked.length ? stocked : catalogue)
      let warehouseId: string | null = null
      if (holdingStock.has(status) || (status === 'Canceled' && path.includes('Order Ready for picking'))) {
        const warehouse = holdingStock.has(status) ? allocate(lines, cardsOf, id) : null
        if (warehouse) warehouseId = warehouse
        else if (holdingStock.has(status)) {
          status = 'No goods'
          path = ['New', 'No goods']
        }
      }
      if (status === 'No goods') {
        const missing = scarce(catalogue, cardsOf)
        lines = [...lines.filter((l) => l.product !== missing.product).slice(0, 1), missing]
      }
      if (!warehouseId && path.includes('Shipping')) warehouseId = warehouseFor(plan.country)

      const times = timesOf(plan.createdAt, path, plan.hours, now)
      const updatedAt = times.at(-1)!
      const country = countries[plan.country]!
      const place = pick(country.places)
      const courier = courierFor(plan.country, status)
      const office =
        courier && offices[courier.name] && rnd.next() < 0.45 ? pick(offices[courier.name]!) : null
      const fromShop = shopUrl !== '' && rnd.next() < 0.65
      const total = lines.reduce((sum, l) => sum + l.product.unitPrice * l.quantity, 0)
      const shipped = path.includes('Shipping')
      const weight = lines.reduce((sum, l) => sum + (l.product.weight ?? 300) * l.quantity, 0) + 150
      const client = customer(country)
      const phone = client.phone
      const codAmount = plan.cod ? total : 0

      ordersOut.push({
        id,
        businessclientId,
        clientOrderNr: fromShop
          ? String(24_000 + index * 50_000 + n)
          : rnd.next() < 0.5
            ? `TEL-${1000 + n}`
            : '',
        status,
        shipToCountry: plan.country,
        shipToProvince: place.province,
        shipToCity: place.city,
        shipToStreet: pick(place.streets),
        shipToStreetNr: String(rnd.int(1, 180)),
        shipToPostcode: place.postcode,
        shipToPhone: status === 'Error' && rnd.next() < 0.5 ? phone.slice(0, 6) : phone,
        shipToIsCompany: client.isCompany,
        shipToClient: { ...client, ...billingAddress(client, country, place, n), country: plan.country },
        paymentType: plan.cod ? 'COD' : 'Paid Online',
        paymentStatus: !plan.cod || status === 'Delivered' ? 'paid' : 'pending',
        paymentTotal: total,
        codApply: plan.cod,
        codAmount,
        // Now and then the shop corrected the amount after import.
        codAmountInit: plan.cod && rnd.next() < 0.04 ? codAmount + rnd.int(1, 9) * 10 : codAmount,
        warehouseId,
        courierId: courier?.id ?? null,
        errMsgs: status === 'Error' ? pick(errorMessages) : [],
        eshopUrl: fromShop ? shopUrl : '',
        shippingCost: shipped ? rnd.int(...country.shippingCost) : 0,
        deliveryDate: shipped ? deliveryDateOf(times, path) : null,
        trackingId: shipped ? trackingNumber() : '',
        trackingUrl: '',
        shippingWeight: shipped || holdingStock.has(status) ? weight : null,
        instructions:
          rnd.next() < 0.08 ? pick(['Fragile – pack with extra filling', 'Křehké, nestohovat']) : '',
        generateInvoice: rnd.next() < 0.3,
        assignedUserId:
          ['Product Picking', 'Packed', 'In progress', 'Error'].includes(status) && rnd.next() < 0.6
            ? users.operator.id
            : null,
        toOffice: office?.[0] ?? '',
        officeCode: office?.[1] ?? '',
        createdAt: plan.createdAt,
        updatedAt,
      })
      const last = ordersOut.at(-1)!
      // The courier collects goods and shipping: the COD amount is the order invoice's total (issue 24).
      if (plan.cod) {
        const shipping = last.shippingCost ?? 0
        last.codAmount = round2((last.codAmount ?? 0) + shipping)
        last.codAmountInit = round2((last.codAmountInit ?? 0) + shipping)
      }
      if (last.trackingId && courier)
        last.trackingUrl = `${trackingPages[courier.name] ?? ''}${last.trackingId}`

      for (const line of lines) {
        itemsOut.push({
          id: line.id,
          orderId: id,
          productId: line.product.id,
          sku: line.product.sku,
          name: line.product.name,
          quantity: line.quantity,
          price: line.product.unitPrice * line.quantity,
          weight: line.product.weight,
          createdAt: plan.createdAt,
        })
      }
      logsOut.push(
        ...storyOf(id, path, times, {
          client: fromShop ? { id: null, username: 'eshop import' } : clientUser,
          clientUser,
        }),
      )
      if (rnd.next() < 0.07) {
        const byOperator = rnd.next() < 0.5
        const at = new Date(
          plan.createdAt.getTime() + (updatedAt.getTime() - plan.createdAt.getTime()) * rnd.next(),
        )
        commentsOut.push({
          id: uuidv7({ msecs: at.getTime() }),
          trigger: 'order',
          triggerId: id,
          businessclientId,
          userId: byOperator ? users.operator.id : clientUser.id,
          username: byOperator ? users.operator.username : clientUser.username,
          text: pick(byOperator ? commentTexts.operator : commentTexts.client),
          createdAt: at,
        })
      }
    })
  }

  /** 1–4 lines of distinct products, mostly one or two pieces each. */
  function linesFor(from: ProductRow[]): Line[] {
    const count = Math.min(
      from.length,
      weighted<number>([
        [1, 45],
        [2, 30],
        [3, 15],
        [4, 10],
      ]),
    )
    const chosen = new Set<ProductRow>()
    while (chosen.size < count) chosen.add(pick(from))
    return [...chosen].map((product) => ({
      id: uuidv7(),
      product,
      quantity: weighted<number>([
        [1, 70],
        [2, 20],
        [3, 7],
        [5, 3],
      ]),
    }))
  }

  /** Blocks the lines in the first warehouse that has every one available; its id, or null when none has. */
  function allocate(lines: Line[], cardsOf: Map<string, CardState[]>, orderId: string): string | null {
    for (const wh of whs) {
      const chosen = lines.map((l) => cardsOf.get(l.product.sku)?.find((c) => c.warehouseId === wh.id))
      if (!lines.every((l, i) => (chosen[i]?.available ?? 0) >= l.quantity)) continue
      lines.forEach((line, i) => {
        const card = chosen[i]!
        card.available -= line.quantity
        card.blocked += line.quantity
        touched.add(card)
        blocksOut.push({
          id: uuidv7(),
          orderId,
          orderItemId: line.id,
          inventoryCardId: card.id,
          quantity: line.quantity,
        })
      })
      return wh.id
    }
    return null
  }

  /** A line no single warehouse can fill: one of the least stocked products, a few pieces more than it has. */
  function scarce(catalogue: ProductRow[], cardsOf: Map<string, CardState[]>): Line {
    const most = (p: ProductRow) => Math.max(0, ...(cardsOf.get(p.sku) ?? []).map((c) => c.available))
    const stock = new Map(catalogue.map((p) => [p, most(p)]))
    const product = pick([...catalogue].sort((a, b) => stock.get(a)! - stock.get(b)!).slice(0, 8))
    return { id: uuidv7(), product, quantity: most(product) + rnd.int(1, 3) }
  }

  function warehouseFor(country: string): string {
    const near = { Slovakia: 'Czech', Greece: 'Bulgaria' }[country] ?? country
    return (whs.find((w) => w.country === near) ?? whs[0]!).id
  }

  /** The country's default courier mostly, another now and then; a draft may have none yet. */
  function courierFor(country: string, status: OrderStatus) {
    if ((status === 'Draft' || status === 'Client editing') && rnd.next() < 0.5) return null
    const own = courierRows.filter((c) => c.country === country)
    if (!own.length) return null
    return rnd.next() < 0.6 ? (own.find((c) => c.isDefault) ?? own[0]!) : pick(own)
  }

  function customer(country: Country): ShipToClient {
    const firstName = pick(country.firstNames)
    const lastName = pick(country.lastNames)
    const isCompany = rnd.next() < 0.1
    return {
      firstName,
      lastName,
      email: `${asciiName(`${firstName}.${lastName}`)}@example.com`,
      isCompany,
      companyName: isCompany ? `${lastName} & Partners` : '',
      taxId: isCompany ? demoVatNumber(country.name, rnd.int(10_000_000, 99_999_999)) : '',
      nr_reg_com: '',
      phone: `${country.phone}${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
      country: country.name,
      province: '',
      city: '',
      street: '',
      streetNr: '',
      postcode: '',
    }
  }

  function trackingNumber(): string {
    return `${rnd.int(10, 99)}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`
  }

  /** Change logs: created, then each status change by whoever makes it. */
  function storyOf(
    orderId: string,
    path: OrderStatus[],
    times: Date[],
    who: { client: SeedUser; clientUser: SeedUser },
  ): (typeof orderChangeLogs.$inferInsert)[] {
    return path.map((status, i) => {
      const previous = path[i - 1]
      const by =
        i === 0 || ['Draft', 'Validated', 'Canceled'].includes(status)
          ? i === 0
            ? who.client
            : who.clientUser
          : previous === 'COD WAITING'
            ? users.finance
            : ['Order Ready for picking', 'No goods', 'Error'].includes(status)
              ? who.client
              : users.operator
      const entry: ChangeLogEntry =
        i === 0 || !previous
          ? { event: 'created', params: { status } }
          : status === 'Order Ready for picking'
            ? { event: 'statusChanged', params: { from: previous, to: status, stock: 'blocked' } }
            : status === 'Canceled' && previous === 'Order Ready for picking'
              ? { event: 'statusChanged', params: { from: previous, to: status, stock: 'released' } }
              : { event: 'statusChanged', params: { from: previous, to: status } }
      const at = times[i]!
      return {
        id: uuidv7({ msecs: at.getTime() }),
        orderId,
        ...changeLogColumns(entry),
        userId: by.id,
        username: by.username,
        at,
      }
    })
  }

  ordersOut.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
  // Without internal_numeric_id: the sequence numbers them, oldest first.
  await insertJson(tx, orders, ordersOut)
  await insertJson(tx, orderItems, itemsOut)
  await insertJson(tx, orderChangeLogs, logsOut)
  await insertJson(tx, orderBlocks, blocksOut)
  await insertJson(tx, comments, commentsOut)
  await holdOnCards(tx, [...touched])
}

/** Each step's time: the creation, then the step durations; the last step never lies in the future. */
function timesOf(createdAt: Date, path: OrderStatus[], hours: number[], now: Date): Date[] {
  const times: Date[] = []
  let at = createdAt.getTime()
  for (const [i] of path.entries()) {
    at += (hours[i] ?? 0) * HOUR
    times.push(new Date(Math.min(at, now.getTime())))
  }
  return times
}

/** The delivery date: the day it was delivered, else the day the courier promises (two days after pick-up). */
function deliveryDateOf(times: Date[], path: OrderStatus[]): string {
  const delivered = path.indexOf('Delivered')
  const shipping = path.indexOf('Shipping')
  const at = delivered >= 0 ? times[delivered]! : new Date(times[shipping]!.getTime() + 2 * DAY)
  return at.toISOString().slice(0, 10)
}

/** The client's products with a unit price (the catalogue has none: the shop sets it per order). */
async function clientProducts(tx: Tx, businessclientId: string, index: number): Promise<ProductRow[]> {
  const rows = await tx
    .select({ id: products.id, sku: products.sku, name: products.name, weight: products.weightGrams })
    .from(products)
    .where(eq(products.businessclientId, businessclientId))
    .orderBy(products.sku)
  // Prices in the shop's currency, ending in 9 (CZK for the Czech shop, RON for the Romanian one).
  const [low, high] = index === 0 ? [9, 149] : [2, 39]
  return rows.map((p, i) => ({ ...p, unitPrice: (low + ((i * 37) % (high - low))) * 10 - 1 }))
}

/**
 * Inserts `rows` in one statement with one parameter: the rows as JSON, unpacked by the database in their
 * order (json_populate_recordset). Thousands of rows in a fraction of the time of bound VALUES lists. Only
 * the columns the first row names are written; the others take their defaults (the order number's sequence).
 */
async function insertJson<T extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  rows: T[],
): Promise<void> {
  if (!rows.length) return
  const columns = getTableColumns(table)
  const names = Object.keys(rows[0]!).map((key) => sql.identifier(columns[key]!.name))
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, v]) => [columns[key]!.name, v]))),
  )
  const list = sql.join(names, sql`, `)
  await tx.execute(sql`
    insert into ${table} (${list})
    select ${list} from json_populate_recordset(null::${table}, ${json}::json) with ordinality
    order by ordinality`)
}

/** Writes the cards' new available and blocked in one statement (the stock_totals trigger follows). */
async function holdOnCards(tx: Tx, cards: CardState[]): Promise<void> {
  if (!cards.length) return
  const values = sql.join(
    cards.map((c) => sql`(${c.id}::uuid, ${c.available}::int, ${c.blocked}::int)`),
    sql`, `,
  )
  await tx.execute(sql`
    update ${inventoryCards} c set available = v.available, blocked = v.blocked
    from (values ${values}) v(id, available, blocked) where c.id = v.id`)
}

/** 'Kateřina.Svobodová' → 'katerina.svobodova' (an e-mail's local part). */
function asciiName(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z.]/g, '')
}

/**
 * A made-up VAT number of a demo company customer that passes its country's check digit (vat-number.ts), from
 * the 8-digit `n` the seed drew: a business customer with a valid number of another member state makes an
 * exempt intra-Community invoice (FINANCE.md "Place of supply").
 */
export function demoVatNumber(country: string, n: number): string {
  const digits = String(n)
  if (country === 'Slovakia') {
    const whole = Number(`202${digits.slice(0, 7)}`)
    return `SK${whole - (whole % 11)}`
  }
  const body: Record<string, [string, string]> = {
    Czech: ['CZ', `2${digits.slice(0, 6)}`],
    Romania: ['RO', digits.slice(0, 7)],
    Bulgaria: ['BG', digits],
    Greece: ['EL', digits],
  }
  const [prefix, start] = body[country] ?? [country.slice(0, 2).toUpperCase(), digits]
  for (let d = 0; d < 10; d++)
    if (checkVatNumber(`${prefix}${start}${d}`).valid) return `${prefix}${start}${d}`
  return `${prefix}${digits}`
}
