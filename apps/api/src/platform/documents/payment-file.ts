import { cents, czechAccountIban, isValidIban, moneyText } from '@expedo/domain'
import { create } from 'xmlbuilder2'

/**
 * Bank payment files (docs/FINANCE.md "Documents as files"): ISO 20022 `pain.001.001.03` customer credit
 * transfer initiations, the file a bank's internet banking imports to pay many transfers at once. One
 * builder for every payout: COD transfers to business clients and refunds to end customers.
 *
 * One file holds one payment block (PmtInf) per currency, each debited from the provider's account in
 * that currency. EUR goes as SEPA (service level SEPA, charges SLEV, IBAN only); other currencies (CZK,
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

export interface PaymentBatch {
  /** Unique per file (≤ 35 characters). */
  messageId: string
  createdAt: Date
  /** YYYY-MM-DD */
  executionDate: string
  debtor: { name: string; country?: string }
  /** The paying account per currency: the provider's issuer's bank account in that currency. */
  debtorAccounts: Record<string, BankAccountRef>
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

/** The XML text of a pain.001.001.03 file for `batch`; PaymentFileError names what a bank would refuse. */
export function buildPain001(batch: PaymentBatch): string {
  if (!SEPA_ID.test(batch.messageId)) throw new PaymentFileError('messageId', 'up to 35 SEPA characters')
  if (!/^\d{4}-\d{2}-\d{2}$/.test(batch.executionDate)) {
    throw new PaymentFileError('executionDate', 'a date as YYYY-MM-DD')
  }
  if (!batch.transfers.length) throw new PaymentFileError('transfers', 'there is nothing to pay')
  const debtorName = sepaText(batch.debtor.name, 70)
  if (!debtorName) throw new PaymentFileError('debtor.name', 'required')

  const seen = new Set<string>()
  const byCurrency = new Map<string, { units: bigint; transfers: object[] }>()
  batch.transfers.forEach((transfer, i) => {
    const field = `transfers[${i}]`
    if (!SEPA_ID.test(transfer.endToEndId)) {
      throw new PaymentFileError(`${field}.endToEndId`, 'up to 35 SEPA characters')
    }
    if (seen.has(transfer.endToEndId)) throw new PaymentFileError(`${field}.endToEndId`, 'used twice')
    seen.add(transfer.endToEndId)
    const currency = transfer.currency.toUpperCase()
    if (!/^[A-Z]{3}$/.test(currency)) throw new PaymentFileError(`${field}.currency`, 'an ISO 4217 code')
    let units: bigint
    try {
      units = cents(transfer.amount)
    } catch {
      throw new PaymentFileError(`${field}.amount`, 'a number with at most 2 decimals')
    }
    if (units <= 0n) throw new PaymentFileError(`${field}.amount`, 'must be more than 0')
    const name = sepaText(transfer.creditorName, 70)
    if (!name) throw new PaymentFileError(`${field}.creditorName`, 'required')
    const sepa = currency === 'EUR'
    const account = accountOf(transfer.creditorAccount, `${field}.creditorAccount`, sepa)
    const agent = agentXml(transfer.creditorAccount, account, `${field}.creditorAccount.bic`, false)
    const remittance = sepaText(transfer.remittance, 140)
    const block = byCurrency.get(currency) ?? { units: 0n, transfers: [] }
    block.units += units
    block.transfers.push({
      PmtId: { EndToEndId: transfer.endToEndId },
      Amt: { InstdAmt: { '@Ccy': currency, '#': moneyText(units) } },
      ...(agent ? { CdtrAgt: agent } : {}),
      Cdtr: { Nm: name },
      CdtrAcct: accountXml(account),
      ...(remittance ? { RmtInf: { Ustrd: remittance } } : {}),
    })
    byCurrency.set(currency, block)
  })

  const blocks = [...byCurrency].map(([currency, block], i) => {
    const ref = batch.debtorAccounts[currency]
    const field = `debtorAccounts.${currency}`
    if (!ref) throw new PaymentFileError(field, `the provider has no bank account in ${currency}`)
    const sepa = currency === 'EUR'
    const account = accountOf(ref, field, sepa)
    return {
      PmtInfId: sepaText(`${batch.messageId}-${i + 1}`, 35),
      PmtMtd: 'TRF',
      BtchBookg: 'false',
      NbOfTxs: String(block.transfers.length),
      CtrlSum: moneyText(block.units),
      ...(sepa ? { PmtTpInf: { SvcLvl: { Cd: 'SEPA' } } } : {}),
      ReqdExctnDt: batch.executionDate,
      Dbtr: {
        Nm: debtorName,
        ...(batch.debtor.country ? { PstlAdr: { Ctry: batch.debtor.country } } : {}),
      },
      DbtrAcct: { ...accountXml(account), Ccy: currency },
      DbtrAgt: agentXml(ref, account, `${field}.bic`, true),
      ...(sepa ? { ChrgBr: 'SLEV' } : {}),
      CdtTrfTxInf: block.transfers,
    }
  })
  const total = [...byCurrency.values()].reduce((sum, b) => sum + b.units, 0n)
  const document = {
    Document: {
      '@xmlns': NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.messageId,
          // ISODateTime without a zone offset, as banks' importers expect (UTC).
          CreDtTm: batch.createdAt.toISOString().slice(0, 19),
          NbOfTxs: String(batch.transfers.length),
          CtrlSum: moneyText(total),
          InitgPty: { Nm: debtorName },
        },
        PmtInf: blocks,
      },
    },
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, document).end({ prettyPrint: true })
}
