import { serviceTypeNames } from '@expedo/domain'
import { describe, expect, it } from 'vitest'
import { documentTerms } from '../../../platform/documents/labels.ts'
import { serviceLabel, storedServiceNames } from './bill-lines.ts'
import { billItemName } from './tax-document.ts'

describe('the service names a bill item stores', () => {
  it('are byte for byte the descriptions stored before: a new run names an item as the old ones', () => {
    expect(serviceLabel).toEqual({
      fulfilment: 'Fulfilment',
      extra_item: 'Extra item',
      packaging: 'Packaging',
      receiving: 'Receiving',
      refund_handling: 'Refund handling',
      transport: 'Transport',
      cod: 'COD fee',
      storage: 'Storage',
    })
  })

  it('come from the document catalogue’s English names, but for the stored ones it renamed since', () => {
    expect(Object.keys(serviceLabel).sort()).toEqual([...serviceTypeNames].sort())
    for (const type of serviceTypeNames) {
      const stored = storedServiceNames[type]
      expect(serviceLabel[type], type).toBe(stored ?? documentTerms.en.services[type])
      if (stored) expect(stored, type).not.toBe(documentTerms.en.services[type])
    }
  })

  it('print in the document’s language, a stored name included', () => {
    expect(billItemName({ description: 'Fulfilment', serviceType: 'fulfilment' }, 'en')).toBe(
      'Order fulfilment',
    )
    expect(billItemName({ description: 'Fulfilment', serviceType: 'fulfilment' }, 'cs')).toBe(
      'Vyřízení objednávky',
    )
    expect(billItemName({ description: 'Storage (12.5)', serviceType: 'storage' }, 'sk')).toBe(
      'Skladovanie (12.5)',
    )
  })
})
