// Vitest setup for component tests: what jsdom lacks for antd, an English i18next, cleanup between tests.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { initTestI18n } from './i18n'

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }
    return list as MediaQueryList
  }
}

// jsdom cannot compute styles of pseudo-elements; antd asks for them to measure scrollbars.
// jsdom also answers a border width as declared ('medium', the initial value) where a browser answers a
// length (0px without a border style): antd's auto-size TextArea adds the widths up, and got NaN.
const computedStyle = window.getComputedStyle.bind(window)
const keywordWidths: Record<string, string> = { thin: '1px', medium: '3px', thick: '5px' }
window.getComputedStyle = (element: Element) => {
  const style = computedStyle(element)
  const declared = style.getPropertyValue.bind(style)
  style.getPropertyValue = (name: string) => {
    const side = /^border-(top|right|bottom|left)-width$/.exec(name)?.[1]
    if (!side) return declared(name)
    if (['', 'none', 'hidden'].includes(declared(`border-${side}-style`))) return '0px'
    return keywordWidths[declared(name)] ?? declared(name)
  }
  return style
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

initTestI18n()

afterEach(() => cleanup())
