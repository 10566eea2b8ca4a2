import {
  type BillRunResult,
  type BillRunSkipReason,
  billRunSkipReasons,
  monthPeriod,
  type ServiceTypeName,
  serviceItemNames,
} from '@expedo/domain'
import type { Db } from '../../../platform/db/database.ts'
import { issuerBlock } from '../bills.mapper.ts'
import { createBillsRepository, type RunGroup } from '../bills.repository.ts'
import { createIssuersRepository } from '../issuers.repository.ts'
import { billTotals, itemAmounts } from './bill-lines.ts'
import { billVat, PlaceOfSupplyRefused } from './bill-vat.ts'

export type RunResult = BillRunResult
type Skipped = BillRunResult['skipped'][number]

/** The reason code of a refused place-of-supply case (bills-rules `billRunSkipReasons`). */
const skipReasonOf = (supplyCase: string): BillRunSkipReason =>
  (billRunSkipReasons as readonly string[]).includes(supplyCase)
    ? (supplyCase as BillRunSkipReason)
    : 'place-of-supply'

/**
 * The bill run (docs/domain.md "Services and bills"): for each business client × currency × issuer country
 * with unbilled services in the month, one unlocked bill in its own transaction. Its items are the services
 * summed per service name and unit price (docs/adr/0014-provider-bills.md): quantity = Σ quantity, net price =
 * the unit price, so an item's total is exactly what its services cost. VAT by the place of supply (bill-vat.ts):
 * the issuer country's standard rate on the period's last day, 0 with "Reverse charge" for a VAT payer of
 * another member state, 0 for a non-VAT-payer issuer. The services are read and summed in SQL,
 * never loaded: a client's 200,000 services cost a few aggregate rows. Services left unbilled are answered
 * per client and country with the reason: no issuer there, or the VAT case the place-of-supply rules refuse.
 */
export async function runBills(db: Db, month: string, businessclientId?: string): Promise<RunResult> {
  const period = monthPeriod(month)
  const repo = createBillsRepository(db)
  const groups = await repo.unbilledGroups(period, businessclientId)
  const issuers = createIssuersRepository(db)
  const result: RunResult = { bills: [], services: 0, skipped: [] }
  const skip = (group: RunGroup, reason: Omit<Skipped, 'country' | 'services' | 'businessclient'>) => {
    const same = result.skipped.find(
      (s) =>
        s.country === group.country &&
        s.businessclient._id === group.businessclientId &&
        s.reason === reason.reason,
    )
    if (same) same.services += group.services
    else
      result.skipped.push({
        country: group.country,
        services: group.services,
        businessclient: { _id: group.businessclientId, name: '' },
        ...reason,
      })
  }
  for (const group of groups) {
    const issuer = await issuers.byCountry(group.country)
    if (!issuer) {
      skip(group, {
        reason: 'no-issuer',
        reasonCountry: group.country,
        message: `There is no issuer in ${group.country}: add one, then run again`,
      })
      continue
    }
    let made: Awaited<ReturnType<typeof billGroup>>
    try {
      made = await billGroup(db, group, period, issuer)
    } catch (error) {
      // The place-of-supply rules refuse this client's VAT (e.g. outside the EU): its services stay unbilled.
      if (!(error instanceof PlaceOfSupplyRefused)) throw error
      const { refusal } = error
      skip(group, {
        reason: skipReasonOf(refusal.case),
        reasonCountry: refusal.country,
        message: refusal.reason,
      })
      continue
    }
    if (made) {
      result.bills.push({ _id: made.id, businessclientId: group.businessclientId, currency: group.currency })
      result.services += made.services
    }
  }
  if (result.skipped.length) {
    const names = await repo.clientNames([...new Set(result.skipped.map((s) => s.businessclient._id))])
    for (const s of result.skipped) s.businessclient.name = names.get(s.businessclient._id) ?? ''
  }
  return result
}

async function billGroup(
  db: Db,
  group: RunGroup,
  period: { start: string; end: string },
  issuer: NonNullable<Awaited<ReturnType<ReturnType<typeof createIssuersRepository>['get']>>>,
): Promise<{ id: string; services: number } | undefined> {
  return db.transaction(async (tx) => {
    const repo = createBillsRepository(tx)
    const vat = await billVat(tx, issuer, group.businessclientId, period.end)
    if (!vat) return undefined
    const { client } = vat
    const bill = await repo.insert({
      kind: 'bill',
      vatTreatment: vat.treatment,
      businessclientId: group.businessclientId,
      issuerId: issuer.id,
      country: issuer.country,
      currency: group.currency,
      periodStart: period.start,
      periodEnd: period.end,
      client,
      issuer: issuerBlock(issuer),
    })
    const claimed = await repo.claim(bill.id, group, period)
    if (!claimed) {
      // A concurrent run billed them first: no empty bill.
      await repo.delete(bill.id)
      return undefined
    }
    const sums = await repo.itemGroups(bill.id)
    const prices = new Map<string, number>()
    for (const s of sums) prices.set(s.serviceType, (prices.get(s.serviceType) ?? 0) + 1)
    const items = sums.map((s, i) => {
      const label = serviceItemNames[s.serviceType as ServiceTypeName] ?? s.serviceType
      return {
        billId: bill.id,
        position: i + 1,
        description: (prices.get(s.serviceType) ?? 0) > 1 ? `${label} (${s.unitPrice})` : label,
        serviceType: s.serviceType,
        ...itemAmounts({
          quantity: s.quantity,
          nettoPrice: s.unitPrice,
          vatPercent: vat.rateOf(s.serviceType),
        }),
      }
    })
    await repo.insertItems(items)
    await repo.update(bill.id, billTotals(items))
    return { id: bill.id, services: claimed }
  })
}
