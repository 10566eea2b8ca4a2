import { DASHBOARD_DAYS } from '@expedo/domain'
import dayjs from 'dayjs'

/** The filtered lists each tile opens, in the orders list's own URL parameters. */
const orders = (params: Record<string, string>) => `/orders?${new URLSearchParams(params)}`

export const dashboardLinks = {
  status: (status: string) => orders({ status }),
  /** Every order created in the dashboard's window (the All tab from that day). */
  window: () =>
    orders({
      status: 'All',
      from: dayjs()
        .subtract(DASHBOARD_DAYS - 1, 'day')
        .format('YYYY-MM-DD'),
    }),
  noGoods: (product?: string) => orders(product ? { status: 'No goods', product } : { status: 'No goods' }),
  codWaiting: () => orders({ status: 'COD WAITING' }),
  unbilled: () => '/billing/services?status=notbilled',
  bills: () => '/billing/bills',
}
