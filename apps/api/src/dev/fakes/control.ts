/** The `to` of a fake's control call (`{"to":"return"}` turns a parcel back); else one step forward. */
export function advanceTarget(raw: string): 'return' | undefined {
  try {
    return (JSON.parse(raw) as { to?: unknown } | null)?.to === 'return' ? 'return' : undefined
  } catch {
    return undefined
  }
}
