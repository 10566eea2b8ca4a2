import { countries, type RefundPaymentFileBody } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../platform/db/database.ts'
import { type BankAccountRef, buildPain001, PaymentFileError } from '../../platform/documents/payment-file.ts'
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
 * Approved when its lock is granted. The file's debtor is the provider's issuer holding the currency's account.
 */
export async function sendRefundsPaymentFile(
  deps: { db: Db; now?: () => Date },
  body: RefundPaymentFileBody,
  reply: FastifyReply,
) {
  const now = deps.now?.() ?? new Date()
  const ids = body.refunds ? [...new Set(body.refunds)] : undefined
  const { xml, count, messageId } = await deps.db.transaction(async (tx) => {
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
    const issuerIds = new Set([...payers.values()].map((p) => p!.issuer.id))
    if (issuerIds.size > 1)
      throw invalid(
        ids ? 'refunds' : 'currency',
        `are paid from accounts of different issuers (${currencies.join(', ')}): send one currency at a time`,
      )
    const debtor = payers.get(currencies[0]!)!.issuer
    const orderNumbers = await repo.orderNumbers([...new Set(rows.map((r) => r.orderId))])
    const messageId = `REF-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${uuidv7().slice(-12)}`
    let xml: string
    try {
      xml = buildPain001({
        messageId,
        createdAt: now,
        executionDate: now.toISOString().slice(0, 10),
        debtor: {
          name: debtor.name,
          ...(countryCode(debtor.country) ? { country: countryCode(debtor.country) } : {}),
        },
        debtorAccounts: Object.fromEntries(currencies.map((c) => [c, accountRef(payers.get(c)!.account)])),
        transfers: rows.map((r) => ({
          endToEndId: r.refundid,
          amount: r.amount,
          currency: r.currency,
          creditorName: r.name,
          creditorAccount: creditorAccount(r),
          remittance: `Refund ${r.refundid} order ${orderNumbers.get(r.orderId) ?? ''}`.trim(),
        })),
      })
    } catch (error) {
      if (!(error instanceof PaymentFileError)) throw error
      // transfers[i].x → the refund's number, so finance knows which refund to correct.
      const match = /^transfers\[(\d+)\]/.exec(error.field)
      const field = match ? `refunds.${rows[Number(match[1])]!.refundid}` : error.field
      throw invalid(field, error.reason)
    }
    await repo.setStatus(
      rows.map((r) => r.id),
      { status: 'Pending Bank Confirmation', paymentFileId: messageId, sentAt: now, errorMsgs: [] },
    )
    return { xml, count: rows.length, messageId }
  })
  return reply
    .type('application/xml')
    .header(
      'content-disposition',
      `attachment; filename="refunds-${now.toISOString().slice(0, 10)}-${count}.xml"`,
    )
    .header('x-payment-file-id', messageId)
    .send(xml)
}
