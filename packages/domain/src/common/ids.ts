import { z } from 'zod'
import { plainString } from './input.ts'

/** Ids are UUIDv7, exposed as `_id`. */
export const IdSchema = z.uuid({ message: 'must be a valid id' }).describe('UUID')
export const IdParamsSchema = z.object({ id: IdSchema })
export type Id = z.infer<typeof IdSchema>

/** Trimmed plain text with a length limit; empty strings are allowed unless `min` says otherwise. */
export const text = (max = 200) =>
  plainString()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
export const requiredText = (max = 200) => text(max).min(1, { message: 'is required' })
