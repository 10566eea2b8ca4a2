import { useSyncExternalStore } from 'react'

/** Phones: the menu overlays the content instead of pushing it. */
const MOBILE_QUERY = '(max-width: 767.98px)'

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : undefined)

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const mql = media()
      mql?.addEventListener('change', listener)
      return () => mql?.removeEventListener('change', listener)
    },
    () => media()?.matches ?? false,
  )
}
