import { allowedActions, type Order, type OrderListItem, type OrderStatus } from '@expedo/domain'
import { isStorageKey } from '../../platform/providers/storage.ts'
import { fileUrl } from '../../platform/security/file-urls.ts'
import type { OrderAggregate } from './orders.repository.ts'
import type { OrderListRow } from './orders-list.repository.ts'

/** processing.isOpenUser: the detail page says it is open every minute; two minutes of silence closes it. */
export const OPEN_USER_WINDOW_MS = 2 * 60_000

/** The AWB PDF for this reader: a stored label's key becomes its signed URL; an older plain URL stays. */
export const awbUrl = (value: string) => (isStorageKey(value) ? fileUrl(value) : value)

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
    eshop: { eshopUrl: o.eshopUrl },
    items: a.items.map((i) => {
      const stockAvailable = a.stock.get(i.id) ?? 0
      return {
        _id: i.id,
        product: i.productId,
        sku: i.sku,
        name: i.name,
        quantity: i.quantity,
        price: Number(i.price),
        weight: i.weight,
        stockAvailable,
        low_stock: stockAvailable > 0 && stockAvailable < i.quantity,
      }
    }),
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
      deliveryDate: o.deliveryDate,
      shippingCost: Number(o.shippingCost),
      trackingId: o.trackingId,
      trackingUrl: o.trackingUrl,
      tracking_awbPdf: awbUrl(o.trackingAwbPdf),
      weight: o.shippingWeight,
    },
    payment: {
      status: o.paymentStatus,
      type: o.paymentType,
      total: Number(o.paymentTotal),
      COD: { apply: o.codApply, amount: Number(o.codAmount), amountInit: Number(o.codAmountInit) },
    },
    processing: {
      instructions: o.instructions,
      generate_invoice: o.generateInvoice,
      codTransfferId: o.codTransferId,
      isOpenUser:
        o.openUserId && o.openUserAt && Date.now() - o.openUserAt.getTime() < OPEN_USER_WINDOW_MS
          ? { _id: o.openUserId, username: a.openUsername ?? '', since: o.openUserAt.toISOString() }
          : null,
      assignedUser: o.assignedUserId ? { _id: o.assignedUserId, username: a.assignedUsername ?? '' } : null,
    },
    api_request: { to_office: o.toOffice, office_code: o.officeCode },
    invoice: a.invoice
      ? {
          _id: a.invoice.id,
          sequenceNumber: a.invoice.sequenceNumber,
          creditNote: a.invoice.creditNoteId
            ? { _id: a.invoice.creditNoteId, sequenceNumber: a.invoice.creditNoteNumber }
            : null,
          currency: a.invoice.currency,
          NETTO_total: Number(a.invoice.nettoTotal),
          VAT_total: Number(a.invoice.vatTotal),
          BRUTTO_total: Number(a.invoice.bruttoTotal),
        }
      : null,
    invoicing: a.shoptet?.invoicing === 'shoptet' ? 'shoptet' : 'expedo',
    shoptetInvoice: a.shoptet?.invoice
      ? {
          code: a.shoptet.invoice.code,
          varSymbol: a.shoptet.invoice.varSymbol,
          isValid: a.shoptet.invoice.isValid,
          issuedAt: a.shoptet.invoice.issuedAt?.toISOString() ?? null,
          dueDate: a.shoptet.invoice.dueDate,
          currency: a.shoptet.invoice.currency,
          total: a.shoptet.invoice.total === null ? null : Number(a.shoptet.invoice.total),
          paid: a.shoptet.invoice.paid,
          pdfUrl: `/api/orders/${o.id}/shoptet-invoice/pdf`,
        }
      : null,
    print: o.trackingAwbPdf ? [{ name: 'AWB', url: awbUrl(o.trackingAwbPdf) }] : [],
    changeLogs: a.logs.map((l) => ({
      what: l.what,
      who: { _id: l.userId, username: l.username },
      when: l.at.toISOString(),
      event: l.event ?? null,
      params: l.params ?? null,
    })),
    allowedActions: allowedActions(status),
  }
}

/** A row of the orders list: the order's answer without its change log. */
export function toOrderListItem(a: OrderListRow): OrderListItem {
  const {
    changeLogs: _changeLogs,
    invoice: _invoice,
    invoicing: _invoicing,
    shoptetInvoice: _shoptetInvoice,
    ...row
  } = toOrder({ ...a, logs: [] })
  return row
}
