export { type EshopsDeps, shoptetFailure } from './eshops.deps.ts'
export { eshopsRoutes } from './eshops.routes.ts'
export { createEshopsService, type EshopsService } from './eshops.service.ts'
export { webhookUrlOf } from './order-webhooks.ts'
export {
  createShoptetAccess,
  notConnected,
  type ShoptetAccess,
  TOKEN_REFRESH_MARGIN_MS,
} from './shoptet-access.ts'
export { PRODUCT_IMPORT_JOB } from './use-cases/import-products.ts'
export { installUrlOf } from './use-cases/install.ts'
