import { type RefundStatus, refundCurrency } from '@expedo/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { recordRefundHandling } from '../../features/services/index.ts'
import type { Tx } from '../../platform/db/database.ts'
import { orders, refunds, warehouses } from '../schema/index.ts'

/** Valid IBANs (checksums) for EUR refunds; valid Czech accounts (mod 11) for CZK ones. */
const ibans = [
  'SK6609000000005012345678',
  'DE89370400440532013000',
  'AT611904300234573201',
  'BG80BNBG96611020345678',
]
const czechAccounts = [
  { accountNr: '19-2000145399', accountCode: '0800' },
  { accountNr: '8351055966', accountCode: '0100' },
  { accountNr: '5326919132', accountCode: '0300' },
  { accountNr: '1323882989', accountCode: '2010' },
]

/** Per client: the statuses of its demo refunds, two of the common ones, one of the rest. */
const plan: RefundStatus[] = [
  'New',
  'New',
  'Approved',
  'Approved',
  'Rejected',
  'Pending Bank Confirmation',
  'Refunded',
  'Refunded',
  'error',
  'not sent',
]
const HOUR = 3_600_000

/**
 * Demo refunds (docs/DOMAIN.md "Refunds"): for each demo client, refunds of its delivered orders in every
 * status — New, Approved, Rejected, sent (Pending Bank Confirmation), Refunded, a bank error with its
 * message, not sent, and a duplicate (a second refund of one order and amount). Contact and bank data come
 * from the order's ship-to address: CZK with a Czech account for Czech orders, else EUR with an IBAN. Each
 * records its refund-handling service, as the API does. Answers how many refunds it wrote.
 */
export async function seedRefunds(tx: Tx, clientIds: string[], now = new Date()): Promise<number> {
  let written = 0
  for (const [c, businessclientId] of clientIds.entries()) {
    const picked = await tx
      .select({
        id: orders.id,
        clientOrderNr: orders.clientOrderNr,
        shipToCountry: orders.shipToCountry,
        shipToCity: orders.shipToCity,
        shipToStreet: orders.shipToStreet,
        shipToStreetNr: orders.shipToStreetNr,
        shipToPhone: orders.shipToPhone,
        shipToClient: orders.shipToClient,
        paymentTotal: orders.paymentTotal,
        warehouseCountry: warehouses.country,
      })
      .from(orders)
      .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
      .where(
        and(eq(orders.businessclientId, businessclientId), inArray(orders.status, ['Delivered', 'Shipping'])),
      )
      .orderBy(asc(orders.createdAt))
      .limit(plan.length)
    for (const [i, order] of picked.entries()) {
      const status = plan[i]!
      const currency = refundCurrency(order.shipToCountry)
      const account = czechAccounts[(i + c) % czechAccounts.length]!
      const created = new Date(now.getTime() - (plan.length - i) * 26 * HOUR)
      const amount = Math.max(
        1,
        Math.round(order.paymentTotal * (0.3 + (i % 3) * 0.2) * 100) / 100 || 9.9,
      ).toFixed(2)
      const sent = ['Pending Bank Confirmation', 'Refunded', 'error'].includes(status)
      const values = {
        businessclientId,
        orderId: order.id,
        status,
        errorMsgs: status === 'error' ? ['AC04 Closed account number'] : [],
        name: `${order.shipToClient.firstName} ${order.shipToClient.lastName}`.trim() || 'Customer',
        phone: order.shipToPhone || order.shipToClient.phone,
        country: order.shipToCountry,
        city: order.shipToCity,
        street: `${order.shipToStreet} ${order.shipToStreetNr}`.trim(),
        amount,
        currency,
        iban: currency === 'EUR' ? ibans[(i + c) % ibans.length]! : '',
        accountNr: currency === 'EUR' ? '' : account.accountNr,
        accountCode: currency === 'EUR' ? '' : account.accountCode,
        paymentFileId: sent ? `REF-DEMO-${c + 1}-${i + 1}` : null,
        sentAt: sent ? new Date(created.getTime() + 20 * HOUR) : null,
        refundedAt: status === 'Refunded' ? new Date(created.getTime() + 24 * HOUR) : null,
        createdAt: created,
        updatedAt: sent ? new Date(created.getTime() + 24 * HOUR) : created,
      }
      const rows = [values]
      // The first order's request was sent twice: the second one is flagged duplicate.
      if (i === 0)
        rows.push({ ...values, status: 'duplicate', createdAt: new Date(created.getTime() + HOUR) })
      for (const row of rows) {
        const [inserted] = await tx.insert(refunds).values(row).returning({ id: refunds.id })
        await recordRefundHandling(tx, {
          id: inserted!.id,
          businessclientId,
          country: order.warehouseCountry ?? order.shipToCountry,
          ref: order.clientOrderNr,
          at: row.createdAt,
        })
        written += 1
      }
    }
  }
  return written
}
