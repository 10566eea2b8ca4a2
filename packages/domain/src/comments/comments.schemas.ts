import { z } from 'zod'
import { IdSchema, requiredText } from '../common/ids.ts'

/** What a comment hangs on; only orders have comments so far. */
export const commentTriggers = z.enum(['order'])
export type CommentTrigger = z.infer<typeof commentTriggers>

export const COMMENT_MAX_CHARS = 2000

export const CommentsQuerySchema = z.object({
  trigger: commentTriggers,
  triggerId: IdSchema.describe('The id of the record the comments belong to (an order)'),
})

export const CreateCommentBodySchema = z.strictObject({
  text: requiredText(COMMENT_MAX_CHARS).describe('Trimmed; 1 to 2000 characters'),
})

/** Spec §3 Comment. */
export const CommentSchema = z
  .object({
    _id: IdSchema,
    text: z.string(),
    user: z.object({ username: z.string().describe('The author’s username when they wrote it') }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Comment' })
export type Comment = z.infer<typeof CommentSchema>

export const CommentListSchema = z.array(CommentSchema).describe('Oldest first')
