/*
 * How a date range is counted from per-day and per-month count tables (order_day_counts,
 * service_day_counts; ADR 0012) instead of from the rows: used by the orders list's status tabs and the
 * services list's total.
 */

const DAY_MS = 86_400_000
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS)
const startOfNextDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS)
const startOfMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
/** The first day of the month after the one `at` falls in. */
const monthAfter = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
/** A day or month as a count table's day (UTC). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10)

export type Range = [from: Date | undefined, until: Date | undefined]

const daysBetween = (a: Date, b: Date) => Math.max(0, (b.getTime() - a.getTime()) / DAY_MS)

/**
 * How a range [from, until) of instants is counted: the whole months it touches from the month rows, minus
 * or plus whole days at either end from the day rows (whichever reads fewer days: 24 days of a month are
 * its month less 6 days; days after `now` hold no rows, so the current month costs only its days to
 * come before today), and what is left of a day cut by a date-time from the rows themselves (`orders`,
 * whatever the table). Undefined ends are open. UTC, as the days are stored.
 */
export function countingPlan(from: Date | undefined, until: Date | undefined, now = new Date()) {
  const plan = {
    months: undefined as Range | undefined,
    days: [] as Range[],
    minusDays: [] as Range[],
    orders: [] as Range[],
  }
  const firstDay = from ? startOfNextDay(from) : undefined
  const endDay = until ? startOfDay(until) : undefined
  if (firstDay && endDay && firstDay >= endDay) {
    plan.orders.push([from, until])
    return plan
  }
  if (from && firstDay && from < firstDay) plan.orders.push([from, firstDay])
  if (until && endDay && endDay < until) plan.orders.push([endDay, until])
  const tomorrow = startOfNextDay(new Date(now.getTime() + 1))
  /** Days [a, b) that may hold orders: none after today. */
  const cost = (a: Date, b: Date) => daysBetween(a, b < tomorrow ? b : tomorrow)
  if (firstDay && endDay && startOfMonth(firstDay).getTime() === startOfMonth(endDay).getTime()) {
    // Inside one month: its days, or the month less both sides.
    const month = startOfMonth(firstDay)
    const next = monthAfter(firstDay)
    if (cost(firstDay, endDay) <= cost(month, firstDay) + cost(endDay, next))
      plan.days.push([firstDay, endDay])
    else {
      plan.months = [month, next]
      plan.minusDays.push(
        ...(
          [
            [month, firstDay],
            [endDay, next],
          ] as Range[]
        ).filter(([a, b]) => a! < b!),
      )
    }
    return plan
  }
  // The start: add the days up to the next month, or take the month and subtract the days before `firstDay`.
  let monthsFrom: Date | undefined
  let startDays: { add?: Range; minus?: Range } = {}
  if (firstDay) {
    const month = startOfMonth(firstDay)
    const next = monthAfter(firstDay)
    if (month.getTime() === firstDay.getTime()) monthsFrom = firstDay
    else if (cost(firstDay, next) <= cost(month, firstDay)) {
      monthsFrom = next
      startDays = { add: [firstDay, next] }
    } else {
      monthsFrom = month
      startDays = { minus: [month, firstDay] }
    }
  }
  // The end: add the days of its month before `endDay`, or take the month and subtract the days from it.
  let monthsUntil: Date | undefined
  let endDays: { add?: Range; minus?: Range } = {}
  if (endDay) {
    const month = startOfMonth(endDay)
    const next = monthAfter(endDay)
    if (month.getTime() === endDay.getTime()) monthsUntil = endDay
    else if (cost(month, endDay) <= cost(endDay, next)) {
      monthsUntil = month
      endDays = { add: [month, endDay] }
    } else {
      monthsUntil = next
      endDays = { minus: [endDay, next] }
    }
  }
  if (monthsFrom === undefined || monthsUntil === undefined || monthsFrom < monthsUntil) {
    plan.months = [monthsFrom, monthsUntil]
  }
  for (const side of [startDays, endDays]) {
    if (side.add) plan.days.push(side.add)
    if (side.minus) plan.minusDays.push(side.minus)
  }
  return plan
}

export type CountingPlan = ReturnType<typeof countingPlan>

/**
 * The reads a plan takes, each with its sign: `summed` reads the month rows or the day rows of a range,
 * `counted` counts the rows of a cut day themselves; the caller adds the answers times their signs.
 */
export function planReads<T>(
  plan: CountingPlan,
  summed: (rows: 'month' | 'day', range: Range) => () => Promise<T>,
  counted: (range: Range) => () => Promise<T>,
): { sign: 1 | -1; read: () => Promise<T> }[] {
  return [
    ...(plan.months ? [{ sign: 1 as const, read: summed('month', plan.months) }] : []),
    ...plan.days.map((range) => ({ sign: 1 as const, read: summed('day', range) })),
    ...plan.orders.map((range) => ({ sign: 1 as const, read: counted(range) })),
    ...plan.minusDays.map((range) => ({ sign: -1 as const, read: summed('day', range) })),
  ]
}
