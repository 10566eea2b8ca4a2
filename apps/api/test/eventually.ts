/**
 * Polls `read` every 250 ms until `ok` holds or `ms` have passed, and returns the last value: the caller's
 * expect then says what was seen (for work another process or a job queue does in its own time).
 */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
