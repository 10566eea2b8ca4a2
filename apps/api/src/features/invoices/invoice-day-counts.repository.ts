import type { DbOrTx } from '../../platform/db/database.ts'
import { mergeDeltaCounts } from '../../platform/db/delta-counts.ts'

/** Folds invoice_day_counts' deltas (platform/db/delta-counts.ts); answers how many delta rows it folded. */
export const mergeInvoiceDayCounts = (db: DbOrTx): Promise<number> =>
  mergeDeltaCounts(db, 'invoice_day_counts', ['kind', 'day', 'businessclient_id', 'country'])
