import { countries, type RefundPaymentFileBody } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../platform/db/database.ts'
import {
  type BankAccountRef,
  buildPain001,
  type PaymentFile,
  PaymentFileError,
  sendPaymentFiles,
} from '../../platform/documents/payment-file.ts'
import { AppError, invalid } from '../../platform/http/app-error.ts'
import { createRefundsRepository, type IssuerRow, type RefundTableRow } from './refunds.repository.ts'

const countryCode = (name: string) => countries.find((c) => c.name === name)?.code

/** The issuer that pays a currency: the first (by country) with a bank account in it. */
function payerOf(issuers: IssuerRow[], currency: string) {
  for (const issuer of issuers) {
    const account = issuer.bankaccounts.find((a) => a.currency === currency)
    if (account) return { issuer, account }
  }
  return undefined
}

const accountRef = (a: {
  IBAN: string
  SWIFT?: string
  accountNr: string
  bankCode: string
}): BankAccountRef =>
  a.IBAN
    ? { iban: a.IBAN, ...(a.SWIFT ? { bic: a.SWIFT } : {}) }
    : { accountNr: a.accountNr, bankCode: a.bankCode }

const creditorAccount = (r: RefundTableRow): BankAccountRef =>
  r.iban ? { iban: r.iban } : { accountNr: r.accountNr, bankCode: r.accountCode }

/**
 * Finance's bank payment file (payment-file.md): a pain.001.001.03 of the Approved refunds chosen (or all),
 * marked Pending Bank Confirmation in the same transaction, so no file has a refund that is not marked and
 * no refund is in two files: the rows are locked, and a refund another call took meanwhile is no longer
 * Approved when its lock is granted. One file per debtor account (FINANCE.md "Bank files"): each currency
 * is paid from the provider's issuer holding an account in it, under that issuer's name; refunds in several
 * currencies answer a ZIP of the files, each refund marked with its own file's id.
 */
export async function sendRefundsPaymentFile(
  deps: { db: Db; now?: () => Date },
  body: RefundPaymentFileBody,
  reply: FastifyReply,
) {
  const now = deps.now?.() ?? new Date()
  const ids = body.refunds ? [...new Set(body.refunds)] : undefined
  const { files, count } = await deps.db.transaction(async (tx) => {
    const repo = createRefundsRepository(tx)
    const rows = await repo.lockApproved(ids, body.currency)
    if (ids && rows.length < ids.length) {
      const taken = new Set(rows.map((r) => r.id))
      const missing = ids.filter((id) => !taken.has(id))
      throw new AppError(
        'CONFLICT',
        `${missing.length} of the chosen refunds are not Approved (already sent, or not approved): nothing was sent`,
        { refunds: `not Approved: ${missing.join(', ')}` },
      )
    }
    if (!rows.length) throw new AppError('CONFLICT', 'There are no Approved refunds to send')

    const issuers = await repo.issuers()
    const currencies = [...new Set(rows.map((r) => r.currency))].sort()
    const payers = new Map<string, ReturnType<typeof payerOf>>(
      currencies.map((c) => [c, payerOf(issuers, c)]),
    )
    const noAccount = currencies.find((c) => !payers.get(c))
    if (noAccount)
      throw new AppError(
        'CONFLICT',
        `The provider has no bank account in ${noAccount}: add it to an issuer`,
        {
          currency: `no provider bank account in ${noAccount}`,
        },
      )
    const orderNumbers = await repo.orderNumbers([...new Set(rows.map((r) => r.orderId))])
    const day = now.toISOString().slice(0, 10)
    const stamp = uuidv7().slice(-12)
    // One file per debtor account: each currency from the issuer holding the account in it, under its name.
    const files: (PaymentFile & { messageId: string; ids: string[] })[] = []
    for (const [n, currency] of currencies.entries()) {
      const { issuer, account } = payers.get(currency)!
      const paid = rows.filter((r) => r.currency === currency)
      const messageId = `REF-${day.replaceAll('-', '')}-${stamp}${currencies.length > 1 ? `-${n + 1}` : ''}`
      try {
        const xml = buildPain001({
          messageId,
          createdAt: now,
          executionDate: day,
          debtor: {
            ...accountRef(account),
            name: issuer.name,
            ...(countryCode(issuer.country) ? { country: countryCode(issuer.country) } : {}),
            currency,
          },
          transfers: paid.map((r) => ({
            endToEndId: r.refundid,
            amount: r.amount,
            currency: r.currency,
            creditorName: r.name,
            creditorAccount: creditorAccount(r),
            remittance: `Refund ${r.refundid} order ${orderNumbers.get(r.orderId) ?? ''}`.trim(),
          })),
        })
        const accountName = (account.IBAN || `${account.accountNr}-${account.bankCode}`).replace(
          /[^A-Za-z0-9-]/g,
          '',
        )
        files.push({
          name: `refunds-${day}-${currency}-${accountName}.xml`,
          xml,
          messageId,
          ids: paid.map((r) => r.id),
        })
      } catch (error) {
        if (!(error instanceof PaymentFileError)) throw error
        // transfers[i].x → the refund's number, so finance knows which refund to correct.
        const match = /^transfers\[(\d+)\]/.exec(error.field)
        const field = match ? `refunds.${paid[Number(match[1])]!.refundid}` : error.field
        throw invalid(field, error.reason)
      }
    }
    for (const file of files) {
      await repo.setStatus(file.ids, {
        status: 'Pending Bank Confirmation',
        paymentFileId: file.messageId,
        sentAt: now,
        errorMsgs: [],
      })
    }
    return { files, count: rows.length }
  })
  reply.header('x-payment-file-id', files.map((f) => f.messageId).join(', '))
  return sendPaymentFiles(reply, files, `refunds-${now.toISOString().slice(0, 10)}-${count}`)
}
