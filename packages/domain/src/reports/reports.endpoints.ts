import { defineEndpoint } from '../common/http.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import { DashboardQuerySchema, DashboardSchema } from './dashboard.schemas.ts'
import {
  NoGoodsQuerySchema,
  NoGoodsReportSchema,
  StockTurnoverExportQuerySchema,
  StockTurnoverQuerySchema,
  StockTurnoverReportSchema,
} from './reports.schemas.ts'

const tags = ['reports']

export const reportsEndpoints = {
  noGoods: defineEndpoint({
    method: 'GET',
    path: '/reports/nogoods/',
    access: 'reports.read',
    summary:
      'No-goods report: No goods orders grouped by business client and country, with the products and ' +
      'quantities they wait for (a client sees its own)',
    tags,
    query: NoGoodsQuerySchema,
    response: NoGoodsReportSchema,
  }),
  stockTurnover: defineEndpoint({
    method: 'GET',
    path: '/reports/stockturnover/',
    access: 'reports.read',
    summary:
      'Stock turnover: per inventory card, the stock now, the units shipped in the last 7, 14 or 30 days and ' +
      'the days that stock lasts at that pace (a client sees its own), 10 a page',
    tags,
    query: StockTurnoverQuerySchema,
    response: StockTurnoverReportSchema,
  }),
  exportStockTurnover: defineEndpoint({
    method: 'GET',
    path: '/reports/stockturnover/export',
    access: 'reports.read',
    summary: 'The stock turnover report, every row, as .xlsx',
    tags,
    query: StockTurnoverExportQuerySchema,
    response: XlsxFileSchema,
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/dashboard',
    access: 'orders.read',
    summary:
      'The home dashboard: orders per day and status (30 days), orders waiting, stock alerts, this month’s ' +
      'unbilled services and COD waiting, from the kept counts (a client sees its own)',
    tags: ['dashboard'],
    query: DashboardQuerySchema,
    response: DashboardSchema,
  }),
}
