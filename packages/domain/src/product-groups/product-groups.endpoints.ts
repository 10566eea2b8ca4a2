import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import {
  AddGroupProductsBodySchema,
  CreateProductGroupBodySchema,
  DeletedAnswerSchema,
  GroupProductParamsSchema,
  ProductGroupListQuerySchema,
  ProductGroupListSchema,
  ProductGroupSchema,
  RenameProductGroupBodySchema,
} from './product-groups.schemas.ts'

const tags = ['product groups']

export const productGroupsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    // The trailing slash is the spec's path.
    path: '/products/groups/',
    access: 'products.write',
    summary: 'Create a product group, optionally with products',
    tags,
    body: CreateProductGroupBodySchema,
    response: ProductGroupSchema,
    status: 201,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/products/groups',
    access: 'products.read',
    summary: 'Product groups by name, with search and paging (an addition to the spec, for the group tab)',
    tags,
    query: ProductGroupListQuerySchema,
    response: ProductGroupListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/products/groups/:id',
    access: 'products.read',
    summary: 'A product group with its products',
    tags,
    params: IdParamsSchema,
    response: ProductGroupSchema,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/products/groups/:id',
    access: 'products.write',
    summary: 'Rename a product group',
    tags,
    params: IdParamsSchema,
    body: RenameProductGroupBodySchema,
    response: ProductGroupSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/products/groups/:id',
    access: 'products.write',
    summary: 'Delete a product group (its products stay)',
    tags,
    params: IdParamsSchema,
    response: DeletedAnswerSchema,
  }),
  addProducts: defineEndpoint({
    method: 'POST',
    path: '/products/groups/:id/products',
    access: 'products.write',
    summary: 'Add products of the same business client to a group (members already in it are kept once)',
    tags,
    params: IdParamsSchema,
    body: AddGroupProductsBodySchema,
    response: ProductGroupSchema,
  }),
  removeProduct: defineEndpoint({
    method: 'DELETE',
    path: '/products/groups/:id/products/:productId',
    access: 'products.write',
    summary: 'Remove a product from a group',
    tags,
    params: GroupProductParamsSchema,
    response: ProductGroupSchema,
  }),
}
