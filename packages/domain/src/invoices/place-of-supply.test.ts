import { describe, expect, it } from 'vitest'
import {
  type GoodsSupply,
  placeOfSupplyRules,
  type ServicesSupply,
  supplyCaseOf,
  supplyRegistrationOf,
  vatTreatmentOf,
} from './place-of-supply.ts'

const bill = (over: Partial<ServicesSupply> = {}): ServicesSupply => ({
  documentType: 'bill',
  supplierCountry: 'Czech',
  supplierVatPayer: true,
  customerCountry: 'Romania',
  customerVatNumber: 'RO18547290',
  ...over,
})

const goods = (over: Partial<GoodsSupply> = {}): GoodsSupply => ({
  documentType: 'invoice',
  supplierCountry: 'Czech',
  supplierVatPayer: true,
  registrations: ['Czech'],
  dispatchCountry: 'Czech',
  destinationCountry: 'Czech',
  customerVatNumber: '',
  oss: { enabled: false, since: null },
  taxDate: '2026-11-20',
  ...over,
})

describe('the place-of-supply table', () => {
  it('cites a source on every row, and a message on every refusal', () => {
    for (const row of placeOfSupplyRules) {
      expect(row.source).toMatch(/\S/)
      if (row.treatment === 'refuse') expect(row.message).toMatch(/\S/)
    }
  })

  it('has one general row per document type and case', () => {
    const keys = placeOfSupplyRules.filter((r) => !r.countries).map((r) => `${r.documentType}:${r.case}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('bills: services to a business client', () => {
  it('reverse-charges a VAT payer of another member state (art. 44, 196)', () => {
    expect(vatTreatmentOf(bill())).toMatchObject({
      kind: 'reverse-charge',
      rule: expect.stringContaining('196'),
    })
    expect(
      vatTreatmentOf(
        bill({ supplierCountry: 'Romania', customerCountry: 'Czech', customerVatNumber: 'CZ25123891' }),
      ),
    ).toMatchObject({ kind: 'reverse-charge' })
  })

  it('charges the supplier’s VAT to a client without a VAT number, or with an invalid one', () => {
    expect(vatTreatmentOf(bill({ customerVatNumber: '' }))).toMatchObject({
      kind: 'domestic',
      country: 'Czech',
    })
    expect(vatTreatmentOf(bill({ customerVatNumber: 'RO18547291' }))).toMatchObject({
      kind: 'domestic',
      country: 'Czech',
    })
  })

  it('charges the supplier’s VAT to a client of its own country', () => {
    expect(vatTreatmentOf(bill({ customerCountry: 'Czech', customerVatNumber: 'CZ25123891' }))).toMatchObject(
      { kind: 'domestic', country: 'Czech', rule: expect.stringContaining('art. 44') },
    )
  })

  it('taxes storage of a building part for the client’s exclusive use where the building is (282/2011 art. 31a(2)(h))', () => {
    expect(vatTreatmentOf(bill({ immovableProperty: true }))).toMatchObject({
      kind: 'domestic',
      country: 'Czech',
      rule: expect.stringContaining('31a(2)(h)'),
    })
    expect(vatTreatmentOf(bill({ immovableProperty: true, propertyCountry: 'Slovakia' }))).toMatchObject({
      kind: 'refuse',
      registration: 'Slovakia',
    })
  })

  it('charges nothing when the supplier is not a VAT payer', () => {
    expect(vatTreatmentOf(bill({ supplierVatPayer: false }))).toMatchObject({ kind: 'not-vat-payer' })
  })

  it('refuses a client outside the EU rather than guess', () => {
    expect(vatTreatmentOf(bill({ customerCountry: 'Ukraine', customerVatNumber: '' }))).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('Ukraine'),
      case: 'services-outside-eu',
      country: 'Ukraine',
    })
  })
})

describe('invoices: goods of a business client', () => {
  it('is a domestic supply when the goods stay in the warehouse’s country', () => {
    expect(vatTreatmentOf(goods())).toMatchObject({ kind: 'domestic', country: 'Czech' })
    expect(supplyCaseOf(goods()).case).toBe('goods-domestic')
  })

  it('exempts a supply to a VAT payer of another member state (art. 138)', () => {
    const t = vatTreatmentOf(goods({ destinationCountry: 'Slovakia', customerVatNumber: 'SK2022749619' }))
    expect(t).toMatchObject({ kind: 'intra-community-exempt', rule: expect.stringContaining('art. 138') })
  })

  it('charges the destination rate to a consumer abroad when the client is in the OSS since the tax date', () => {
    const oss = { enabled: true, since: '2026-07-01' }
    expect(vatTreatmentOf(goods({ destinationCountry: 'Slovakia', oss }))).toMatchObject({
      kind: 'oss',
      country: 'Slovakia',
    })
    // Not yet in the OSS on the tax date, or without it: the origin country's rate.
    expect(
      vatTreatmentOf(goods({ destinationCountry: 'Slovakia', oss: { enabled: true, since: '2026-12-01' } })),
    ).toMatchObject({ kind: 'domestic', country: 'Czech' })
    expect(vatTreatmentOf(goods({ destinationCountry: 'Slovakia' }))).toMatchObject({
      kind: 'domestic',
      country: 'Czech',
      rule: expect.stringContaining('59c'),
    })
  })

  it('treats a business customer without a valid VAT number as a consumer', () => {
    expect(
      vatTreatmentOf(goods({ destinationCountry: 'Slovakia', customerVatNumber: 'SK2022749618' })),
    ).toMatchObject({ kind: 'domestic', country: 'Czech' })
  })

  it('refuses goods leaving a warehouse where the client has no VAT registration, naming it', () => {
    const t = vatTreatmentOf(goods({ dispatchCountry: 'Slovakia', destinationCountry: 'Slovakia' }))
    expect(t).toMatchObject({
      kind: 'refuse',
      registration: 'Slovakia',
      reason: expect.stringContaining('Slovakia'),
    })
  })

  it('is a domestic supply of the warehouse country where the client is registered there', () => {
    const t = vatTreatmentOf(
      goods({
        registrations: ['Czech', 'Slovakia'],
        dispatchCountry: 'Slovakia',
        destinationCountry: 'Slovakia',
      }),
    )
    expect(t).toMatchObject({ kind: 'domestic', country: 'Slovakia' })
  })

  it('refuses an export outside the EU rather than guess', () => {
    expect(vatTreatmentOf(goods({ destinationCountry: 'Ukraine' }))).toMatchObject({ kind: 'refuse' })
  })

  it('charges nothing when the client is not a VAT payer', () => {
    expect(vatTreatmentOf(goods({ supplierVatPayer: false }))).toMatchObject({ kind: 'not-vat-payer' })
  })

  it('lets a country-specific row override the general one', async () => {
    const { placeOfSupplyRule } = await import('./place-of-supply.ts')
    expect(placeOfSupplyRule('invoice', 'goods-domestic', 'CZ')?.source).toContain('art. 31')
  })
})

describe('the VAT registration a supply of goods is made under', () => {
  const base = { supplierCountry: 'Czech', supplierVatPayer: true, registrations: ['Czech', 'Slovakia'] }
  it('is the warehouse country’s where the supplier is registered there, else the home one', () => {
    expect(supplyRegistrationOf({ ...base, dispatchCountry: 'Slovakia' })).toBe('Slovakia')
    expect(supplyRegistrationOf({ ...base, dispatchCountry: 'Czech' })).toBe('Czech')
    expect(supplyRegistrationOf({ ...base, dispatchCountry: 'Romania' })).toBe('Czech')
    expect(supplyRegistrationOf({ ...base, supplierVatPayer: false, dispatchCountry: 'Slovakia' })).toBe(
      'Czech',
    )
  })
})
