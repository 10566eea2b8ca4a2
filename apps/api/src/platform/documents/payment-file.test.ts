import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { create } from 'xmlbuilder2'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { buildPain001, type PaymentBatch, PaymentFileError, sepaText } from './payment-file.ts'

const schema = path.resolve(import.meta.dirname, '../../../test/fixtures/iso20022/pain.001.001.03.xsd')
const dir = mkdtempSync(path.join(tmpdir(), 'expedo-pain-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** xmllint's verdict on `xml` against the official pain.001.001.03 schema. */
function validate(xml: string, name: string): { ok: boolean; output: string } {
  const xmllint = ensureDebianTool('xmllint', 'libxml2-utils')
  const file = path.join(dir, `${name}.xml`)
  writeFileSync(file, xml)
  const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
  return { ok: r.status === 0, output: r.stderr }
}

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree, read only by the assertions
type Json = Record<string, any>
const parsed = (xml: string): Json => create(xml).end({ format: 'object' }) as Json
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value])

/** A file paying euros from the Slovak issuer's Tatra banka account. */
const batch = (overrides: Partial<PaymentBatch> = {}): PaymentBatch => ({
  messageId: 'EXP-REF-20261127-1',
  createdAt: new Date('2026-11-27T10:15:30.123Z'),
  executionDate: '2026-11-30',
  debtor: {
    name: 'Expedo Fulfilment SK s.r.o.',
    country: 'SK',
    currency: 'EUR',
    iban: 'SK24 1100 0000 0026 1234 5678',
    bic: 'TATRSKBX',
  },
  transfers: [
    {
      endToEndId: 'R-000001',
      amount: '12.5',
      currency: 'EUR',
      creditorName: 'Ján Dvořák',
      creditorAccount: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
      remittance: 'Refund R-000001 order 10045',
    },
    {
      endToEndId: 'R-000002',
      amount: 99.99,
      currency: 'EUR',
      creditorName: 'Ștefan Popescu',
      creditorAccount: { iban: 'SK6609000000005012345678' },
      remittance: 'Refund R-000002 order 10046',
    },
  ],
  ...overrides,
})

/** The Czech issuer's CZK account (Fio, as number and bank code) and the Romanian issuer's RON account. */
const czkDebtor = {
  name: 'Expedo Fulfilment s.r.o.',
  country: 'CZ',
  currency: 'CZK',
  accountNr: '2000145399',
  bankCode: '2010',
  bic: 'FIOBCZPP',
}
const ronDebtor = {
  name: 'Expedo Fulfilment RO S.R.L.',
  country: 'RO',
  currency: 'RON',
  iban: 'RO49AAAA1B31007593840000',
}
const czkTransfer = {
  endToEndId: 'TR-2026-000007',
  amount: '15230.00',
  currency: 'CZK',
  creditorName: 'Eshop One s.r.o.',
  creditorAccount: { accountNr: '19-2000145399', bankCode: '0800' },
  remittance: 'COD transfer TR-2026-000007',
}
const ronTransfer = {
  endToEndId: 'TR-2026-000008',
  amount: '420.10',
  currency: 'RON',
  creditorName: 'Magazin Online SRL',
  creditorAccount: { iban: 'RO61 BTRL EURC RT05 9384 0001' },
  remittance: 'COD transfer TR-2026-000008',
}

