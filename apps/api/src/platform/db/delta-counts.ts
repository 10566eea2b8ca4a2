import { sql } from 'drizzle-orm'
import type { DbOrTx } from './database.ts'

/**
 * Folds the deltas that statement triggers appended to a count table (order_day_counts, invoice_day_counts,
 * the dashboard's rollups: ADR 0012) into one merged row per key, and drops merged rows whose values all
 * reached 0; answers how many delta rows it folded. One statement: a reader sees the counts before or
 * after, never half-way; rows appended meanwhile stay for the next run; two runs at once cannot count a
 * delta twice (the second waits for the first's delete and then skips the rows it removed). `table`,
 * `keys` and `values` (the summed columns, `count` unless said) are the caller's constants.
 */
export async function mergeDeltaCounts(
  db: DbOrTx,
  table: string,
  keys: readonly string[],
  values: readonly string[] = ['count'],
): Promise<number> {
  const t = sql.raw(table)
  const k = sql.raw(keys.join(', '))
  const v = sql.raw(values.join(', '))
  const sums = sql.raw(values.map((c) => `sum(${c})`).join(', '))
  const anyNonZero = sql.raw(values.map((c) => `sum(${c}) <> 0`).join(' or '))
  const add = sql.raw(values.map((c) => `${c} = t.${c} + excluded.${c}`).join(', '))
  const allZero = sql.raw(values.map((c) => `${c} = 0`).join(' and '))
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '))
  const folded = await db.execute<{ n: string }>(sql`
    with fresh as (
      delete from ${t} where not merged
      returning ${k}, ${v}
    ), merged as (
      insert into ${t} as t (${k}, ${v}, merged)
      select ${k}, ${sums}, true
      from fresh
      group by ${positions}
      having ${anyNonZero}
      order by ${positions}
      on conflict (${k}) where merged
      do update set ${add}
    )
    select count(*) as n from fresh`)
  await db.execute(sql`delete from ${t} where merged and ${allZero}`)
  return Number(folded.rows[0]?.n ?? 0)
}
