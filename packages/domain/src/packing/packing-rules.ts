/**
 * Scan-to-pack (issue 25 "Scan-to-pack"): what a packing station's scan of an item means for the order on the
 * table. Plain TypeScript, no zod: the packing screen answers each scan at once with it, and the server checks
 * the whole count again when the order is marked Packed.
 */
import { scanMatchesGoods } from '../waves/wave-rules.ts'

/** An order line as the packer sees it: its goods' codes and how many go in the box. */
export interface PackLine {
  sku: string
  barcode: string
  quantity: number
}

export type PackScanResult =
  | { kind: 'packed'; index: number; packed: number; complete: boolean }
  | { kind: 'wrongItem' }
  | { kind: 'tooMany'; index: number; quantity: number }

/**
 * One scan against the order's lines and what is packed so far (`packed[i]` per line): the first line of these
 * goods with room takes it; goods not in the order are a wrong item; goods whose lines are full are one too
 * many. `packed` is never changed: the answer says what it becomes.
 */
export function packScan(
  lines: readonly PackLine[],
  packed: readonly number[],
  scan: string,
): PackScanResult {
  const matching = lines.flatMap((line, index) => (scanMatchesGoods(scan, line) ? [index] : []))
  if (!matching.length) return { kind: 'wrongItem' }
  const index = matching.find((i) => (packed[i] ?? 0) < lines[i]!.quantity)
  if (index === undefined) {
    const first = matching[0]!
    return { kind: 'tooMany', index: first, quantity: lines[first]!.quantity }
  }
  const after = lines.map((_, i) => (i === index ? (packed[i] ?? 0) + 1 : (packed[i] ?? 0)))
  return {
    kind: 'packed',
    index,
    packed: after[index]!,
    complete: lines.every((line, i) => after[i] === line.quantity),
  }
}

/** Whether what was packed is exactly the order: every line full, nothing over. */
export function packedExactly(lines: readonly PackLine[], packed: readonly number[]): boolean {
  return lines.length > 0 && lines.every((line, i) => (packed[i] ?? 0) === line.quantity)
}

/** The order's code printed as a barcode on its packing slip: O-123456 (its internal numeric id). */
export const orderScanCode = (internalNumericId: number) => `O-${internalNumericId}`

/** A tote's (a wave slot's) code as printed on its label: the wave's code and the slot, W-000042-7. */
export const toteScanCode = (waveNumber: number, slot: number) =>
  `W-${String(waveNumber).padStart(6, '0')}-${slot}`

/** What a packer scanned first: an order's slip (O-123456, or its internal id typed by hand) or a tote. */
export type PackingCode =
  | { kind: 'order'; internalNumericId: number }
  | { kind: 'tote'; waveNumber: number; slot: number }

/** The scanned text as a packing code, or null when it is neither an order's nor a tote's code. */
export function parsePackingCode(scan: string): PackingCode | null {
  const key = scan.trim().toUpperCase()
  const order = /^(?:O-)?(\d{1,15})$/.exec(key)
  if (order) return { kind: 'order', internalNumericId: Number(order[1]) }
  const tote = /^W-(\d{1,9})-(\d{1,4})$/.exec(key)
  if (tote) return { kind: 'tote', waveNumber: Number(tote[1]), slot: Number(tote[2]) }
  return null
}

/** A packer's hold on an order lapses after this long without a scan, so an order left on a table is free. */
export const PACKING_CLAIM_MINUTES = 10
/** At most this many parcels for one order. */
export const MAX_PARCELS = 20
/** At most this weight for one order, in grams (the couriers' heaviest parcel class × parcels). */
export const MAX_PACKED_WEIGHT_GRAMS = 1_000_000
