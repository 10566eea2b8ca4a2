import { parcelPrice, type QuotationServiceType } from '@expedo/domain'
import type { DbOrTx } from '../../platform/db/database.ts'
import { courierQuotations, couriers } from '../schema/index.ts'

interface DemoQuotation {
  currency: 'CZK' | 'EUR' | 'RON'
  /** Transport per service the courier offers (address, and office / locker for pick-up networks). */
  transport: Partial<Record<QuotationServiceType, string>>
  returnPrice: string
  codCash: string
  codCardPercent: string
  tollRate: string
  fuelChargePercent: string
}

/**
 * Demo price lists (without VAT), in the shape of published 2026 tariffs (docs/couriers.md §8: transport
 * per parcel up to 5 kg, a monthly fuel surcharge on it, toll per parcel, COD cash fee and card percentage).
 * Bulgaria and Greece price in EUR (Bulgaria uses the euro since 1 January 2026).
 */
const demoQuotations: Record<string, DemoQuotation> = {
  'PPL|Czech': q('CZK', { address: '89.00' }, '70.00', '25.00', '1.20', '2.40', '18.50'),
  'Zásilkovna|Czech': q('CZK', { address: '85.00', office: '62.00' }, '55.00', '20.00', '1.00', '0', '10.00'),
  'GLS|Czech': q('CZK', { address: '95.00' }, '75.00', '29.00', '1.50', '3.10', '20.50'),
  'DPD|Slovakia': q('EUR', { address: '3.90' }, '3.20', '0.95', '1.20', '0.12', '17.00'),
  'Packeta SK|Slovakia': q('EUR', { address: '3.60', office: '2.70' }, '2.90', '1.00', '1.20', '0', '19.50'),
  'FAN Courier|Romania': q('RON', { address: '16.50' }, '12.00', '3.50', '1.00', '0.50', '12.00'),
  'Sameday|Romania': q('RON', { address: '15.90', locker: '11.90' }, '11.00', '2.50', '1.00', '0', '11.00'),
  'ECONT|Bulgaria': q('EUR', { address: '3.40', office: '2.50' }, '2.50', '0.80', '1.50', '0', '8.00'),
  'Speedy|Bulgaria': q('EUR', { address: '3.60', office: '2.70' }, '2.70', '0.85', '1.50', '0', '9.00'),
  'ECONT_GR|Greece': q('EUR', { address: '4.90', office: '3.90' }, '3.50', '1.50', '1.50', '0', '8.00'),
  'ACS|Greece': q('EUR', { address: '4.50', office: '3.60' }, '3.40', '1.60', '1.50', '0', '10.50'),
}

function q(
  currency: DemoQuotation['currency'],
  transport: DemoQuotation['transport'],
  returnPrice: string,
  codCash: string,
  codCardPercent: string,
  tollRate: string,
  fuelChargePercent: string,
): DemoQuotation {
  return { currency, transport, returnPrice, codCash, codCardPercent, tollRate, fuelChargePercent }
}

/** Fallback for a courier the table above does not know: a plain address price in EUR. */
const fallback = q('EUR', { address: '4.00' }, '3.00', '1.00', '1.50', '0', '10.00')

/**
 * An active quotation for every demo courier and every destination country it serves (its own country:
 * the demo orders ship with a courier of the ship-to country), per service it offers. Run after the orders:
 * the services recorded for shipped orders look their price up here. Existing active rows are kept.
 */
export async function seedCourierQuotations(db: DbOrTx): Promise<number> {
  const rows = await db.select().from(couriers)
  const values = rows.flatMap((courier) => {
    const d = demoQuotations[`${courier.name}|${courier.country}`] ?? fallback
    return Object.entries(d.transport).map(([serviceType, transport]) => ({
      courierId: courier.id,
      country: courier.country,
      serviceType,
      currency: d.currency,
      transport,
      returnPrice: d.returnPrice,
      codCash: d.codCash,
      codCardPercent: d.codCardPercent,
      tollRate: d.tollRate,
      fuelChargePercent: d.fuelChargePercent,
      amount: parcelPrice({ transport, fuelChargePercent: d.fuelChargePercent, tollRate: d.tollRate }),
    }))
  })
  if (values.length === 0) return 0
  const inserted = await db
    .insert(courierQuotations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: courierQuotations.id })
  return inserted.length
}
