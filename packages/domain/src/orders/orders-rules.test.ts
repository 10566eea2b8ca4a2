import { describe, expect, it } from 'vitest'
import {
  allowedActions,
  canTransition,
  isBeforePicking,
  type OrderStatus,
  orderStatuses,
  transitionKind,
} from './orders-rules.ts'

const all = orderStatuses.options

describe('order statuses', () => {
  it('are the spec’s fifteen strings', () => {
    expect(all).toEqual([
      'New',
      'Draft',
      'Client editing',
      'No goods',
      'Order Ready for picking',
      'Product Picking',
      'Packed',
      'Shipping',
      'Delivered',
      'COD WAITING',
      'Not shipped',
      'Validated',
      'In progress',
      'Canceled',
      'Error',
    ])
  })
})

/** The statuses in which the spec offers an action, exactly (§4). */
function offeredIn(action: string): OrderStatus[] {
  return all.filter((s) => allowedActions(s).includes(action as never))
}

describe('allowed actions by current status (spec §4)', () => {
  it('Validate (sets status New): offered in Client editing or Draft', () => {
    expect(offeredIn('Validate')).toEqual(['Draft', 'Client editing'])
    expect(canTransition('Client editing', 'New')).toBe(true)
    expect(canTransition('Draft', 'New')).toBe(true)
  })

  it('Set to Draft: offered in Order Ready for picking, Product Picking, Client editing, New or No goods', () => {
    expect(new Set(offeredIn('Set to Draft'))).toEqual(
      new Set(['Order Ready for picking', 'Product Picking', 'Client editing', 'New', 'No goods']),
    )
  })

  it('Cancel: offered in Order Ready for picking, Product Picking, Draft, Client editing, New or No goods', () => {
    expect(new Set(offeredIn('Cancel'))).toEqual(
      new Set(['Order Ready for picking', 'Product Picking', 'Draft', 'Client editing', 'New', 'No goods']),
    )
  })

  it('offers nothing once the order is packed, shipped, delivered or canceled', () => {
    for (const s of ['Packed', 'Shipping', 'Delivered', 'COD WAITING', 'Not shipped', 'Canceled'] as const) {
      expect(allowedActions(s)).toEqual([])
    }
  })

  it('lists actions in the spec’s order', () => {
    expect(allowedActions('Client editing')).toEqual(['Validate', 'Set to Draft', 'Cancel'])
    expect(allowedActions('Draft')).toEqual(['Validate', 'Cancel'])
    expect(allowedActions('New')).toEqual(['Set to Draft', 'Cancel'])
  })
})

describe('transition table (docs/domain.md "Orders")', () => {
  it('warehouse flow: Order Ready for picking → Product Picking → Packed → Shipping → Delivered', () => {
    const flow: OrderStatus[] = [
      'Order Ready for picking',
      'Product Picking',
      'Packed',
      'Shipping',
      'Delivered',
    ]
    for (let i = 0; i < flow.length - 1; i++) expect(transitionKind(flow[i]!, flow[i + 1]!)).toBe('warehouse')
  })

  it('a COD order goes Shipping → COD WAITING → Delivered; a returned one Shipping → Not shipped', () => {
    expect(transitionKind('Shipping', 'COD WAITING')).toBe('warehouse')
    expect(transitionKind('COD WAITING', 'Delivered')).toBe('warehouse')
    expect(transitionKind('Shipping', 'Not shipped')).toBe('warehouse')
  })

  it('allocation: New → Order Ready for picking or No goods; No goods → Order Ready for picking on retry', () => {
    expect(transitionKind('New', 'Order Ready for picking')).toBe('allocation')
    expect(transitionKind('New', 'No goods')).toBe('allocation')
    expect(transitionKind('No goods', 'Order Ready for picking')).toBe('allocation')
  })

  it('refuses everything else', () => {
    expect(canTransition('Delivered', 'New')).toBe(false)
    expect(canTransition('Canceled', 'New')).toBe(false)
    expect(canTransition('Packed', 'Canceled')).toBe(false)
    expect(canTransition('New', 'Shipping')).toBe(false)
    expect(canTransition('Order Ready for picking', 'Packed')).toBe(false)
    for (const s of all) expect(canTransition(s, s)).toBe(false)
    let allowed = 0
    for (const from of all) for (const to of all) if (canTransition(from, to)) allowed++
    expect(allowed).toBe(23)
  })
})

describe('isBeforePicking', () => {
  it('lets addresses, items, COD and courier change until picking starts, and never after', () => {
    expect(all.filter(isBeforePicking)).toEqual([
      'New',
      'Draft',
      'Client editing',
      'No goods',
      'Order Ready for picking',
      'Error',
    ])
  })
})
