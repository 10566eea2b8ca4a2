import { PassThrough } from 'node:stream'
import { bankAccountProblems, cents, czechAccountIban, isValidIban, moneyText } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import { create } from 'xmlbuilder2'
import { ZipWriter } from './zip-writer.ts'

/**
 * Bank payment files (docs/FINANCE.md "Documents as files"): ISO 20022 `pain.001.001.03` customer credit
 * transfer initiations, the file a bank's internet banking imports to pay many transfers at once. One
 * builder for every payout: COD transfers to business clients and refunds to end customers.
 *
 * One file per debtor account (FINANCE.md "Bank files"): one payment block (PmtInf) debiting that account,
 * under its holder's name (the legal entity owning it), in its one currency, with its control sum; a
 * payment to the debtor account itself is refused, and a BIC must be the bank of a CZ/SK IBAN. EUR goes as SEPA (service level SEPA, charges SLEV, IBAN only); other currencies (CZK,
 * RON, BGN …) as domestic transfers. A Czech account given as number and bank code is sent as its IBAN
 * (every Czech bank takes it); an account that has no IBAN form goes as a proprietary id with the bank's
 * clearing code. Validated against the official XSD in payment-file.test.ts.
 */

export interface BankAccountRef {
  /** EUR (SEPA) and any account that has one. */
  iban?: string
  bic?: string
  /** A domestic account without an IBAN: number (e.g. '19-2000145399') and bank code (e.g. '0800'). */
  accountNr?: string
  bankCode?: string
}

export interface CreditTransfer {
  /** Ours, unique, ≤ 35 characters: the refund's refundid, the transfer's tranfferNr. */
  endToEndId: string
  /** Decimal with at most 2 places, > 0. */
  amount: string | number
  currency: string
  creditorName: string
  creditorAccount: BankAccountRef
  /** Remittance text (≤ 140 characters), e.g. 'Refund R-000123 order 10045'. */
  remittance: string
}

/** The account a file pays from, with its holder: the legal entity that owns it (FINANCE.md "Bank files"). */
export interface DebtorAccount extends BankAccountRef {
  /** The account holder's name: the issuer (legal entity) owning the account, not one name for all. */
  name: string
  /** ISO 3166 alpha-2 of the holder's seat. */
  country?: string
  /** The account's currency: every transfer of the file is in it. */
  currency: string
}

/** One file: one debtor account, in its currency (a bank imports a file per account it debits). */
export interface PaymentBatch {
  /** Unique per file (≤ 35 characters). */
  messageId: string
  createdAt: Date
  /** YYYY-MM-DD */
  executionDate: string
  debtor: DebtorAccount
  transfers: CreditTransfer[]
}

