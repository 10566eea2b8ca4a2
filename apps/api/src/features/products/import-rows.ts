import { type ImportErrorCode, type ImportResult, ImportRowSchema } from '@expedo/domain'
import type { ProductInsert } from './products.repository.ts'

export const DUPLICATE_SKU_MESSAGE = 'E11000 duplicate key: a product with this SKU already exists'

/** One spreadsheet row checked on its own: the product to insert, or why it cannot be. */
export type CheckedRow =
  | { ok: true; sku: string; name: string; values: Omit<ProductInsert, 'businessclientId'> }
  | { ok: false; sku: string; name: string; error: string; code: ImportErrorCode }

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim()

export function checkRow(raw: unknown): CheckedRow {
  const parsed = ImportRowSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, sku: '', name: '', error: 'Not a product row', code: 'INVALID' }
  const row = parsed.data
  const name = cell(row.name)
  const sku = cell(row.codes?.sku)
  const barcode = cell(row.codes?.barcode)
  const missing = [!name && 'name', !sku && 'sku', !barcode && 'barcode'].filter(Boolean)
  if (missing.length > 0)
    return { ok: false, sku, name, error: `Required: ${missing.join(', ')}`, code: 'REQUIRED' }
  if (name.length > 300 || sku.length > 100 || barcode.length > 100) {
    return {
      ok: false,
      sku,
      name,
      error: 'Too long: name at most 300, sku and barcode at most 100 characters',
      code: 'INVALID',
    }
  }
  const weightText = cell(row.proprities?.weight)
  const weight = weightText === '' ? null : Number(weightText)
  if (weight !== null && !(Number.isInteger(weight) && weight >= 0 && weight <= 2_000_000_000)) {
    return {
      ok: false,
      sku,
      name,
      error: 'Weight must be a whole number of grams, 0 or more',
      code: 'INVALID',
    }
  }
  return {
    ok: true,
    sku,
    name,
    values: {
      name,
      sku,
      barcode,
      color: cell(row.color).slice(0, 100),
      size: cell(row.size).slice(0, 100),
      weightGrams: weight,
    },
  }
}

/** Checks every row and marks the second and later rows of a SKU as duplicates within the file. */
export function checkRows(rows: unknown[]): CheckedRow[] {
  const firstRowOf = new Map<string, number>()
  return rows.map((raw, index) => {
    const checked = checkRow(raw)
    if (!checked.ok) return checked
    const first = firstRowOf.get(checked.sku)
    if (first !== undefined) {
      return {
        ok: false,
        sku: checked.sku,
        name: checked.name,
        error: `Duplicate SKU in the file (row ${first + 1})`,
        code: 'DUPLICATE_IN_FILE',
      }
    }
    firstRowOf.set(checked.sku, index)
    return checked
  })
}

export function toResult(row: CheckedRow, inserted: Set<string>): ImportResult {
  if (!row.ok) return { sku: row.sku, name: row.name, success: false, error: row.error, code: row.code }
  return inserted.has(row.sku)
    ? { sku: row.sku, name: row.name, success: true }
    : { sku: row.sku, name: row.name, success: false, error: DUPLICATE_SKU_MESSAGE, code: 'DUPLICATE_SKU' }
}
