import { countries, currencyOfCountry, type TransferPaymentFileBody } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import {
  type BankAccountRef,
  buildPain001,
  type DebtorAccount,
  type PaymentFile,
  PaymentFileError,
  sendPaymentFiles,
} from '../../../platform/documents/payment-file.ts'
import { AppError, invalid, notFound } from '../../../platform/http/app-error.ts'
import { createCodRepository } from '../cod.repository.ts'

const countryCode = (name: string) => countries.find((c) => c.name === name)?.code

const ref = (a: { IBAN: string; SWIFT?: string; accountNr: string; bankCode: string }): BankAccountRef => ({
  ...(a.IBAN ? { iban: a.IBAN.replace(/\s/g, '') } : {}),
  ...(a.SWIFT ? { bic: a.SWIFT } : {}),
  ...(a.accountNr ? { accountNr: a.accountNr } : {}),
  ...(a.bankCode ? { bankCode: a.bankCode } : {}),
})

/**
 * `POST /transffers/payment-file`: the pain.001 files paying the chosen New transfers, one file per debtor
 * account (FINANCE.md "Bank files"): each currency is paid from the provider's issuer account in it (the
 * issuer of the currency's own country first), under that issuer's name; several accounts answer a ZIP of
 * their files. A transfer to the paying account itself is refused with its number. The transfers are locked
 * and marked Sent in the same transaction the files are built in: a file exists only for transfers now Sent,
 * and a transfer is never in two files.
 */
export async function transfersPaymentFile(
  db: Db,
  body: TransferPaymentFileBody,
  reply: FastifyReply,
  now: () => Date = () => new Date(),
): Promise<FastifyReply> {
  const ids = [...new Set(body.transfers)]
  const createdAt = now()
  const day = createdAt.toISOString().slice(0, 10)
  const files = await db.transaction(async (tx) => {
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
    if (!payable.length) throw invalid('transfers', 'have nothing to pay (every amount is 0)')
    const issuers = await repo.issuers()
    const currencies = [...new Set(payable.map((t) => t.currency))].sort()
    const files: PaymentFile[] = []
    for (const [n, currency] of currencies.entries()) {
      // The issuer of the currency's own country first (CZK → Czech), else any with an account in it.
      const ordered = [...issuers].sort(
        (a, b) =>
          Number(currencyOfCountry(b.country) === currency) -
          Number(currencyOfCountry(a.country) === currency),
      )
      const payer = ordered
        .map((issuer) => ({ issuer, account: issuer.bankaccounts.find((a) => a.currency === currency) }))
        .find((p) => p.account)
      if (!payer?.account) {
        throw invalid('transfers', `the provider has no bank account in ${currency}: add it to an issuer`)
      }
      const transfers = payable.filter((t) => t.currency === currency)
      const debtor: DebtorAccount = {
        ...ref(payer.account),
        name: payer.issuer.name,
        ...(countryCode(payer.issuer.country) ? { country: countryCode(payer.issuer.country) } : {}),
        currency,
      }
      try {
        const xml = buildPain001({
          messageId: `COD-${createdAt.getTime().toString(36)}-${ids[0]!.slice(-6)}-${n + 1}`,
          createdAt,
          executionDate: day,
          debtor,
          transfers: transfers.map((t) => ({
            endToEndId: t.tranfferNr,
            amount: t.amount,
            currency: t.currency,
            creditorName: t.businessclientName,
            creditorAccount: ref(t.toBankAccount),
            remittance: `COD transfer ${t.tranfferNr}`,
          })),
        })
        const account = (
          payer.account.IBAN || `${payer.account.accountNr}-${payer.account.bankCode}`
        ).replace(/[^A-Za-z0-9-]/g, '')
        files.push({ name: `cod-transfers-${day}-${currency}-${account}.xml`, xml })
      } catch (error) {
        if (!(error instanceof PaymentFileError)) throw error
        // transfers[i].x → the transfer's number, so finance knows which transfer to correct.
        const match = /^transfers\[(\d+)\]\.?(.*)$/.exec(error.field)
        const which = match ? `${transfers[Number(match[1])]!.tranfferNr} ${match[2]}`.trim() : error.field
        throw invalid('transfers', `${which}: ${error.reason}`)
      }
    }
    await repo.setTransferStatus(ids, 'Sent')
    return files
  })
  return sendPaymentFiles(reply, files, `cod-transfers-${day}-${ids.length}`)
}
