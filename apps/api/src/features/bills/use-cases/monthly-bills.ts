/**
 * The monthly bill run (docs/domain.md "Services and bills"): on the 1st at 02:05 UTC, the month before.
 * pg-boss runs a schedule once across all API processes; the run bills nothing twice anyway.
 */
export const MONTHLY_BILLS = { job: 'bills-monthly', cron: '5 2 1 * *' }
