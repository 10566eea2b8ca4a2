import { serviceItemNames, serviceTypeNames } from '@expedo/domain'
import { describe, expect, it } from 'vitest'
import { documentTerms } from '../../../platform/documents/labels.ts'
import { billItemName } from './tax-document.ts'

describe('the service names a bill item stores', () => {
  it('are byte for byte the descriptions stored before: a new run names an item as the old ones', () => {
    expect(serviceItemNames).toEqual({
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

  it('are the document catalogue’s English names, but for the one it renamed since (Fulfilment)', () => {
    expect(Object.keys(serviceItemNames).sort()).toEqual([...serviceTypeNames].sort())
    const renamed = serviceTypeNames.filter(
      (type) => serviceItemNames[type] !== documentTerms.en.services[type],
    )
    expect(renamed).toEqual(['fulfilment'])
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
