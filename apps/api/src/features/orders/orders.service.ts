import {
  type CreateOrderBodySchema,
  can,
  type Order,
  type OrderListBody,
  type OrderSearchBody,
  type OrderStatus,
  orderActionTarget,
  transitionKind,
} from '@expedo/domain'
import type { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { AppError, forbidden, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { toOrder } from './orders.mapper.ts'
import {
  createOrdersRepository,
  type OrderRow,
  type OrdersRepository,
  type Who,
} from './orders.repository.ts'
import { allocate, release } from './use-cases/allocate-order.ts'
import { duplicateOrder } from './use-cases/duplicate-order.ts'
import { listOrders, searchOrders } from './use-cases/list-orders.ts'

type CreateBody = z.infer<typeof CreateOrderBodySchema>

/** Targets of the client actions (Validate, Set to Draft, Cancel) need orders.write; the rest orders.process. */
const clientTargets = new Set<OrderStatus>(Object.values(orderActionTarget))

const whoOf = (auth: AuthContext): Who => ({ userId: auth.userId, username: auth.username })
const invalidTransition = (from: string, to: string) =>
  new AppError('INVALID_TRANSITION', `An order in status '${from}' cannot change to '${to}'`)

export function createOrdersService(deps: { db: Db }) {
  const { db } = deps

  async function get(auth: AuthContext, id: string): Promise<Order> {
    const aggregate = await createOrdersRepository(db).find(auth.scope, id)
    if (!aggregate) throw notFound('Order')
    return toOrder(aggregate)
  }

  /** One status change inside a transaction, with its effects on stock and its change-log row. */
  async function applyStatus(repo: OrdersRepository, order: OrderRow, to: OrderStatus, who: Who) {
    const from = order.status as OrderStatus
    const kind = transitionKind(from, to)
    // Allocation's own transitions are the server's, never a caller's.
    if (!kind || kind === 'allocation') throw invalidTransition(from, to)
    const released = to === 'Draft' || to === 'Canceled' ? await release(repo, order.id) : 0
    await repo.setStatus(order.id, to, released ? null : undefined)
    await repo.log(order.id, `Status: ${from} → ${to}${released ? ' (blocked stock released)' : ''}`, who)
    if (to === 'New') await allocateIfAutomatic(repo, { ...order, status: 'New' }, who)
  }

  async function allocateIfAutomatic(repo: OrdersRepository, order: OrderRow, who: Who) {
    const client = await repo.businessClient(order.businessclientId)
    if (!client?.automaticBlockingGoods) return
    await allocate(repo, order, await repo.items(order.id), who)
  }

  return {
    get,
    list: (auth: AuthContext, body: OrderListBody) => listOrders(db, auth, body),
    search: (auth: AuthContext, body: OrderSearchBody) => searchOrders(db, auth, body),

    async create(auth: AuthContext, body: CreateBody): Promise<Order> {
      const businessclientId = businessClientFor(auth, body.businessclient)
      const repo = createOrdersRepository(db)
      if (!(await repo.businessClient(businessclientId))) throw notFound('Business client')
      const productIds = [...new Set(body.items.map((i) => i.product))]
      const found = new Map((await repo.productsOf(businessclientId, productIds)).map((p) => [p.id, p]))
      body.items.forEach((item, n) => {
        if (!found.has(item.product))
          throw invalid(`items.${n}.product`, 'is not a product of this business client')
      })

      const shipTo = body.shipTo
      const c = shipTo.client ?? {}
      const same = body.isAdressAsShipping === true
      const codAmount = body.payment?.COD?.amount ?? 0
      const id = await db.transaction(async (tx) => {
        const r = createOrdersRepository(tx)
        const order = await r.insert(
          {
            businessclientId,
            clientOrderNr: body.clientOrderNr ?? '',
            status: 'New',
            shipToCountry: shipTo.country,
            shipToProvince: shipTo.province ?? '',
            shipToCity: shipTo.city,
            shipToDistrict: shipTo.district ?? '',
            shipToStreet: shipTo.street,
            shipToStreetNr: shipTo.streetNr ?? '',
            shipToPostcode: shipTo.postcode,
            shipToPhone: shipTo.phone ?? '',
            shipToIsCompany: shipTo.isCompany ?? c.isCompany ?? false,
            shipToClient: {
              firstName: c.firstName ?? '',
              lastName: c.lastName ?? '',
              email: c.email ?? '',
              isCompany: c.isCompany ?? shipTo.isCompany ?? false,
              companyName: c.companyName ?? '',
              taxId: c.taxId ?? '',
              nr_reg_com: c.nr_reg_com ?? '',
              phone: c.phone ?? shipTo.phone ?? '',
              // Same address: the company address follows the shipping address (spec §5).
              country: same ? shipTo.country : (c.country ?? ''),
              province: same ? (shipTo.province ?? '') : (c.province ?? ''),
              city: same ? shipTo.city : (c.city ?? ''),
              street: same ? shipTo.street : (c.street ?? ''),
              streetNr: same ? (shipTo.streetNr ?? '') : (c.streetNr ?? ''),
              postcode: same ? shipTo.postcode : (c.postcode ?? ''),
            },
            paymentType: codAmount > 0 ? 'COD' : 'Paid Online',
            paymentTotal: body.items.reduce((sum, i) => sum + i.price, 0),
            codApply: codAmount > 0,
            codAmount,
            codAmountInit: codAmount,
          },
          body.items.map((item) => {
            const product = found.get(item.product)!
            return {
              productId: product.id,
              sku: product.sku,
              name: product.name,
              weight: product.weight,
              quantity: item.quantity,
              price: item.price,
            }
          }),
        )
        await r.log(order.id, 'Order created (New)', whoOf(auth))
        await allocateIfAutomatic(r, order, whoOf(auth))
        return order.id
      })
      return get(auth, id)
    },

    async duplicate(auth: AuthContext, id: string): Promise<Order> {
      const copyId = await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx)
        const order = await repo.lock(auth.scope, id)
        if (!order) throw notFound('Order')
        return duplicateOrder(repo, order, whoOf(auth))
      })
      return get(auth, copyId)
    },

    async cancel(auth: AuthContext, id: string): Promise<Order> {
      await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx)
        const order = await repo.lock(auth.scope, id)
        if (!order) throw notFound('Order')
        await applyStatus(repo, order, 'Canceled', whoOf(auth))
      })
      return get(auth, id)
    },

    /** The order-field update; `status` for now (client actions and the warehouse flow). */
    async update(auth: AuthContext, id: string, body: { status: OrderStatus }): Promise<Order> {
      await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx)
        const order = await repo.lock(auth.scope, id)
        if (!order) throw notFound('Order')
        const needed = clientTargets.has(body.status) ? 'orders.write' : 'orders.process'
        if (!can(auth.roles, needed)) throw forbidden(`Changing an order to '${body.status}' needs ${needed}`)
        await applyStatus(repo, order, body.status, whoOf(auth))
      })
      return get(auth, id)
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>

/** Staff name the business client; a client user creates for its own (naming another one is a 404). */
function businessClientFor(auth: AuthContext, requested: string | undefined): string {
  if (auth.scope.kind === 'all') {
    if (!requested) throw invalid('businessclient', 'is required')
    return requested
  }
  const own = auth.scope.businessclientId
  if (requested && requested !== own) throw notFound('Business client')
  if (!own) throw invalid('businessclient', 'create your business client first')
  return own
}
