import { DatePicker, Select } from 'antd'
import dayjs from 'dayjs'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { NumberInput } from '@/components/number-input'
import type { InlineEditorProps } from './inline-field'

/** A number editor for inline fields (money with 2 decimals, or whole grams). */
export function numberEditor(options: { min: number; precision: number }) {
  return function NumberEditor({ id, label, value, onChange, onSubmit }: InlineEditorProps<number | null>) {
    return (
      <NumberInput
        id={id}
        aria-label={label}
        size="small"
        autoFocus
        min={options.min}
        precision={options.precision}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        onPressEnter={onSubmit}
        style={{ width: '100%' }}
      />
    )
  }
}

/** A DD-MM-YYYY date editor over the API's YYYY-MM-DD value. */
export function DateEditor({ id, label, value, onChange }: InlineEditorProps<string | null>) {
  return (
    <DatePicker
      id={id}
      aria-label={label}
      size="small"
      format={PICKER_DATE_FORMAT}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
      style={{ width: '100%' }}
    />
  )
}

/** A searchable single select editor over id → name options; clearing gives null. */
export function selectEditor(options: { value: string; label: string }[], loading: boolean) {
  return function SelectEditor({ id, label, value, onChange }: InlineEditorProps<string | null>) {
    return (
      <Select
        id={id}
        aria-label={label}
        size="small"
        allowClear
        loading={loading}
        value={value ?? undefined}
        onChange={(v: string | undefined) => onChange(v ?? null)}
        optionFilterProp="label"
        showSearch
        options={options}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
      />
    )
  }
}