describe('buildPain001', () => {
  it('writes one payment block debiting the one account, under its holder, that the official schema accepts', () => {
    const xml = buildPain001(batch())
    const verdict = validate(xml, 'eur')
    expect(verdict.output).toContain('validates')
    expect(verdict.ok).toBe(true)
    // the check can fail: a block without its payment method is refused
    expect(validate(xml.replace('<PmtMtd>TRF</PmtMtd>', ''), 'broken').ok).toBe(false)

    const initiation = parsed(xml).Document.CstmrCdtTrfInitn
    expect(initiation.GrpHdr).toMatchObject({
      MsgId: 'EXP-REF-20261127-1',
      CreDtTm: '2026-11-27T10:15:30',
      NbOfTxs: '2',
      CtrlSum: '112.49',
      InitgPty: { Nm: 'Expedo Fulfilment SK s.r.o.' },
    })
    const blocks = list(initiation.PmtInf)
    expect(blocks).toHaveLength(1)
    const [eur] = blocks as [Json]
    // SEPA for euros: service level, shared charges SLEV, the debtor's bank by its BIC
    expect(eur).toMatchObject({
      NbOfTxs: '2',
      CtrlSum: '112.49',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: '2026-11-30',
      Dbtr: { Nm: 'Expedo Fulfilment SK s.r.o.', PstlAdr: { Ctry: 'SK' } },
      DbtrAcct: { Id: { IBAN: 'SK2411000000002612345678' }, Ccy: 'EUR' },
      DbtrAgt: { FinInstnId: { BIC: 'TATRSKBX' } },
      ChrgBr: 'SLEV',
    })
    const [first, second] = list(eur.CdtTrfTxInf) as [Json, Json]
    expect(first).toMatchObject({
      PmtId: { EndToEndId: 'R-000001' },
      Amt: { InstdAmt: { '@Ccy': 'EUR', '#': '12.50' } },
      CdtrAgt: { FinInstnId: { BIC: 'COBADEFFXXX' } },
      // the SEPA character set: accents dropped, not the letters
      Cdtr: { Nm: 'Jan Dvorak' },
      CdtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
      RmtInf: { Ustrd: 'Refund R-000001 order 10045' },
    })
    expect(second.Cdtr.Nm).toBe('Stefan Popescu')
    expect(second.CdtrAgt).toBeUndefined()
    expect(second.Amt.InstdAmt['#']).toBe('99.99')
  })

  it('makes one file per debtor account: each its holder, its currency, its own control sum, each valid', () => {
    const files = [
      buildPain001(batch()),
      buildPain001(batch({ messageId: 'EXP-COD-2', debtor: czkDebtor, transfers: [czkTransfer] })),
      buildPain001(batch({ messageId: 'EXP-COD-3', debtor: ronDebtor, transfers: [ronTransfer] })),
    ]
    for (const [i, xml] of files.entries()) expect(validate(xml, `file-${i}`).ok).toBe(true)
    const [eur, czk, ron] = files.map((xml) => parsed(xml).Document.CstmrCdtTrfInitn) as [Json, Json, Json]
    expect([eur, czk, ron].map((f) => f.PmtInf.Dbtr.Nm)).toEqual([
      'Expedo Fulfilment SK s.r.o.',
      'Expedo Fulfilment s.r.o.',
      'Expedo Fulfilment RO S.R.L.',
    ])
    expect([eur, czk, ron].map((f) => [f.GrpHdr.CtrlSum, f.PmtInf.CtrlSum, f.PmtInf.DbtrAcct.Ccy])).toEqual([
      ['112.49', '112.49', 'EUR'],
      ['15230.00', '15230.00', 'CZK'],
      ['420.10', '420.10', 'RON'],
    ])
    // Czech crowns: a domestic transfer, the account number and bank code sent as the account's IBAN
    expect(czk.PmtInf.PmtTpInf).toBeUndefined()
    expect(czk.PmtInf.ChrgBr).toBeUndefined()
    expect(czk.PmtInf.DbtrAcct.Id.IBAN).toBe('CZ9320100000002000145399')
    expect(czk.PmtInf.DbtrAgt).toEqual({ FinInstnId: { BIC: 'FIOBCZPP' } })
    expect(czk.PmtInf.CdtTrfTxInf.CdtrAcct.Id.IBAN).toBe('CZ6508000000192000145399')
    expect(czk.PmtInf.CdtTrfTxInf.Amt.InstdAmt).toEqual({ '@Ccy': 'CZK', '#': '15230.00' })
    expect(ron.PmtInf.DbtrAgt).toEqual({ FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } })
    expect(ron.PmtInf.CdtTrfTxInf.CdtrAcct.Id.IBAN).toBe('RO61BTRLEURCRT0593840001')
  })

  it('refuses a transfer in another currency than the debtor account’s: no file mixes currencies', () => {
    expect(() => buildPain001(batch({ transfers: [...batch().transfers, czkTransfer] }))).toThrow(
      expect.objectContaining({ field: 'transfers[2].currency' }),
    )
  })

  it('refuses a payment whose creditor account is the debtor account, however it is written', () => {
    const to = (creditorAccount: PaymentBatch['transfers'][number]['creditorAccount']) => () =>
      buildPain001(batch({ debtor: czkDebtor, transfers: [{ ...czkTransfer, creditorAccount }] }))
    const same = expect.objectContaining({
      field: 'transfers[0].creditorAccount',
      reason: expect.stringContaining('the paying account itself'),
    })
    expect(to({ accountNr: '2000145399', bankCode: '2010' })).toThrow(same)
    expect(to({ iban: 'CZ93 2010 0000 0020 0014 5399' })).toThrow(same)
    expect(to({ iban: 'cz9320100000002000145399', bic: 'FIOBCZPP' })).toThrow(same)
  })

  it('refuses a BIC that is another bank than the one inside a Czech or Slovak IBAN', () => {
    // the old demo payer: Fio's BIC on a Česká spořitelna (0800) IBAN
    expect(() =>
      buildPain001(
        batch({
          debtor: { ...czkDebtor, accountNr: '19-2000145399', bankCode: '0800' },
          transfers: [czkTransfer],
        }),
      ),
    ).toThrow(
      expect.objectContaining({ field: 'debtor.account.bic', reason: expect.stringContaining('GIBACZPX') }),
    )
    const one = batch().transfers[1]!
    expect(() =>
      buildPain001(
        batch({
          transfers: [{ ...one, creditorAccount: { iban: one.creditorAccount.iban, bic: 'TATRSKBX' } }],
        }),
      ),
    ).toThrow(expect.objectContaining({ field: 'transfers[0].creditorAccount.bic' }))
  })

  it('sends an account that has no IBAN form by its number and the bank’s clearing code, still valid', () => {
    const xml = buildPain001(
      batch({
        debtor: { name: 'Expedo HU Kft.', currency: 'HUF', iban: 'HU42117730161111101800000000' },
        transfers: [
          {
            endToEndId: 'TR-9',
            amount: '15000',
            currency: 'HUF',
            creditorName: 'Webshop Kft.',
            creditorAccount: { accountNr: '11773016-11111018', bankCode: '117' },
            remittance: 'COD transfer TR-9',
          },
        ],
      }),
    )
    expect(validate(xml, 'other-account').ok).toBe(true)
    const payment = parsed(xml).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf
    expect(payment.CdtrAcct).toEqual({ Id: { Othr: { Id: '11773016-11111018' } } })
    expect(payment.CdtrAgt).toEqual({ FinInstnId: { ClrSysMmbId: { MmbId: '117' } } })
  })

  it('escapes what XML needs and cuts texts to the lengths the schema allows', () => {
    const long = 'A & B <Shop> '.repeat(20)
    const xml = buildPain001(
      batch({
        transfers: [{ ...batch().transfers[0]!, creditorName: long, remittance: long }],
      }),
    )
    expect(validate(xml, 'texts').ok).toBe(true)
    const payment = parsed(xml).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf
    expect(payment.Cdtr.Nm.length).toBeLessThanOrEqual(70)
    expect(payment.RmtInf.Ustrd.length).toBeLessThanOrEqual(140)
    expect(sepaText('Łódź – Žluťoučký kůň & co.', 70)).toBe('odz Zlutoucky kun co.')
  })

  it('names the field and the reason of anything a bank would refuse, and writes nothing', () => {
    const refused = (changes: Partial<PaymentBatch>, field: string) => {
      let error: unknown
      try {
        buildPain001(batch(changes))
      } catch (e) {
        error = e
      }
      expect(error, field).toBeInstanceOf(PaymentFileError)
      expect((error as PaymentFileError).field).toBe(field)
      expect((error as PaymentFileError).reason).not.toBe('')
    }
    const one = batch().transfers[0]!
    refused({ transfers: [] }, 'transfers')
    refused({ transfers: [{ ...one, amount: '0' }] }, 'transfers[0].amount')
    refused({ transfers: [{ ...one, amount: '-5' }] }, 'transfers[0].amount')
    refused({ transfers: [{ ...one, amount: '1.234' }] }, 'transfers[0].amount')
    refused({ transfers: [{ ...one, amount: 'ten' }] }, 'transfers[0].amount')
    refused(
      { transfers: [{ ...one, creditorAccount: { iban: 'DE89370400440532013001' } }] },
      'transfers[0].creditorAccount',
    )
    refused({ transfers: [{ ...one, creditorAccount: {} }] }, 'transfers[0].creditorAccount')
    // euros go by IBAN only; a Czech account converts, another number does not
    refused(
      { transfers: [{ ...one, creditorAccount: { accountNr: '123456789', bankCode: 'ABC' } }] },
      'transfers[0].creditorAccount',
    )
    refused(
      { transfers: [{ ...one, creditorAccount: { iban: one.creditorAccount.iban, bic: 'BAD' } }] },
      'transfers[0].creditorAccount.bic',
    )
    refused({ transfers: [one, { ...one }] }, 'transfers[1].endToEndId')
    refused({ transfers: [{ ...one, endToEndId: 'R_000001' }] }, 'transfers[0].endToEndId')
    refused({ transfers: [{ ...one, creditorName: ' – ' }] }, 'transfers[0].creditorName')
    refused({ transfers: [{ ...one, currency: 'euro' }] }, 'transfers[0].currency')
    refused({ debtor: { ...batch().debtor, currency: 'euro' } }, 'debtor.currency')
    refused({ debtor: { ...batch().debtor, iban: 'SK2411000000002612345679' } }, 'debtor.account')
    refused({ debtor: { ...batch().debtor, name: ' ' } }, 'debtor.name')
    refused({ executionDate: '30.11.2026' }, 'executionDate')
    refused({ messageId: 'x'.repeat(36) }, 'messageId')
  })
})
