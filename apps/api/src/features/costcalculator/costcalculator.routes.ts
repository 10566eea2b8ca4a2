import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { CostCalculatorService } from './costcalculator.service.ts'

export function costCalculatorRoutes(app: FastifyInstance, service: CostCalculatorService): void {
  registerEndpoint(app, endpoints.costCalculator.me, ({ auth }) => service.me(auth))
}
