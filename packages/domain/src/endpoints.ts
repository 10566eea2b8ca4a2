import { authEndpoints } from './auth/auth.endpoints.ts'
import { businessClientsEndpoints } from './business-clients/business-clients.endpoints.ts'
import { filesEndpoints } from './files/files.endpoints.ts'
import { healthEndpoints } from './health/health.endpoints.ts'
import { usersEndpoints } from './users/users.endpoints.ts'

/** Every HTTP call of the API, by area. The server registers each one; the web calls them by reference. */
export const endpoints = {
  auth: authEndpoints,
  businessClients: businessClientsEndpoints,
  files: filesEndpoints,
  health: healthEndpoints,
  users: usersEndpoints,
}
