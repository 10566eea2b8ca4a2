import { timestamp, uuid } from 'drizzle-orm/pg-core'
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
