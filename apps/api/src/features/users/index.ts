export type { UserRow } from './users.repository.ts'
export { usersRoutes } from './users.routes.ts'
export { createUsersService, type UsersService } from './users.service.ts'
