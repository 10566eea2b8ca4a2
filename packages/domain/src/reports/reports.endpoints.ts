import { defineEndpoint } from '../common/http.ts'
import { NoGoodsQuerySchema, NoGoodsReportSchema } from './reports.schemas.ts'

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
}
