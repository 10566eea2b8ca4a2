import { describe, expect, it } from 'vitest'
import { locationCount, planLocations } from './location-rules.ts'

describe('planLocations', () => {
  it('names A-01-01-1 … A-20-05-4 and counts 400 of them', () => {
    const ranges = {
      zone: 'A',
      aisles: { from: 1, to: 20 },
      racks: { from: 1, to: 5 },
      levels: { from: 1, to: 4 },
    }
    const plan = planLocations(ranges)
    expect(locationCount(ranges)).toBe(400)
    expect(plan).toHaveLength(400)
    expect(plan[0]!.code).toBe('A-01-01-1')
    expect(new Set(plan.map((l) => l.code)).size).toBe(400)
    expect(plan.map((l) => l.code)).toContain('A-20-05-4')
  })

  it('walks the aisles as a serpentine: up the first aisle, down the second', () => {
    const plan = planLocations({
      zone: 'B',
      aisles: { from: 1, to: 2 },
      racks: { from: 1, to: 3 },
      levels: { from: 1, to: 1 },
    })
    expect(plan.map((l) => l.code)).toEqual([
      'B-01-01-1',
      'B-01-02-1',
      'B-01-03-1',
      'B-02-03-1',
      'B-02-02-1',
      'B-02-01-1',
    ])
    expect(plan.map((l) => l.step)).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('adds the position when positions are given', () => {
    const plan = planLocations({
      zone: 'C',
      aisles: { from: 3, to: 3 },
      racks: { from: 7, to: 7 },
      levels: { from: 2, to: 2 },
      positions: { from: 1, to: 2 },
    })
    expect(plan.map((l) => l.code)).toEqual(['C-03-07-2-1', 'C-03-07-2-2'])
    expect(plan[1]).toMatchObject({ zone: 'C', aisle: '03', rack: '07', level: '2', position: '2' })
  })
})
