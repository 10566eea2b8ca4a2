import { describe, expect, it } from 'vitest'
import { addressRuleChanges, linePrice, toCreateOrderBody } from './create-order-values'

describe('create-order values', () => {
  it('line price is unit price × quantity to the cent', () => {
    expect(linePrice(0.1, 3)).toBe(0.3)
    expect(linePrice(19.99, 7)).toBe(139.93)
    expect(linePrice(null, 2)).toBe(0)
  })

  it('same-address ticked copies the whole shipping address to the company address', () => {
    const shipTo = { country: 'Czech', city: 'Brno', street: 'Kounicova', postcode: '602 00' }
    const changes = addressRuleChanges({ isAdressAsShipping: true }, { isAdressAsShipping: true, shipTo })
    expect(Object.fromEntries(changes.map((c) => [c.name.join('.'), c.value]))).toEqual({
      'shipTo.client.country': 'Czech',
      'shipTo.client.province': undefined,
      'shipTo.client.city': 'Brno',
      'shipTo.client.street': 'Kounicova',
      'shipTo.client.streetNr': undefined,
      'shipTo.client.postcode': '602 00',
    })
  })

  it('unticking is-company keeps the customer name and phone', () => {
    const changes = addressRuleChanges({ shipTo: { isCompany: false } }, { shipTo: { isCompany: false } })
    const cleared = changes.map((c) => c.name.join('.'))
    expect(cleared).toContain('shipTo.client.companyName')
    expect(cleared).toContain('isAdressAsShipping')
    expect(cleared).not.toContain('shipTo.client.firstName')
    expect(cleared).not.toContain('shipTo.phone')
  })

  it('a client sends no business client, a person no company fields, no COD amount no payment', () => {
    const body = toCreateOrderBody(
      {
        businessclient: 'x',
        shipTo: {
          country: 'Czech',
          city: ' Brno ',
          street: 'Kounicova',
          postcode: '602 00',
          isCompany: false,
          client: { firstName: 'Jana', companyName: 'left over' },
        },
        items: [{ product: 'p', quantity: 2, unitPrice: 1.25 }, { quantity: 1 }],
      },
      false,
    )
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      shipTo: {
        country: 'Czech',
        city: 'Brno',
        street: 'Kounicova',
        postcode: '602 00',
        isCompany: false,
        client: { firstName: 'Jana', isCompany: false },
      },
      items: [{ product: 'p', quantity: 2, price: 2.5 }],
    })
  })
})
