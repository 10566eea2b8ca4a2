import { allowedActions, type Order, type OrderListItem, type OrderStatus } from '@expedo/domain'
import type { OrderAggregate } from './orders.repository.ts'
import type { OrderListRow } from './orders-list.repository.ts'

export function toOrder(a: OrderAggregate): Order {
  const o = a.order
  const status = o.status as OrderStatus
  return {
    _id: o.id,
    clientOrderNr: o.clientOrderNr,
    internalNumericId: o.internalNumericId,
    status,
    scope: o.scope,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    errMsgs: o.errMsgs,
    businessclient: { _id: o.businessclientId, name: a.businessclientName },
    items: a.items.map((i) => ({
      _id: i.id,
      product: i.productId,
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
      price: Number(i.price),
      weight: i.weight,
    })),
    shipping: {
      courier: o.courierId ? { _id: o.courierId, name: a.courierName ?? '' } : null,
      shipFrom: o.warehouseId ? { _id: o.warehouseId, name: a.warehouseName ?? '' } : null,
      shipTo: {
        country: o.shipToCountry,
        province: o.shipToProvince,
        city: o.shipToCity,
        district: o.shipToDistrict,
        street: o.shipToStreet,
        streetNr: o.shipToStreetNr,
        postcode: o.shipToPostcode,
        phone: o.shipToPhone,
        isCompany: o.shipToIsCompany,
        client: o.shipToClient,
      },
    },
    payment: {
      status: o.paymentStatus,
      type: o.paymentType,
      total: Number(o.paymentTotal),
      COD: { apply: o.codApply, amount: Number(o.codAmount), amountInit: Number(o.codAmountInit) },
    },
    changeLogs: a.logs.map((l) => ({
      what: l.what,
      who: { _id: l.userId, username: l.username },
      when: l.at.toISOString(),
    })),
    allowedActions: allowedActions(status),
  }
}

/** A row of the orders list: the order's answer without its change log. */
export function toOrderListItem(a: OrderListRow): OrderListItem {
  const { changeLogs: _changeLogs, ...row } = toOrder({ ...a, logs: [] })
  return row
}
