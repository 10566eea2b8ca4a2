/** The meta tag the build writes with the static stylesheet's address (antd-static-styles.ts). */
const META = 'meta[name="expedo-antd-styles"]'

/**
 * Loads antd's styles as the build wrote them (antd-static-styles.ts) and resolves once they are in,
 * or failed to load: antd reads which styles the sheet holds at its first render, and makes the others
 * itself as before. Nothing to load in development (no sheet) or when the sheet is already there.
 * The sheet goes first in <head>, where antd puts the styles it makes, before the app's own CSS.
 */
export function loadAntdStyles(): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>(META)?.content
  if (!href || document.querySelector(`link[href="${href}"]`)) return Promise.resolve()
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve()
    link.onerror = () => resolve()
  })
  document.head.prepend(link)
  return loaded
}
