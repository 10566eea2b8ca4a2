/**
 * Waves and pick lists (issue 25 "Waves and pick lists"): plain TypeScript, no zod, so the picker's phone screen
 * checks a scan against its line at once, before (and besides) the server's check.
 */

/** picking: lines are open; picked: every line is picked, short or back in a location. */
export const waveStatusList = ['picking', 'picked'] as const
export type WaveStatus = (typeof waveStatusList)[number]

/**
 * A wave line's life: open (to pick) → picked, or short (less than planned lay there: a discrepancy for the
 * operator). An order cancelled during picking turns its open lines to canceled and its picked ones to
 * toReturn, until the picker puts the goods back in a location (returned).
 */
export const waveLineStatusList = ['open', 'picked', 'short', 'canceled', 'toReturn', 'returned'] as const
export type WaveLineStatus = (typeof waveLineStatusList)[number]

/** Lines the picker still has to walk to: open ones to pick, toReturn ones to put back. */
export const pendingLineStatuses: readonly WaveLineStatus[] = ['open', 'toReturn']

export const waveItemKinds = ['single', 'multi'] as const
export type WaveItemKind = (typeof waveItemKinds)[number]

/** At most this many orders are released into one wave. */
export const WAVE_ORDER_CAP = 1000
/** A claim on a line lapses after this long without a scan, so a picker who left does not hold it. */
export const CLAIM_MINUTES = 10

/** A wave's human number as printed on the pick list: W-000042. */
export const waveCode = (n: number) => `W-${String(n).padStart(6, '0')}`

/** Scanned text as compared: trimmed, upper case (location codes and SKUs are upper case; barcodes digits). */
export const scanKey = (s: string) => s.trim().toUpperCase()

/** Whether a scanned product code names the line's goods: its barcode or, without one, its SKU. */
export function scanMatchesGoods(scan: string, goods: { sku: string; barcode: string }): boolean {
  const key = scanKey(scan)
  return key !== '' && (key === scanKey(goods.barcode) || key === scanKey(goods.sku))
}

export interface StockPlace {
  locationId: string
  /** Units lying there that no open wave line has claimed yet. */
  free: number
}

/**
 * Where the picker takes `quantity` of one card: from the places in the given (pick-path) order, as much as
 * each holds free; whatever none holds stays unplaced (`rest`), for the operator to see.
 */
export function planPicks(
  quantity: number,
  places: readonly StockPlace[],
): { picks: { locationId: string; quantity: number }[]; rest: number } {
  const picks: { locationId: string; quantity: number }[] = []
  let left = quantity
  for (const p of places) {
    if (left <= 0) break
    const take = Math.min(left, p.free)
    if (take > 0) {
      picks.push({ locationId: p.locationId, quantity: take })
      left -= take
    }
  }
  return { picks, rest: left }
}

/** What an order of a wave must have picked: its blocked units of one card. */
export interface WaveBlock {
  orderId: string
  cardId: string
  quantity: number
}

/** Where a card lies, with the units no open line has claimed yet and the location's place on the path. */
export interface WavePlace extends StockPlace {
  cardId: string
  pickOrder: number
}

export interface PlannedLine {
  orderId: string
  cardId: string
  /** null: no location holds these units free (the picker reports them short). */
  locationId: string | null
  pickOrder: number
  quantity: number
}

/** Units no location holds go last on the pick path. */
export const UNPLACED_PICK_ORDER = 2_000_000_000

/**
 * A release's pick lines: each block, in the order given (slot order), taken from its card's places in the
 * order given (pick path) as far as they hold units free; what none holds becomes a line without a location.
 * Two blocks of one card never plan the same units: each takes what the previous left.
 */
export function planWave(blocks: readonly WaveBlock[], places: readonly WavePlace[]): PlannedLine[] {
  const byCard = new Map<string, WavePlace[]>()
  for (const p of places) {
    const list = byCard.get(p.cardId) ?? []
    list.push({ ...p })
    byCard.set(p.cardId, list)
  }
  const lines: PlannedLine[] = []
  for (const b of blocks) {
    const at = byCard.get(b.cardId) ?? []
    const { picks, rest } = planPicks(b.quantity, at)
    for (const p of picks) {
      const place = at.find((x) => x.locationId === p.locationId)!
      place.free -= p.quantity
      lines.push({ orderId: b.orderId, cardId: b.cardId, ...p, pickOrder: place.pickOrder })
    }
    if (rest > 0)
      lines.push({
        orderId: b.orderId,
        cardId: b.cardId,
        locationId: null,
        pickOrder: UNPLACED_PICK_ORDER,
        quantity: rest,
      })
  }
  return lines
}
