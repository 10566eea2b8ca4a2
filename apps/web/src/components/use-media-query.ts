import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, following changes (window resize, device rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Mobile breakpoints of the spec: lists become card lists below 600 px (700 px on shipments pages). */
export const breakpoints = { default: 600, shipments: 700 } as const

/** True when the viewport is narrower than `breakpoint` pixels. */
export function useIsNarrow(breakpoint: number = breakpoints.default): boolean {
  return useMediaQuery(`(max-width: ${breakpoint - 0.02}px)`)
}
