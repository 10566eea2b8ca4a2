import { randomUUID } from 'node:crypto'
import {
  COD_NOT_PAID_DAYS,
  type CodEcontImportBody,
  type CodImportResult,
  type CodMismatch,
  type CodMismatchListQuery,
  type CodResolveBody,
  type CodTransferStatus,
  cents,
  codTransferNext,
  moneyText,
  type Transfer,
  type TransferCreateBody,
  type TransferDetail,
  type TransferListQuery,
} from '@expedo/domain'
import type { EcontConfig } from '../../config/env.ts'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { pageOf } from '../../platform/db/paging.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { CourierUnavailableError } from '../../platform/providers/couriers/courier-adapter.ts'
import { createEcontClient, type EcontClient } from '../../platform/providers/couriers/econt/econt-client.ts'
import { applyStatusToMany } from '../orders/index.ts'
import { toMismatch, toTransfer, toTransferOrder } from './cod.mapper.ts'
import { createCodRepository, type PayoutLine } from './cod.repository.ts'

export interface CodServiceDeps {
  db: Db
  econt: EcontConfig
  /** Days a shipped COD order may wait for its payout (default COD_NOT_PAID_DAYS). */
  notPaidDays?: number
}

const conflict = (message: string) => new AppError('CONFLICT', message)

/**
 * COD: expected (a shipped COD order in COD WAITING) → collected (a courier's payout matched, or a
 * mismatch resolved) → transferred (a transfer to the business client includes it; the order Delivered).
 */
