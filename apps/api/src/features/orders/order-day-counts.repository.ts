import type { DbOrTx } from '../../platform/db/database.ts'
import { mergeDeltaCounts } from '../../platform/db/delta-counts.ts'

/** Folds order_day_counts' deltas (platform/db/delta-counts.ts); answers how many delta rows it folded. */
export const mergeOrderDayCounts = (db: DbOrTx): Promise<number> =>
  mergeDeltaCounts(db, 'order_day_counts', [
    'kind',
    'day',
    'businessclient_id',
    'status',
    'country',
    'courier_id',
    'cod',
  ])
