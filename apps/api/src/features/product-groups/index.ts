export { productGroupsRoutes } from './product-groups.routes.ts'
export { createProductGroupsService, type ProductGroupsService } from './product-groups.service.ts'
