import { type CourierQuotation, parcelPrice, type QuotationInput } from '@expedo/domain'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/db/errors.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import { toQuotation } from './couriers.mapper.ts'
import { createCouriersRepository } from './couriers.repository.ts'
import { findActiveQuotation, type QuotationRow } from './quotations.lookup.ts'
import { createQuotationsRepository, type QuotationInsert } from './quotations.repository.ts'

const duplicate = () =>
  new AppError('CONFLICT', 'The courier already has an active quotation for this country and service')

/** The row's values from the input; `amount` is the parcel price, always computed here (never sent). */
function valuesOf(courierId: string, input: QuotationInput): QuotationInsert {
  const money = (n: number) => n.toFixed(2)
  return {
    courierId,
    country: input.country,
    currency: input.currency,
    serviceType: input.serviceType,
    transport: money(input.courier_transport),
    returnPrice: money(input.courier_return),
    codCash: money(input.courier_COD_Service_cash),
    codCardPercent: money(input.courier_COD_Service_card),
    tollRate: money(input.courier_toll_rate),
    fuelChargePercent: money(input.courier_fuel_charge),
    amount: parcelPrice({
      transport: input.courier_transport,
      fuelChargePercent: input.courier_fuel_charge,
      tollRate: input.courier_toll_rate,
    }),
  }
}

const priceFields = [
  'country',
  'currency',
  'serviceType',
  'transport',
  'returnPrice',
  'codCash',
  'codCardPercent',
  'tollRate',
  'fuelChargePercent',
] as const
const sameValues = (row: QuotationRow, next: QuotationInsert) =>
  priceFields.every((f) => String(row[f]) === String(next[f]))

/** A unique-index race (two creates at once) answers the same 409 as the check before it. */
async function conflictOnDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate()
    throw error
  }
}

/** Courier quotations: admins keep them; a change never rewrites a price services were charged at. */
export function createQuotationsService(deps: { db: Db }) {
  const { db } = deps

  async function courierOr404(tx: DbOrTx, id: string) {
    const courier = await createCouriersRepository(tx).byId(id)
    if (!courier) throw notFound('Courier')
    return courier
  }

  async function refuseDuplicate(tx: DbOrTx, values: QuotationInsert, except?: string) {
    const active = await findActiveQuotation(tx, values.courierId, values.country, values.serviceType)
    if (active && active.id !== except) throw duplicate()
  }

  return {
    async list(courierId: string): Promise<CourierQuotation[]> {
      await courierOr404(db, courierId)
      const rows = await createQuotationsRepository(db).activeOf(courierId)
      return rows.map(toQuotation)
    },

    create(courierId: string, input: QuotationInput): Promise<CourierQuotation> {
      return conflictOnDuplicate(() =>
        db.transaction(async (tx) => {
          await courierOr404(tx, courierId)
          const values = valuesOf(courierId, input)
          await refuseDuplicate(tx, values)
          return toQuotation(await createQuotationsRepository(tx).insert(values))
        }),
      )
    },

    /**
     * A changed quotation: the old row is deactivated and a new one inserted in one transaction, so the
     * services recorded with the old row keep their price. Unchanged values answer the row as it is.
     */
    update(courierId: string, id: string, input: QuotationInput): Promise<CourierQuotation> {
      return conflictOnDuplicate(() =>
        db.transaction(async (tx) => {
          const repo = createQuotationsRepository(tx)
          const old = await repo.byId(courierId, id, true)
          if (!old) throw notFound('Quotation')
          if (!old.isActive) throw new AppError('CONFLICT', 'The quotation is no longer active')
          const values = valuesOf(courierId, input)
          if (sameValues(old, values)) return toQuotation(old)
          await refuseDuplicate(tx, values, old.id)
          await repo.deactivate(old.id)
          return toQuotation(await repo.insert(values))
        }),
      )
    },

    /** Deactivates (never deletes: services point at it); an inactive one answers as it is. */
    async deactivate(courierId: string, id: string): Promise<CourierQuotation> {
      return db.transaction(async (tx) => {
        const repo = createQuotationsRepository(tx)
        const row = await repo.byId(courierId, id, true)
        if (!row) throw notFound('Quotation')
        return toQuotation(row.isActive ? await repo.deactivate(row.id) : row)
      })
    },
  }
}
export type QuotationsService = ReturnType<typeof createQuotationsService>
