import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core'
import { v7 as uuidv7 } from 'uuid'

/** Primary key: UUIDv7 (time-ordered, so inserts stay local in the index). */
export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7())

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** Money: numeric(14,2), read as decimal text (docs/FINANCE.md "Money and VAT"). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'string' })

/** A percentage (VAT, fuel surcharge, card fee): numeric(5,2). */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'string' })
