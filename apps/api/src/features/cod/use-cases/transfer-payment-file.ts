import { currencyOfCountry, type TransferPaymentFileBody } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import {
  type BankAccountRef,
  buildPain001,
  PaymentFileError,
} from '../../../platform/documents/payment-file.ts'
import { AppError, invalid, notFound } from '../../../platform/http/app-error.ts'
import { createCodRepository } from '../cod.repository.ts'

const ref = (a: { IBAN: string; SWIFT?: string; accountNr: string; bankCode: string }): BankAccountRef => ({
  ...(a.IBAN ? { iban: a.IBAN.replace(/\s/g, '') } : {}),
  ...(a.SWIFT ? { bic: a.SWIFT } : {}),
  ...(a.accountNr ? { accountNr: a.accountNr } : {}),
  ...(a.bankCode ? { bankCode: a.bankCode } : {}),
})

/**
 * `POST /transffers/payment-file`: one pain.001 file paying the chosen New transfers, from the provider's
 * issuer account in each currency. The transfers are locked and marked Sent in the same transaction the
 * file is built in: a file exists only for transfers now Sent, and a transfer is never in two files.
 */
export async function transfersPaymentFile(
  db: Db,
  body: TransferPaymentFileBody,
  reply: FastifyReply,
  now: () => Date = () => new Date(),
): Promise<FastifyReply> {
  const ids = [...new Set(body.transfers)]
  const xml = await db.transaction(async (tx) => {
    const repo = createCodRepository(tx)
    const rows = await repo.lockTransfers(ids)
    if (rows.length !== ids.length) throw notFound('Transfer')
    const notNew = rows.find((t) => t.status !== 'New')
    if (notNew) {
      throw new AppError('CONFLICT', `Transfer ${notNew.tranfferNr} is ${notNew.status}, not New`, {
        transfers: `${notNew.tranfferNr} is ${notNew.status}`,
      })
    }
    const payable = rows.filter((t) => Number(t.amount) > 0)
    const issuers = await repo.issuers()
    const debtorAccounts: Record<string, BankAccountRef> = {}
    let debtorName = ''
    for (const currency of new Set(payable.map((t) => t.currency))) {
      // The issuer of the currency's own country first (CZK → Czech), else any with an account in it.
      const ordered = [...issuers].sort(
        (a, b) =>
          Number(currencyOfCountry(b.country) === currency) -
          Number(currencyOfCountry(a.country) === currency),
      )
      for (const issuer of ordered) {
        const account = issuer.bankaccounts.find((a) => a.currency === currency)
        if (!account) continue
        debtorAccounts[currency] = ref(account)
        debtorName ||= issuer.name
        break
      }
    }
    const createdAt = now()
    let file = ''
    if (payable.length) {
      try {
        file = buildPain001({
          messageId: `COD-${createdAt.getTime().toString(36)}-${ids[0]!.slice(-6)}`,
          createdAt,
          executionDate: createdAt.toISOString().slice(0, 10),
          debtor: { name: debtorName || 'Expedo' },
          debtorAccounts,
          transfers: payable.map((t) => ({
            endToEndId: t.tranfferNr,
            amount: t.amount,
            currency: t.currency,
            creditorName: t.businessclientName,
            creditorAccount: ref(t.toBankAccount),
            remittance: `COD transfer ${t.tranfferNr}`,
          })),
        })
      } catch (error) {
        if (error instanceof PaymentFileError) throw invalid('transfers', `${error.field}: ${error.reason}`)
        throw error
      }
    } else {
      throw invalid('transfers', 'have nothing to pay (every amount is 0)')
    }
    await repo.setTransferStatus(ids, 'Sent')
    return file
  })
  const day = now().toISOString().slice(0, 10)
  reply.header('content-type', 'application/xml; charset=utf-8')
  reply.header('content-disposition', `attachment; filename="cod-transfers-${day}-${ids.length}.xml"`)
  return reply.send(xml)
}
