export { wavesRoutes } from './waves.routes.ts'
export { createWavesService, type WavesService } from './waves.service.ts'
