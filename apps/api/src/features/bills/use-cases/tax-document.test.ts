import { describe, expect, it } from 'vitest'
import { billItemName } from './tax-document.ts'

describe('billItemName', () => {
  it('names a service item in the document’s language, keeping the unit price that tells two apart', () => {
    expect(billItemName({ description: 'Storage', serviceType: 'storage' }, 'cs')).toBe('Skladování')
    expect(billItemName({ description: 'Receiving', serviceType: 'receiving' }, 'bg')).toBe(
      'Приемане на стока',
    )
    expect(billItemName({ description: 'Transport (89.5)', serviceType: 'transport' }, 'ro')).toBe(
      'Transport (89.5)',
    )
    expect(billItemName({ description: 'Fulfilment (22.00)', serviceType: 'fulfilment' }, 'sk')).toBe(
      'Vybavenie objednávky (22.00)',
    )
  })

  it('prints a description finance wrote by hand as written', () => {
    expect(billItemName({ description: 'Palety navíc v říjnu', serviceType: 'storage' }, 'en')).toBe(
      'Palety navíc v říjnu',
    )
    expect(billItemName({ description: 'Školení', serviceType: null }, 'cs')).toBe('Školení')
  })
})
