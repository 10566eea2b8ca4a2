export { commentsRoutes } from './comments.routes.ts'
export { type CommentsService, createCommentsService } from './comments.service.ts'
