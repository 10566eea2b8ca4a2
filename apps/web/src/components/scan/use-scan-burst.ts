import { useEffect, useRef } from 'react'

/**
 * A hardware scanner types faster than anyone: a burst averages under this many ms a key (a busy page may
 * delay a few keys, so the average counts, not each gap). A pause longer than NEW_SCAN_MS starts afresh.
 */
const MAX_AVERAGE_MS = 40
const NEW_SCAN_MS = 400
const MIN_LENGTH = 3

/**
 * Hardware scanners act as keyboards: a scan is a fast burst of keys ending with Enter. This listens on the
 * whole window (not only a focused field) and calls `onScan` with the burst's text. Keys typed into a text
 * field are left to the field (its own Enter handles them), so people can still type by hand.
 */
/** A field that takes typed text (not a radio, checkbox or button, which only hold the focus). */
function typesText(target: HTMLElement | null): boolean {
  if (!target) return false
  if (target.tagName === 'TEXTAREA' || target.isContentEditable) return true
  if (target.tagName !== 'INPUT') return false
  return !['radio', 'checkbox', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type)
}

export function useScanBurst(onScan: (text: string) => void) {
  const handler = useRef(onScan)
  handler.current = onScan
  useEffect(() => {
    let buffer = ''
    let start = 0
    let last = 0
    const onKey = (e: KeyboardEvent) => {
      if (typesText(e.target as HTMLElement | null)) return
      const now = performance.now()
      if (now - last > NEW_SCAN_MS) {
        buffer = ''
        start = now
      }
      last = now
      if (e.key === 'Enter') {
        if (buffer.length >= MIN_LENGTH && (now - start) / buffer.length < MAX_AVERAGE_MS) {
          e.preventDefault()
          handler.current(buffer)
        }
        buffer = ''
        last = 0
      } else if (e.key.length === 1) {
        buffer += e.key
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [])
}
