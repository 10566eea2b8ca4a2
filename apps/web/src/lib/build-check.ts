/**
 * Reloads the app when the server carries a newer build (spec part 1 §7 "Other"): /meta.json is fetched
 * on start, every 5 minutes and when the tab becomes visible; a newer buildDate clears Cache Storage and
 * reloads. A missing or non-JSON /meta.json (the dev server) is ignored.
 */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000
const RELOADED_FOR = 'expedo.reloadedForBuild'

async function fetchBuildDate(): Promise<string | undefined> {
  try {
    const res = await fetch('/meta.json', { cache: 'no-store' })
    if (!res.ok) return undefined
    const meta = (await res.json()) as { buildDate?: unknown }
    return typeof meta.buildDate === 'string' ? meta.buildDate : undefined
  } catch {
    return undefined
  }
}

/** Checks once; resolves true when a reload was started. */
export async function checkBuild(
  currentBuildDate: string = __BUILD_DATE__,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  const serverBuildDate = await fetchBuildDate()
  if (!serverBuildDate || !(Date.parse(serverBuildDate) > Date.parse(currentBuildDate))) return false
  // A proxy that still serves the old bundle must not make us reload forever: once per server build.
  if (sessionStorage.getItem(RELOADED_FOR) === serverBuildDate) return false
  sessionStorage.setItem(RELOADED_FOR, serverBuildDate)
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys()
    await Promise.all(keys.map((key) => caches.delete(key)))
  }
  reload()
  return true
}

/** Starts the periodic and on-visible checks; returns a function that stops them. */
export function startBuildCheck(): () => void {
  const check = () => void checkBuild()
  const onVisible = () => {
    if (document.visibilityState === 'visible') check()
  }
  check()
  const timer = window.setInterval(check, BUILD_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    window.clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
