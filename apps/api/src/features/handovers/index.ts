export { handoversRoutes } from './handovers.routes.ts'
export {
  createHandoversService,
  HANDOVER_PICKUP_SCHEDULE,
  type HandoversService,
} from './handovers.service.ts'
