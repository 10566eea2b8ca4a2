import { fillPlaceholders, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import fc from 'fast-check'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import * as schema from '../../db/schema/index.ts'
import { orders } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { StatementParams } from '../../platform/db/prepared.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import { conditionsShape, type OrderListFilter, orderListConditions } from './orders-list.repository.ts'

// Only builds SQL text: the pool never connects.
const db = drizzle({
  client: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }),
  schema,
}) as unknown as DbOrTx

const uuid = fc.uuid()
const scope: fc.Arbitrary<TenantScope> = fc.oneof(
  fc.constant<TenantScope>({ kind: 'all' }),
  uuid.map((id) => ({ kind: 'client', businessclientId: id }) as TenantScope),
  fc.constant({ kind: 'client', businessclientId: null } as unknown as TenantScope),
)
const day = fc.date({ min: new Date('2024-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
const filter: fc.Arbitrary<OrderListFilter> = fc.record(
  {
    dateField: fc.constantFrom('createdAt' as const, 'updatedAt' as const),
    status: fc.constantFrom('New', 'Shipping'),
    from: day,
    until: day,
    productId: uuid,
    skus: fc.array(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 3 }),
    country: fc.constantFrom('Czech', 'Slovakia'),
    courierId: uuid,
    cod: fc.boolean(),
    businessclientId: uuid,
    search: fc.record(
      {
        term: fc.oneof(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.integer({ min: 0, max: 99999 }).map(String),
        ),
        key: fc.constantFrom('clientOrderNr' as const, 'internalNumericId' as const, 'customer' as const),
      },
      { requiredKeys: ['term'] },
    ),
  },
  { requiredKeys: ['dateField'] },
)

function built(s: TenantScope, f: OrderListFilter, params: StatementParams) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(orderListConditions(db, s, f, params))
    .toSQL()
}

describe('the orders list’s statement shapes', () => {
  it('builds one statement text per shape, whatever the values (the shape names every choice)', () => {
    fc.assert(
      fc.property(scope, filter, scope, filter, (s1, f1, s2, f2) => {
        const a = built(s1, f1, new StatementParams())
        const b = built(s2, f2, new StatementParams())
        if (conditionsShape(s1, f1) === conditionsShape(s2, f2)) expect(a.sql).toBe(b.sql)
      }),
      { numRuns: 400 },
    )
  })

  it('names choices only, never values (else every request would be a statement of its own)', () => {
    fc.assert(
      fc.property(scope, filter, (s, f) => {
        expect(conditionsShape(s, f)).toMatch(/^[a-zA-Z.*]{0,60}$/)
      }),
    )
  })

  it('runs with the values the one-off (inline) statement binds, in the same places', () => {
    fc.assert(
      fc.property(scope, filter, (s, f) => {
        const params = new StatementParams()
        const shaped = built(s, f, params)
        const inline = built(s, f, new StatementParams({ inline: true }))
        expect(shaped.sql).toBe(inline.sql)
        expect(fillPlaceholders(shaped.params, params.values)).toEqual(inline.params)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a parameter named twice (two values for one placeholder would be a silent mix-up)', () => {
    const params = new StatementParams()
    params.p('country', 'Czech')
    expect(() => params.p('country', 'Slovakia')).toThrow(/given twice/)
    expect(sql`${params.values.country}`).toBeDefined()
  })
})
