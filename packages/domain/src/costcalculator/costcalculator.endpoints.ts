import { defineEndpoint } from '../common/http.ts'
import { MyCostsSchema } from './costcalculator.schemas.ts'

const tags = ['costcalculator']

/** The storage-cost calculator itself computes in the browser (spec §7: no call); this prefills it. */
export const costCalculatorEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/costcalculator/me',
    access: 'authenticated',
    summary:
      'The signed-in client’s orders of the last 30 days and its actual cost per shipped order from its ' +
      'services (empty for a user without a business client)',
    tags,
    response: MyCostsSchema,
  }),
}
