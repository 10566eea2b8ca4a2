export { eshopsRoutes } from './eshops.routes.ts'
export { createEshopsService, type EshopsService } from './eshops.service.ts'
export { createShoptetAccess, type ShoptetAccess } from './shoptet-access.ts'