export function createCodService(deps: CodServiceDeps) {
  const { db } = deps
  const repo = createCodRepository(db)
  let econt: EcontClient | undefined
  const econtClient = () => {
    if (!deps.econt.baseUrl) throw new AppError('UNAVAILABLE', 'Econt is not configured')
    econt ??= createEcontClient({
      baseUrl: deps.econt.baseUrl,
      username: deps.econt.username,
      password: deps.econt.password,
      timeoutMs: deps.econt.timeoutMs,
    })
    return econt
  }

  /** Stores and reconciles a report's lines in one transaction: all or nothing. */
  async function importLines(
    auth: AuthContext,
    lines: PayoutLine[],
    source: 'econt' | 'upload',
    reportId: string,
  ): Promise<CodImportResult> {
    return db.transaction(async (tx) => {
      const r = createCodRepository(tx)
      const importId = randomUUID()
      const imported = await r.insertPayouts(lines, { source, reportId, importId, userId: auth.userId })
      const matched = imported
        ? await r.reconcile(importId)
        : { collected: 0, amountDiffers: 0, unknownTracking: 0 }
      return {
        rows: lines.length,
        imported,
        duplicates: lines.length - imported,
        collected: matched.collected,
        mismatched: matched.amountDiffers + matched.unknownTracking,
        amountDiffers: matched.amountDiffers,
        unknownTracking: matched.unknownTracking,
      }
    })
  }

  // A change's answer is read in its transaction, on its connection (read after the commit on another one,
  // a busy pool turned done work into a 503).
  async function mismatchView(id: string, on: DbOrTx = db): Promise<CodMismatch> {
    const [row] = await createCodRepository(on).mismatchViews([id])
    if (!row) throw notFound('Mismatch')
    return toMismatch(row)
  }

  async function transferView(auth: AuthContext, id: string, on: DbOrTx = db): Promise<Transfer> {
    const row = await createCodRepository(on).transfer(auth.scope, id)
    if (!row) throw notFound('Transfer')
    return toTransfer(row)
  }

  return {
    importLines,

    async importEcont(auth: AuthContext, body: CodEcontImportBody): Promise<CodImportResult> {
      let answer: Awaited<ReturnType<EcontClient['paymentReport']>>
      try {
        answer = await econtClient().paymentReport(body.dateFrom, body.dateTo)
      } catch (error) {
        if (error instanceof CourierUnavailableError) throw new AppError('UNAVAILABLE', error.message)
        throw error
      }
      const lines: PayoutLine[] = []
      for (const row of answer.PaymentReportRows ?? []) {
        // Only COD rows pay an order's cash; a money transfer row is not an order's.
        if (row.type && !/cod|cd|наложен/i.test(row.type)) continue
        const trackingId = String(row.num ?? '').trim()
        const amount = Number(row.amount)
        if (!trackingId || !Number.isFinite(amount) || amount < 0) continue
        lines.push({
          trackingId,
          amount: moneyText(cents(Number(amount.toFixed(2)))),
          currency: (row.currency ?? '').toUpperCase(),
          paidDate: /^\d{4}-\d{2}-\d{2}/.test(row.payDate ?? '') ? row.payDate!.slice(0, 10) : null,
        })
      }
      return importLines(auth, lines, 'econt', `econt ${body.dateFrom}..${body.dateTo}`)
    },

    async checkUnpaid(days?: number): Promise<{ notPaid: number }> {
      const wait = days ?? deps.notPaidDays ?? COD_NOT_PAID_DAYS
      const notPaid = await repo.queueNotPaid(new Date(Date.now() - wait * 86_400_000))
      return { notPaid }
    },

    async mismatches(q: CodMismatchListQuery) {
      const { ids, total } = await repo.mismatches(q)
      const rows = await repo.mismatchViews(ids)
      return { list: rows.map(toMismatch), total }
    },

    /**
     * Resolves an open mismatch, logged: accept takes what was paid (the expected COD when nothing was),
     * adjust the amount given, write off what was paid (0 when nothing); an order mismatch then counts the
     * order collected with that amount. A payout with no order can be accepted or written off only.
     */
    resolve(auth: AuthContext, id: string, body: CodResolveBody): Promise<CodMismatch> {
      return db.transaction(async (tx) => {
        const r = createCodRepository(tx)
        const m = await r.lockMismatch(id)
        if (!m) throw notFound('Mismatch')
        if (m.status !== 'open') throw conflict(`The mismatch is ${m.status} already`)
        if (body.action === 'adjust' && !m.orderId) {
          throw conflict('A payout without an order cannot be adjusted: accept or write it off')
        }
        const amount =
          body.action === 'adjust'
            ? moneyText(cents(body.amount!))
            : body.action === 'accept'
              ? (m.received ?? m.expected ?? '0')
              : (m.received ?? '0')
        if (m.orderId) await r.collect(m.orderId, { amount, mismatchId: m.id })
        const status = { accept: 'accepted', adjust: 'adjusted', write_off: 'written_off' }[body.action]
        await r.resolveMismatch(
          id,
          { status, reason: body.reason, userId: auth.userId },
          {
            action: body.action,
            amount: m.orderId ? amount : null,
            reason: body.reason,
            username: auth.username,
          },
        )
        return mismatchView(id, tx)
      })
    },

    async preview(businessclientId: string, currency: string) {
      const p = await repo.preview(businessclientId, currency)
      return { ordersCount: p.ordersCount, amount: Number(p.amount), currency }
    },

    /**
     * A transfer of the client's collected COD in a currency: the orders locked, each given the transfer
     * and moved COD WAITING → Delivered through the orders' status change (its change-log row), the
     * unpaid bills netted when asked — one transaction. Creations for one client and currency run one
     * after the other; an order is in at most one transfer.
     */
    create(auth: AuthContext, body: TransferCreateBody): Promise<Transfer> {
      return db.transaction(async (tx) => {
        const r = createCodRepository(tx)
        const client = await r.businessClient(body.businessclient)
        if (!client) throw invalid('businessclient', 'is not a business client')
        const account = await r.bankAccount(body.businessclient, body.currency)
        if (!account) {
          throw invalid('currency', 'the business client has no bank account in this currency in its profile')
        }
        await r.lockClientCurrency(body.businessclient, body.currency)
        const taken = await r.lockTransferable(body.businessclient, body.currency)
        if (!taken.length)
          throw conflict('There is no collected COD to transfer for this client and currency')
        const codTotal = taken.reduce((sum, t) => sum + cents(t.amount), 0n)
        let netting = 0n
        const netted: { id: string; sequenceNumber: string; amount: string }[] = []
        if (body.netBills) {
          for (const bill of await r.unpaidBills(body.businessclient, body.currency)) {
            const billCents = cents(bill.amount)
            if (netting + billCents > codTotal) continue
            netting += billCents
            netted.push({ id: bill.id, sequenceNumber: bill.sequence_number, amount: bill.amount })
          }
          await r.markBillsPaid(netted.map((b) => b.id))
        }
        const transfer = await r.insertTransfer({
          businessclientId: body.businessclient,
          currency: body.currency,
          codTotal: moneyText(codTotal),
          amount: moneyText(codTotal - netting),
          nettingAmount: moneyText(netting),
          nettedBills: netted,
          ordersCount: taken.length,
          toBankAccount: {
            accountNr: account.accountNr,
            bankCode: account.bankCode,
            IBAN: account.iban,
            SWIFT: account.swift,
          },
          createdBy: auth.userId,
        })
        const orderIds = taken.map((t) => t.order.id)
        await r.attachCollections(transfer.id, orderIds)
        // Each order joins the transfer in the same write that moves it COD WAITING → Delivered (logged).
        await applyStatusToMany(
          tx,
          taken.map((t) => t.order),
          'Delivered',
          { userId: auth.userId, username: auth.username },
          { codTransferId: transfer.id },
        )
        return transferView(auth, transfer.id, tx)
      })
    },

    list: async (auth: AuthContext, q: TransferListQuery) => {
      const { list, total } = await repo.transfers(auth.scope, q)
      return { list: list.map(toTransfer), total }
    },

    async get(
      auth: AuthContext,
      id: string,
      q: { currentPage: number; itemsPerPage: number },
    ): Promise<TransferDetail> {
      const row = await repo.transfer(auth.scope, id)
      if (!row) throw notFound('Transfer')
      const { rows, total } = await repo.transferOrders(id, pageOf(q))
      return { ...toTransfer(row), orders: { list: rows.map(toTransferOrder), total } }
    },

    setStatus(auth: AuthContext, id: string, status: CodTransferStatus): Promise<Transfer> {
      return db.transaction(async (tx) => {
        const r = createCodRepository(tx)
        const row = await r.transfer(auth.scope, id, true)
        if (!row) throw notFound('Transfer')
        const from = row.status as CodTransferStatus
        if (codTransferNext[from] !== status) {
          throw new AppError(
            'INVALID_TRANSITION',
            `A transfer in status '${from}' cannot change to '${status}'`,
          )
        }
        await r.setTransferStatus([id], status)
        return transferView(auth, id, tx)
      })
    },

    /** Batches of a transfer's orders for the export (after a scope check: 404 for another client's). */
    async exportOrders(auth: AuthContext, id: string) {
      const row = await repo.transfer(auth.scope, id)
      if (!row) throw notFound('Transfer')
      async function* batches() {
        for (let offset = 0; ; offset += 1000) {
          const { rows } = await repo.transferOrders(id, { offset, limit: 1000 })
          if (!rows.length) return
          yield rows.map(toTransferOrder)
          if (rows.length < 1000) return
        }
      }
      return { transfer: row, batches: batches() }
    },
  }
}
export type CodService = ReturnType<typeof createCodService>
