import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { WarehousesService } from './warehouses.service.ts'

export function warehousesRoutes(app: FastifyInstance, service: WarehousesService): void {
  const e = endpoints.warehouses
  registerEndpoint(app, e.address, ({ params }) => service.address(params.id))
  registerEndpoint(app, e.setAddress, ({ params, body }) => service.setAddress(params.id, body))
}