/** Input a bank would refuse, named by its field (`transfers[2].creditorAccount`) and reason. */
export class PaymentFileError extends Error {
  readonly field: string
  readonly reason: string
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`)
    this.name = 'PaymentFileError'
    this.field = field
    this.reason = reason
  }
}

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03'
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/
/** The ISO 20022 identifier characters (the SEPA set): ids refused otherwise rather than changed. */
const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/

/**
 * Text as the SEPA character set allows (EPC guidelines: Latin letters, digits, / - ? : ( ) . , ' + and
 * space): accents dropped (Dvořák → Dvorak, Ștefan → Stefan), anything else a space, cut to `max`.
 */
export function sepaText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
}

type Account = { iban: string } | { other: string; bankCode: string }

/** The account as the file carries it: an IBAN when it has one (a Czech number → its IBAN), else number + bank. */
function accountOf(ref: BankAccountRef, field: string, sepa: boolean): Account {
  const iban = ref.iban?.replace(/\s+/g, '').toUpperCase()
  if (iban) {
    if (!isValidIban(iban)) throw new PaymentFileError(field, 'the IBAN is not valid')
    return { iban }
  }
  const number = ref.accountNr?.trim() ?? ''
  const bankCode = ref.bankCode?.trim() ?? ''
  if (number && bankCode) {
    const czech = czechAccountIban(number, bankCode)
    if (czech) return { iban: czech }
    if (sepa) throw new PaymentFileError(field, 'a SEPA (EUR) transfer needs an IBAN')
    if (!SEPA_ID.test(number) || !SEPA_ID.test(bankCode)) {
      throw new PaymentFileError(field, 'the account number or bank code has characters a bank refuses')
    }
    return { other: number, bankCode }
  }
  throw new PaymentFileError(field, 'an IBAN, or an account number and a bank code, is required')
}

const accountXml = (account: Account) =>
  'iban' in account ? { Id: { IBAN: account.iban } } : { Id: { Othr: { Id: account.other } } }

/** The bank (agent) of an account: its BIC when known; else the clearing code of a domestic account. */
function agentXml(ref: BankAccountRef, account: Account, field: string, required: boolean) {
  const bic = ref.bic?.replace(/\s+/g, '').toUpperCase()
  if (bic) {
    if (!BIC.test(bic)) throw new PaymentFileError(field, 'the BIC is not valid')
    return { FinInstnId: { BIC: bic } }
  }
  if ('bankCode' in account) return { FinInstnId: { ClrSysMmbId: { MmbId: account.bankCode } } }
  // EPC: an IBAN-only payment names no bank; the debtor's agent is required by the schema.
  return required ? { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } } : undefined
}

/** The account's IBAN (a Czech number → its IBAN) for comparing two accounts; '' when it has none. */
const comparable = (account: Account) =>
  'iban' in account ? account.iban : `${account.bankCode}/${account.other}`

/**
 * Refuses an account whose BIC is another bank's than the one inside its CZ/SK IBAN (the bank-code table).
 * The paying account is checked whole (a bank code no bank has); a creditor's only when a BIC is given.
 */
function checkBank(ref: BankAccountRef, account: Account, field: string, debtor: boolean): void {
  if (!('iban' in account) || (!debtor && !ref.bic)) return
  const problems = bankAccountProblems({ IBAN: account.iban, SWIFT: ref.bic ?? '' })
  const [key, reason] = Object.entries(problems)[0] ?? []
  if (key && reason) throw new PaymentFileError(key === 'SWIFT' ? `${field}.bic` : field, `${key} ${reason}`)
}

/**
 * The XML text of a pain.001.001.03 file for `batch`: one payment block (PmtInf) debiting the one debtor
 * account, in its currency, under its holder's name, its control sum in that one currency. A transfer in
 * another currency, or to the debtor account itself, is refused; PaymentFileError names what a bank would refuse.
 */
export function buildPain001(batch: PaymentBatch): string {
  if (!SEPA_ID.test(batch.messageId)) throw new PaymentFileError('messageId', 'up to 35 SEPA characters')
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.executionDate)) {
    throw new PaymentFileError('executionDate', 'a date as YYYY-MM-DD')
  }
  if (!batch.transfers.length) throw new PaymentFileError('transfers', 'there is nothing to pay')
  const debtorName = sepaText(batch.debtor.name, 70)
  if (!debtorName) throw new PaymentFileError('debtor.name', 'required')
  const currency = batch.debtor.currency.toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) throw new PaymentFileError('debtor.currency', 'an ISO 4217 code')
  const sepa = currency === 'EUR'
  const debtorAccount = accountOf(batch.debtor, 'debtor.account', sepa)
  checkBank(batch.debtor, debtorAccount, 'debtor.account', true)
  const debtorAgent = agentXml(batch.debtor, debtorAccount, 'debtor.account.bic', true)

  const seen = new Set<string>()
  let units = 0n
  const transfers = batch.transfers.map((transfer, i) => {
    const field = `transfers[${i}]`
    if (!SEPA_ID.test(transfer.endToEndId)) {
      throw new PaymentFileError(`${field}.endToEndId`, 'up to 35 SEPA characters')
    }
    if (seen.has(transfer.endToEndId)) throw new PaymentFileError(`${field}.endToEndId`, 'used twice')
    seen.add(transfer.endToEndId)
    const transferCurrency = transfer.currency.toUpperCase()
    if (transferCurrency !== currency) {
      throw new PaymentFileError(
        `${field}.currency`,
        `is ${transferCurrency}, but this file pays from the ${currency} account: one file per debtor account and currency`,
      )
    }
    let amount: bigint
    try {
      amount = cents(transfer.amount)
    } catch {
      throw new PaymentFileError(`${field}.amount`, 'a number with at most 2 decimals')
    }
    if (amount <= 0n) throw new PaymentFileError(`${field}.amount`, 'must be more than 0')
    const name = sepaText(transfer.creditorName, 70)
    if (!name) throw new PaymentFileError(`${field}.creditorName`, 'required')
    const account = accountOf(transfer.creditorAccount, `${field}.creditorAccount`, sepa)
    if (comparable(account) === comparable(debtorAccount)) {
      throw new PaymentFileError(
        `${field}.creditorAccount`,
        `is the paying account itself (${comparable(account)}): a payment from an account to the same account`,
      )
    }
    checkBank(transfer.creditorAccount, account, `${field}.creditorAccount`, false)
    const agent = agentXml(transfer.creditorAccount, account, `${field}.creditorAccount.bic`, false)
    const remittance = sepaText(transfer.remittance, 140)
    units += amount
    return {
      PmtId: { EndToEndId: transfer.endToEndId },
      Amt: { InstdAmt: { '@Ccy': currency, '#': moneyText(amount) } },
      ...(agent ? { CdtrAgt: agent } : {}),
      Cdtr: { Nm: name },
      CdtrAcct: accountXml(account),
      ...(remittance ? { RmtInf: { Ustrd: remittance } } : {}),
    }
  })

  const block = {
    PmtInfId: sepaText(`${batch.messageId}-1`, 35),
    PmtMtd: 'TRF',
    BtchBookg: 'false',
    NbOfTxs: String(transfers.length),
    CtrlSum: moneyText(units),
    ...(sepa ? { PmtTpInf: { SvcLvl: { Cd: 'SEPA' } } } : {}),
    ReqdExctnDt: batch.executionDate,
    Dbtr: {
      Nm: debtorName,
      ...(batch.debtor.country ? { PstlAdr: { Ctry: batch.debtor.country } } : {}),
    },
    DbtrAcct: { ...accountXml(debtorAccount), Ccy: currency },
    DbtrAgt: debtorAgent,
    ...(sepa ? { ChrgBr: 'SLEV' } : {}),
    CdtTrfTxInf: transfers,
  }
  const document = {
    Document: {
      '@xmlns': NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.messageId,
          // ISODateTime without a zone offset, as banks' importers expect (UTC).
          CreDtTm: batch.createdAt.toISOString().slice(0, 19),
          NbOfTxs: String(transfers.length),
          // One block in one currency: the group's control sum is that block's, never a sum of currencies.
          CtrlSum: moneyText(units),
          InitgPty: { Nm: debtorName },
        },
        PmtInf: [block],
      },
    },
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true })
}

export interface PaymentFile {
  /** The file's name inside the answer (…-CZ6520100000002000145399.xml). */
  name: string
  xml: string
}

/**
 * Sends the payment files of one request: the file itself when there is one; a ZIP of them, one file per
 * debtor account, when the chosen payments are debited from several accounts (each file is what the bank
 * of that account imports).
 */
export async function sendPaymentFiles(
  reply: FastifyReply,
  files: PaymentFile[],
  baseName: string,
): Promise<FastifyReply> {
  if (files.length === 1) {
    reply.header('content-type', 'application/xml; charset=utf-8')
    reply.header('content-disposition', `attachment; filename="${baseName}.xml"`)
    return reply.send(files[0]!.xml)
  }
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const zip = new ZipWriter(out)
  const now = new Date()
  for (const file of files) await zip.add(file.name, Buffer.from(file.xml, 'utf8'), now)
  await zip.finish()
  reply.header('content-type', 'application/zip')
  reply.header('content-disposition', `attachment; filename="${baseName}.zip"`)
  return reply.send(Buffer.concat(chunks))
}
