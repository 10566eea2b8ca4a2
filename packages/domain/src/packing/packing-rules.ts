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
