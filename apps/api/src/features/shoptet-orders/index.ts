export { shoptetOrdersRoutes } from './shoptet-orders.routes.ts'
export {
  createShoptetOrdersService,
  SHOPTET_PULL_SCHEDULE,
  SHOPTET_SYNC_JOB,
  SHOPTET_TRACKING_JOB,
  type ShoptetOrdersService,
} from './shoptet-orders.service.ts'
