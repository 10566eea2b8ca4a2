import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/database.ts'

/**
 * Folds the deltas the triggers appended to order_day_counts into one merged row per key, and drops merged
 * rows that reached 0; answers how many delta rows it folded. One statement: a reader sees the counts before
 * or after, never half-way; rows appended meanwhile stay for the next run; two runs at once cannot count a
 * delta twice (the second waits for the first's delete and then skips the rows it removed).
 */
export async function mergeOrderDayCounts(db: DbOrTx): Promise<number> {
  const folded = await db.execute<{ n: string }>(sql`
    with fresh as (
      delete from order_day_counts where not merged
      returning kind, day, businessclient_id, status, country, courier_id, cod, count
    ), merged as (
      insert into order_day_counts as t (kind, day, businessclient_id, status, country, courier_id, cod, count, merged)
      select kind, day, businessclient_id, status, country, courier_id, cod, sum(count), true
      from fresh
      group by 1, 2, 3, 4, 5, 6, 7
      having sum(count) <> 0
      order by 1, 2, 3, 4, 5, 6, 7
      on conflict (kind, day, businessclient_id, status, country, courier_id, cod) where merged
      do update set count = t.count + excluded.count
    )
    select count(*) as n from fresh`)
  await db.execute(sql`delete from order_day_counts where merged and count = 0`)
  return Number(folded.rows[0]?.n ?? 0)
}
