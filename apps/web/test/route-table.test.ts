import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { RouteHandle } from '@/app/router/app-route'
import { routeObjects } from '@/app/router/route-objects'
import { appRoutes } from '@/app/router/route-table'

const titleOf = (pathname: string) =>
  (matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as RouteHandle | undefined)?.route.title

describe('route table', () => {
  it.each([
    // Part 1 §2
    ['/signin', 'signIn'],
    ['/signup', 'signUp'],
    ['/', 'home'],
    ['/profile/null', 'companyProfile'],
    ['/warehouse', 'warehouse'],
    ['/w1/inventory/SKU-1/movement/0/10', 'stockMovements'],
    ['/products', 'products'],
    ['/products/p1', 'productDetail'],
    ['/products/create/new', 'productCreate'],
    ['/products/list/group', 'productList'],
    ['/productgroup/g1', 'productGroupEdit'],
    ['/productgroup/create/new', 'productGroupCreate'],
    ['/shipments/inbound', 'inboundShipments'],
    ['/shipments/inbound/s1', 'inboundShipment'],
    ['/shoptet/newinstall/activation/CZ/jana/key', 'shoptetActivation'],
    ['/shoptet/newinstall/activation/CZ/jana/key/with/slashes', 'shoptetActivation'],
    ['/eshops/shoptet/e1', 'eshopSettings'],
    ['/demoacount/login/eshop1/demo-password/', 'demoLogin'],
    ['/internal/loginas/eshop1/admin-pass', 'loginAs'],
    ['/internal/loginas/eshop1/pass/with/slashes', 'loginAs'],
    ['/parcels/inbound', 'parcels'],
    ['/eshops', 'eshops'],
    // Part 2 §2
    ['/orders', 'orders'],
    ['/orders/create/new', 'orderCreate'],
    ['/orders/o1', 'orderDetail'],
    ['/orders/v2/o1', 'orderDetail'],
    ['/invoices', 'invoices'],
    ['/invoices/i1', 'invoiceEdit'],
    ['/invoices/i1/pdf', 'invoicePdf'],
    ['/orders/o1/shoptet-invoice', 'shoptetInvoicePdf'],
    ['/reports/stockturnover', 'stockTurnover'],
    ['/reports/nogoods', 'noGoods'],
    ['/reports/invoices', 'invoicesReport'],
    ['/couriers', 'couriers'],
    ['/couriers/c1', 'courier'],
    ['/billing/services', 'services'],
    ['/billing/ratecards', 'rateCards'],
    ['/billing/bills', 'bills'],
    ['/billing/bills/b1', 'billDetail'],
    ['/bill/b1', 'billPrint'],
    ['/transfers', 'codTransfers'],
    ['/transfers/t1', 'codTransfer'],
    ['/refunds', 'refunds'],
    ['/user-profile-settings', 'profileSettings'],
    ['/costcalculator', 'costCalculator'],
    ['/costcalculator/ro', 'costCalculatorRo'],
    // Issue 25: the courier handover
    ['/warehouse/handover', 'handovers'],
    ['/warehouse/handover/h1', 'handover'],
    ['/warehouse/handover/h1/manifest', 'handoverManifest'],
  ])('%s opens %s', (pathname, title) => {
    expect(titleOf(pathname)).toBe(title)
  })

  it.each([
    '/nothing-here',
    '/orders/o1/extra',
    '/orders/v2/o1/x',
    '/invoices/i1/pdf/more',
    '/orders/o1/shoptet-invoice/pdf',
    '/products/list/group/x',
    '/internal/loginas/eshop1',
  ])('%s is not a route (exact match): the not-found screen', (pathname) => {
    expect(titleOf(pathname)).toBe('notFound')
  })

  it('has no path twice', () => {
    const paths = appRoutes.map((r) => r.path)
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([])
  })
})
