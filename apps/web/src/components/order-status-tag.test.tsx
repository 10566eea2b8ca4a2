import { render, screen } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import cs from '../locales/cs/orders.json'
import { OrderStatusTag } from './order-status-tag'

describe('OrderStatusTag', () => {
  beforeAll(() => {
    i18n.addResourceBundle('cs', 'orders', cs)
  })
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it("shows an order's status in the reader's language, one it does not know as sent", async () => {
    await i18n.changeLanguage('cs')
    render(
      <>
        <OrderStatusTag status="Delivered" />
        <OrderStatusTag status="Lost in space" />
      </>,
    )
    expect(screen.getByText(cs.status.Delivered)).toBeTruthy()
    expect(screen.queryByText('Delivered')).toBeNull()
    expect(screen.getByText('Lost in space')).toBeTruthy()
  })
})
