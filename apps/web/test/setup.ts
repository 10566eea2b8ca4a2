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
const computedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computedStyle(element)

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

initTestI18n()

afterEach(() => cleanup())
