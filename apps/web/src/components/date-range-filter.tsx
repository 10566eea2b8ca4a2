import dayjs from 'dayjs'
import { PICKER_DATE_FORMAT } from './date-text'
import { DeferredDatePicker } from './deferred-date-picker'
import { FilterField } from './filter-bar'

const ISO_DAY = 'YYYY-MM-DD'
const day = (value: string) => (value ? dayjs(value, ISO_DAY) : null)

export interface DateRangeFilterProps {
  labels: { from: string; to: string }
  /** YYYY-MM-DD or '' (as the URL state keeps them). */
  from: string
  to: string
  onChange: (change: { from?: string; to?: string }) => void
  width?: number
}

/** A period filter of a filter bar: from and to day pickers (DD-MM-YYYY), kept as YYYY-MM-DD. */
export function DateRangeFilter({ labels, from, to, onChange, width = 150 }: DateRangeFilterProps) {
  const picker = (key: 'from' | 'to', value: string) => (
    <FilterField label={labels[key]} width={width}>
      <DeferredDatePicker
        aria-label={labels[key]}
        placeholder={labels[key]}
        format={PICKER_DATE_FORMAT}
        value={day(value)}
        onChange={(d) => onChange({ [key]: d ? d.format(ISO_DAY) : '' })}
      />
    </FilterField>
  )
  return (
    <>
      {picker('from', from)}
      {picker('to', to)}
    </>
  )
}
