import dayjs from 'dayjs'

/** The date formats of the spec: pickers and dates DD-MM-YYYY; lists DD-MM-YY HH:mm, DD.MM.YY, DD.MM.YYYY. */
export type DateFormat = 'DD-MM-YYYY' | 'DD-MM-YY HH:mm' | 'DD.MM.YY' | 'DD.MM.YYYY'

/** Format of every DatePicker (spec part 2 §5). */
export const PICKER_DATE_FORMAT: DateFormat = 'DD-MM-YYYY'

/** A date (ISO string, Date or timestamp) in one of the spec's formats; '' when missing or invalid. */
export function formatDate(
  value: string | number | Date | null | undefined,
  format: DateFormat = 'DD-MM-YYYY',
): string {
  if (value === null || value === undefined || value === '') return ''
  const date = dayjs(value)
  return date.isValid() ? date.format(format) : ''
}

export interface DateTextProps {
  value: string | number | Date | null | undefined
  format?: DateFormat
}

/**
 * A date as a <time> element in the spec's format; a dash when there is no date. Never broken over two lines;
 * marked `data-identifier` (the journeys' layout check fails on a date that wraps or is cut).
 */
export function DateText({ value, format = 'DD-MM-YYYY' }: DateTextProps) {
  const text = formatDate(value, format)
  if (!text) return <span>—</span>
  return (
    <time dateTime={dayjs(value).toISOString()} data-identifier style={{ whiteSpace: 'nowrap' }}>
      {text}
    </time>
  )
}
