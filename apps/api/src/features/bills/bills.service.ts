import {
  type Bill,
  type BillCreditNoteBody,
  type BillItemUpdateBody,
  type BillList,
  type BillListQuery,
  type BillRunBody,
  type BillServices,
  cents,
  type Issuer,
  type IssuerInput,
  moneyNumber,
  previousMonth,
  serviceTypes,
} from '@expedo/domain'
import type { Db, DbOrTx, Tx } from '../../platform/db/database.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { toBill, toBillRow, toBillService, toIssuer } from './bills.mapper.ts'
import { type BillRow, createBillsRepository } from './bills.repository.ts'
import { createIssuersRepository } from './issuers.repository.ts'
import { billTotals, itemAmounts } from './use-cases/bill-lines.ts'
import { billLocked, creditBill, issueBill } from './use-cases/issue-bill.ts'
import { runBills } from './use-cases/run-bills.ts'

/** Today's date (UTC); tests may fix it. */
export type Today = () => string
const utcToday: Today = () => new Date().toISOString().slice(0, 10)
const categoryOf = (name: string): string => serviceTypes[name as keyof typeof serviceTypes] ?? 'warehouse'

/** Issuers and provider bills (docs/domain.md "Services and bills"). */
export function createBillsService(deps: { db: Db; today?: Today }) {
  const { db } = deps
  const today = deps.today ?? utcToday

  async function get(auth: AuthContext, id: string, on: DbOrTx = db): Promise<Bill> {
    const found = await createBillsRepository(on).find(auth.scope, id)
    if (!found) throw notFound('Bill')
    return toBill(found, today())
  }

  /**
   * Runs `change` with the bill row locked (404 outside the scope); answers the bill as the transaction leaves
   * it, read on its own connection (a read after the commit could fail on a busy pool: a 503 for a done change).
   */
  function withLocked(
    auth: AuthContext,
    id: string,
    change: (tx: Tx, row: BillRow) => Promise<unknown>,
  ): Promise<Bill> {
    return inLocked(auth, id, async (tx, row) => {
      await change(tx, row)
      return get(auth, id, tx)
    })
  }

  /** Runs `change` in a transaction with the bill row locked (404 outside the scope); answers its result. */
  function inLocked<T>(
    auth: AuthContext,
    id: string,
    change: (tx: Tx, row: BillRow) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await createBillsRepository(tx).lock(auth.scope, id)
      if (!row) throw notFound('Bill')
      return change(tx, row)
    })
  }

  const issuerValues = (body: IssuerInput) => ({
    ...body,
    address: { ...body.address },
    bankaccounts: body.bankaccounts,
  })

  return {
    get,

    async issuers(): Promise<{ list: Issuer[]; total: number }> {
      const list = (await createIssuersRepository(db).list()).map(toIssuer)
      return { list, total: list.length }
    },

    async createIssuer(body: IssuerInput): Promise<Issuer> {
      const row = await createIssuersRepository(db).insert(issuerValues(body))
      if (!row) throw new AppError('CONFLICT', `${body.country} has an issuer already: change that one`)
      return toIssuer(row)
    },

    async updateIssuer(id: string, body: IssuerInput): Promise<Issuer> {
      const row = await createIssuersRepository(db).update(id, issuerValues(body))
      if (!row) throw notFound('Issuer')
      return toIssuer(row)
    },

    async list(auth: AuthContext, q: BillListQuery): Promise<BillList> {
      const { rows, total } = await createBillsRepository(db).list(auth.scope, {
        from: q.dateFrom,
        to: q.dateTo,
        status: q.status,
        today: today(),
        businessclientId: q.businessclient,
        limit: q.itemsPerPage,
        offset: (q.page - 1) * q.itemsPerPage,
      })
      return { list: rows.map((r) => toBillRow(r, today())), total }
    },

    /** The bill run for a month (finance on demand, the monthly job for the month before). */
    run: (body: BillRunBody) => runBills(db, body.period, body.businessclient),

    /** The monthly job: bills the month before today's; answers how many bills it made. */
    runMonthly: async () => (await runBills(db, previousMonth(today()))).bills.length,

    async services(
      auth: AuthContext,
      id: string,
      q: { itemsPerPage: number; page: number },
    ): Promise<BillServices> {
      const bill = await get(auth, id)
      const repo = createBillsRepository(db)
      const [summary, page] = [
        await repo.summary(id),
        await repo.services(id, q.itemsPerPage, (q.page - 1) * q.itemsPerPage),
      ]
      const grand = summary.reduce((sum, s) => sum + cents(s.total), 0n)
      return {
        foundServices: summary.length
          ? [
              {
                _id: bill.currency,
                services: summary.map((s) => ({
                  service_details: { name: s.serviceType },
                  quantity: Number(s.quantity),
                  total: Number(s.total),
                })),
                grandTotal: moneyNumber(grand),
              },
            ]
          : [],
        list: page.rows.map((s) => toBillService(s, categoryOf(s.serviceType))),
        total: page.total,
      }
    },

    updateItem: (auth: AuthContext, id: string, itemId: string, body: BillItemUpdateBody) =>
      withLocked(auth, id, async (tx, row) => {
        if (row.locked) throw billLocked()
        const repo = createBillsRepository(tx)
        const items = await repo.items(row.id)
        const item = items.find((i) => i.id === itemId)
        if (!item) throw notFound('Bill item')
        const amounts = itemAmounts({
          quantity: body.quantity !== undefined ? String(body.quantity) : item.quantity,
          nettoPrice: body.NETTO !== undefined ? body.NETTO.toFixed(2) : item.nettoPrice,
          vatPercent: body.vat_procent !== undefined ? body.vat_procent.toFixed(2) : item.vatPercent,
        })
        const changed = {
          ...amounts,
          ...(body.description !== undefined ? { description: body.description } : {}),
        }
        await repo.updateItem(item.id, changed)
        await repo.update(row.id, billTotals(items.map((i) => (i.id === item.id ? { ...i, ...changed } : i))))
      }),

    lock: (auth: AuthContext, id: string) => withLocked(auth, id, (tx, row) => issueBill(tx, row, today())),

    pay: (auth: AuthContext, id: string) =>
      withLocked(auth, id, async (tx, row) => {
        if (row.kind !== 'bill') throw new AppError('CONFLICT', 'A credit note is not paid')
        if (!row.locked) throw new AppError('CONFLICT', 'A bill is paid once it is locked')
        if (row.isPaid) return
        await createBillsRepository(tx).update(row.id, { isPaid: true, paidAt: new Date() })
      }),

    creditNote: (auth: AuthContext, id: string, body: BillCreditNoteBody) =>
      inLocked(auth, id, async (tx, row) => get(auth, await creditBill(tx, row, body, today()), tx)),
  }
}
export type BillsService = ReturnType<typeof createBillsService>
