import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns.ts'
import { warehouses } from './logistics.table.ts'

export const locationKinds = ['receiving', 'storage', 'packing'] as const

/**
 * A place on the warehouse floor (zone-aisle-rack-level-position). `pick_order` is the pick path: a picker walks
 * the locations in ascending order. Every warehouse has exactly one receiving location, where inbound goods and
 * returns land before putaway, and one packing location, where picked goods wait in their totes until the order
 * ships (partial unique indexes; both made by a trigger when a warehouse is inserted).
 */
export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    id: id(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    code: text('code').notNull(),
    zone: text('zone').notNull().default(''),
    aisle: text('aisle').notNull().default(''),
    rack: text('rack').notNull().default(''),
    level: text('level').notNull().default(''),
    position: text('position').notNull().default(''),
    pickOrder: integer('pick_order').notNull().default(0),
    kind: text('kind').notNull().default('storage'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('warehouse_locations_code_idx').on(t.warehouseId, t.code),
    uniqueIndex('warehouse_locations_one_receiving_idx')
      .on(t.warehouseId)
      .where(sql`${t.kind} = 'receiving'`),
    uniqueIndex('warehouse_locations_one_packing_idx').on(t.warehouseId).where(sql`${t.kind} = 'packing'`),
    index('warehouse_locations_pick_idx').on(t.warehouseId, t.pickOrder, t.code),
    check('warehouse_locations_kind_check', sql`${t.kind} in ('receiving', 'storage', 'packing')`),
  ],
)
