import { z } from 'zod'
import { defineEndpoint } from '../common/http.ts'

export const HealthAnswerSchema = z.object({
  status: z.enum(['ok']),
  /** busy: the database answers, but is saturated (the API may refuse calls with 503 OVERLOADED meanwhile). */
  database: z.enum(['up', 'busy']),
  version: z.string(),
  buildDate: z.string(),
})

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness and database ping',
    tags: ['platform'],
    response: HealthAnswerSchema,
  }),
}
