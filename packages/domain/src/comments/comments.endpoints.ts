import { defineEndpoint } from '../common/http.ts'
import { CommentListSchema, CommentsQuerySchema, CreateCommentBodySchema } from './comments.schemas.ts'

const tags = ['comments']

export const commentsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/comments',
    access: 'orders.read',
    changes: true,
    summary: 'The comments of an order, oldest first (404 when the order is not visible to the caller)',
    tags,
    query: CommentsQuerySchema,
    response: CommentListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/comments',
    access: 'orders.read',
    summary:
      'Adds a comment to an order and answers all its comments, oldest first. Needs orders.read only: ' +
      'operators and finance comment on orders too. 404 when the order is not visible to the caller',
    tags,
    query: CommentsQuerySchema,
    body: CreateCommentBodySchema,
    response: CommentListSchema,
  }),
}
