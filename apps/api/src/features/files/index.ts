export { filesRoutes, filesServerRoutes } from './files.routes.ts'
export { createFilesService, type FilesService, publicUrl } from './files.service.ts'
