import { sql } from 'drizzle-orm'
import type { DbOrTx } from './database.ts'

/**
 * Folds the deltas that statement triggers appended to a count table (order_day_counts, invoice_day_counts:
 * ADR 0012) into one merged row per key, and drops merged rows that reached 0; answers how many delta rows
 * it folded. One statement: a reader sees the counts before or after, never half-way; rows appended
 * meanwhile stay for the next run; two runs at once cannot count a delta twice (the second waits for the
 * first's delete and then skips the rows it removed). `table` and `keys` are the caller's constants.
 */
export async function mergeDeltaCounts(db: DbOrTx, table: string, keys: readonly string[]): Promise<number> {
  const t = sql.raw(table)
  const k = sql.raw(keys.join(', '))
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '))
  const folded = await db.execute<{ n: string }>(sql`
    with fresh as (
      delete from ${t} where not merged
      returning ${k}, count
    ), merged as (
      insert into ${t} as t (${k}, count, merged)
      select ${k}, sum(count), true
      from fresh
      group by ${positions}
      having sum(count) <> 0
      order by ${positions}
      on conflict (${k}) where merged
      do update set count = t.count + excluded.count
    )
    select count(*) as n from fresh`)
  await db.execute(sql`delete from ${t} where merged and count = 0`)
  return Number(folded.rows[0]?.n ?? 0)
}
