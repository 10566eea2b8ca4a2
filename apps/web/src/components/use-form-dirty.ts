import { Form, type FormInstance } from 'antd'
import { useCallback, useEffect, useState } from 'react'

function normalise(value: unknown): unknown {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value.trim()
  if (Array.isArray(value)) return value.map(normalise)
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]))
  }
  return value
}

function equal(a: unknown, b: unknown): boolean {
  const x = normalise(a)
  const y = normalise(b)
  if (x === y) return true
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
  const keys = new Set([...Object.keys(x), ...Object.keys(y)])
  for (const key of keys) {
    if (!equal((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key])) return false
  }
  return true
}

export interface FormDirty {
  /** The values differ from the initial ones. */
  isDirty: boolean
  /** Pass to the Form's `onValuesChange`: a keystroke enables Save at once, so Enter right after it submits. */
  onValuesChange: () => void
}

/**
 * Whether the form's values differ from `initial` (trimmed; empty and missing count as equal).
 * Drives "Save disabled until something changed". Typing is seen synchronously (onValuesChange);
 * programmatic changes (reset, formatting on blur) through Form.useWatch, which is batched.
 */
export function useFormDirty<V extends object>(form: FormInstance<V>, initial: Partial<V>): FormDirty {
  const [isDirty, setIsDirty] = useState(false)
  const onValuesChange = useCallback(
    () => setIsDirty(!equal(form.getFieldsValue(), initial)),
    [form, initial],
  )
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<V> | undefined
  useEffect(() => {
    if (watched) setIsDirty(!equal(watched, initial))
  }, [watched, initial])
  return { isDirty, onValuesChange }
}

/** The fields of `values` that differ from `initial` (trimmed strings), for PATCH-style updates. */
export function changedFields<V extends object>(initial: Partial<V>, values: V): Partial<V> {
  const changes: Partial<V> = {}
  for (const key of Object.keys(values) as (keyof V)[]) {
    if (!equal(values[key], initial[key])) changes[key] = values[key]
  }
  return changes
}
