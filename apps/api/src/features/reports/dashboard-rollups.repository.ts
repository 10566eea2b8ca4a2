import type { DbOrTx } from '../../platform/db/database.ts'
import { mergeDeltaCounts } from '../../platform/db/delta-counts.ts'

/**
 * Folds the deltas of the dashboard's and the services list's rollups (db/schema/dashboard.table.ts, platform/db/delta-counts.ts);
 * answers how many delta rows it folded in all.
 */
export async function mergeDashboardRollups(db: DbOrTx): Promise<number> {
  const folded = [
    await mergeDeltaCounts(db, 'order_day_status_counts', ['day', 'businessclient_id', 'status']),
    await mergeDeltaCounts(db, 'cod_waiting_totals', ['businessclient_id', 'country'], ['count', 'amount']),
    await mergeDeltaCounts(db, 'nogoods_demand', ['businessclient_id', 'product_id'], ['lines', 'quantity']),
    await mergeDeltaCounts(db, 'service_day_counts', ['kind', 'day', 'businessclient_id', 'billed']),
    await mergeDeltaCounts(
      db,
      'unbilled_service_totals',
      ['month', 'businessclient_id', 'currency'],
      ['count', 'amount'],
    ),
  ]
  return folded.reduce((a, b) => a + b, 0)
}
