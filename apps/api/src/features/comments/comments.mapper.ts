import type { Comment } from '@expedo/domain'
import type { CommentRow } from './comments.repository.ts'

export function toComment(row: CommentRow): Comment {
  return {
    _id: row.id,
    text: row.text,
    user: { username: row.username },
    createdAt: row.createdAt.toISOString(),
  }
}
