export { authRoutes } from './auth.routes.ts'
export { type AuthService, createAuthService, type NewUser } from './auth.service.ts'
