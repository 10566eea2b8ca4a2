/** The page to return to after sign-in, if the state carries one of this app's paths (never another site). */
export function safeReturnPath(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined
  if (from.startsWith('/signin') || from.startsWith('/signup')) return undefined
  return from
}
