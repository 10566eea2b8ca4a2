/** Locations on the warehouse floor (issue 25): codes from ranges, and the pick path through them. */

/** At most this many locations are created by one bulk request (a big warehouse is a few requests). */
export const LOCATION_BULK_CAP = 2000

export interface NumberRange {
  from: number
  to: number
}

export interface LocationRanges {
  zone: string
  aisles: NumberRange
  racks: NumberRange
  levels: NumberRange
  /** Without positions the code ends at the level: A-01-01-1. */
  positions?: NumberRange | undefined
}

export interface PlannedLocation {
  code: string
  zone: string
  aisle: string
  rack: string
  level: string
  position: string
  /** 0-based step on the pick path within the planned block. */
  step: number
}

const span = (r: NumberRange | undefined) => (r ? r.to - r.from + 1 : 1)

/** How many locations the ranges describe. */
export function locationCount(ranges: LocationRanges): number {
  return span(ranges.aisles) * span(ranges.racks) * span(ranges.levels) * span(ranges.positions)
}

const pad = (n: number, to: number, min: number) => String(n).padStart(Math.max(min, String(to).length), '0')

function* each(r: NumberRange, reverse = false) {
  if (reverse) for (let n = r.to; n >= r.from; n--) yield n
  else for (let n = r.from; n <= r.to; n++) yield n
}

/**
 * Every location of the ranges, in pick-path order: aisle by aisle, walking up one aisle and down the next
 * (a serpentine path: racks ascend in the 1st, 3rd … aisle and descend in the 2nd, 4th …), each rack bottom
 * level first. Codes are zone-aisle-rack-level[-position] with aisles and racks two digits wide.
 */
export function planLocations(ranges: LocationRanges): PlannedLocation[] {
  const out: PlannedLocation[] = []
  const positions = ranges.positions
  let aisleIndex = 0
  for (const aisle of each(ranges.aisles)) {
    for (const rack of each(ranges.racks, aisleIndex % 2 === 1)) {
      for (const level of each(ranges.levels)) {
        for (const position of positions ? each(positions) : [undefined]) {
          const parts = {
            zone: ranges.zone,
            aisle: pad(aisle, ranges.aisles.to, 2),
            rack: pad(rack, ranges.racks.to, 2),
            level: pad(level, ranges.levels.to, 1),
            position: position === undefined || !positions ? '' : pad(position, positions.to, 1),
          }
          const code = [parts.zone, parts.aisle, parts.rack, parts.level, parts.position]
            .filter(Boolean)
            .join('-')
          out.push({ ...parts, code, step: out.length })
        }
      }
    }
    aisleIndex++
  }
  return out
}

/** A location code as typed or scanned: trimmed and upper-case (scanners and people differ in case). */
export const normalizeLocationCode = (code: string) => code.trim().toUpperCase()
