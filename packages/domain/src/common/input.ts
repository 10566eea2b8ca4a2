import { z } from 'zod'

/**
 * The rules every input of the API shares (params, query and body; answers need none of them), so a new
 * endpoint inherits them by using these schemas: text without control characters, dates in a business
 * range, partial updates that change something.
 */

// C0 controls but tab, line feed and carriage return, and DEL. PostgreSQL refuses U+0000 in text and JSON.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
// Half of a UTF-16 surrogate pair: no character at all, and PostgreSQL's JSON refuses its escape.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters'
export const INVALID_UNICODE_MESSAGE = 'must be valid Unicode text'

/** The check of `plainString`; exported so a test can prove every input string carries it. */
export function checkPlainText(ctx: z.core.ParsePayload<string>): void {
  if (CONTROL_CHARACTER.test(ctx.value))
    ctx.issues.push({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, input: ctx.value })
  else if (LONE_SURROGATE.test(ctx.value))
    ctx.issues.push({ code: 'custom', message: INVALID_UNICODE_MESSAGE, input: ctx.value })
}

/** Any input string: text, with tabs and line breaks, but no control characters or broken Unicode. */
export const plainString = () => z.string().check(checkPlainText)

/**
 * The dates of the business (orders, deliveries, stock movements, report ranges) fall well inside
 * 1900–2999; a year outside is a typo or a probe, and far ones overflow PostgreSQL's or JavaScript's dates.
 */
export const DATE_MIN = '1900-01-01'
export const DATE_MAX = '2999-12-31'
const earliest = Date.parse(DATE_MIN)
const afterLatest = Date.parse('3000-01-01')
const inDateRange = (value: string) => {
  const at = Date.parse(value)
  return at >= earliest && at < afterLatest
}
const DATE_RANGE_MESSAGE = `must be between ${DATE_MIN} and ${DATE_MAX}`

/** A calendar day, `YYYY-MM-DD`. */
export const dayInput = () =>
  z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).refine(inDateRange, { message: DATE_RANGE_MESSAGE })

/** A day (`YYYY-MM-DD`) or an ISO 8601 date-time with its offset (`2024-05-01T10:00:00Z`), kept as text. */
export const dateInput = () =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'must be a date (ISO 8601)' })
    .refine(inDateRange, { message: DATE_RANGE_MESSAGE })

/** `dateInput` as an instant: a bare day is its start in UTC. */
export const instantInput = () => dateInput().transform((value) => new Date(value))

/** A partial update names at least one field: `{}` is a 400, not an UPDATE with nothing to set. */
export const atLeastOneField = <T extends z.ZodObject>(schema: T) =>
  schema.refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'must name at least one field to change',
  })
