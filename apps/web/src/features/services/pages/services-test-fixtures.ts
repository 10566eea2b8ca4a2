import { act } from '@testing-library/react'
import dayjs from 'dayjs'
import { sessionStore } from '@/lib/session'
import { sessionUser } from '../../../../test/app-harness'

export const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
export const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
export const shipmentId = '0190a0a0-0000-7000-8000-0000000000e1'
export const billId = '0190a0a0-0000-7000-8000-0000000000b1'
export const monthStart = dayjs().startOf('month').format('YYYY-MM-DD')
export const today = dayjs().format('YYYY-MM-DD')

let n = 0
export function aService(over: Record<string, unknown> = {}) {
  n += 1
  return {
    _id: `0190a0a0-0000-7000-8000-0000000a${String(n).padStart(4, '0')}`,
    serviceType: { name: 'fulfilment', category: 'warehouse' },
    trigger: 'Order',
    triggerId: orderId,
    triggerRef: 'ZR-1001',
    quantity: 1,
    unitPrice: 26,
    amount: 26,
    currency: 'CZK',
    country: 'Czech',
    isBilled: false,
    description: 'Order ZR-1001',
    bill: null,
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    serviceDate: today,
    createdAt: `${today}T10:00:00.000Z`,
    quotation: null,
    ...over,
  }
}

export const signedInAs = (roles: Parameters<typeof sessionUser>[1], businessclient: string | null = null) =>
  act(() => sessionStore.signIn(sessionUser('user1', roles, businessclient)))
