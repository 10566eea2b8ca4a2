export { productsRoutes } from './products.routes.ts'
export { createProductsService, type ProductsService } from './products.service.ts'
