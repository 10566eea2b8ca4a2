import { useRef } from 'react'
import { newIdempotencyKey } from './api-client'

/**
 * Idempotency-Keys of a money action (issue, lock, pay, a status change), one per intended action: the same
 * action with the same input (a second click, a retry after a lost answer) sends the same key and gets the
 * first answer instead of a second effect; once it succeeded, doing it again is a new action with a new key.
 * Different inputs at once (two cells edited) get keys of their own, so neither is refused as a reuse.
 */
export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>())
  return {
    /** The key of the action on `input` (its path ids and body), made on first use. */
    keyFor(input: unknown): string {
      const id = JSON.stringify(input ?? null)
      let key = keys.current.get(id)
      if (!key) {
        key = newIdempotencyKey()
        keys.current.set(id, key)
      }
      return key
    },
    /** The action on `input` succeeded: the next one is a new action. */
    done(input: unknown): void {
      keys.current.delete(JSON.stringify(input ?? null))
    },
  }
}
