import type { Comment, CommentTrigger } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import type { OrdersService } from '../orders/index.ts'
import { toComment } from './comments.mapper.ts'
import { createCommentsRepository } from './comments.repository.ts'

interface Target {
  trigger: CommentTrigger
  triggerId: string
}

export function createCommentsService(deps: { db: Db; orders: OrdersService }) {
  const { db, orders } = deps
  const repo = createCommentsRepository(db)

  /** The business client of the commented record; 404 when the caller may not see it. */
  async function ownerOf(auth: AuthContext, target: Target): Promise<string> {
    // Only orders have comments so far (the trigger enum says so).
    const order = await orders.get(auth, target.triggerId)
    return order.businessclient._id
  }

  async function list(auth: AuthContext, target: Target): Promise<Comment[]> {
    await ownerOf(auth, target)
    return (await repo.list(auth.scope, target.trigger, target.triggerId)).map(toComment)
  }

  return {
    list,

    async create(auth: AuthContext, target: Target, body: { text: string }): Promise<Comment[]> {
      const businessclientId = await ownerOf(auth, target)
      await repo.insert({
        trigger: target.trigger,
        triggerId: target.triggerId,
        businessclientId,
        userId: auth.userId,
        username: auth.username,
        text: body.text,
      })
      return list(auth, target)
    },
  }
}
export type CommentsService = ReturnType<typeof createCommentsService>
