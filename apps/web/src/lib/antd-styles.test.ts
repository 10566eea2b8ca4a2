import { afterEach, describe, expect, it } from 'vitest'
import { loadAntdStyles } from './antd-styles'

describe('loadAntdStyles', () => {
  afterEach(() => {
    for (const node of document.head.querySelectorAll(
      'meta[name="expedo-antd-styles"], link[rel="stylesheet"]',
    ))
      node.remove()
  })

  it("puts the build's sheet first in <head> and resolves once it has loaded", async () => {
    document.head.innerHTML =
      '<meta name="expedo-antd-styles" content="/assets/antd-1.css"><style>.app{}</style>'
    let done = false
    const loaded = loadAntdStyles().then(() => {
      done = true
    })
    const link = document.head.firstElementChild as HTMLLinkElement
    expect(link.tagName).toBe('LINK')
    expect(link.getAttribute('href')).toBe('/assets/antd-1.css')
    await Promise.resolve()
    expect(done).toBe(false)
    link.dispatchEvent(new Event('load'))
    await loaded
    expect(done).toBe(true)
  })

  it('resolves when the sheet fails to load (antd then makes the styles itself), and without a sheet', async () => {
    await expect(loadAntdStyles()).resolves.toBeUndefined()
    document.head.innerHTML = '<meta name="expedo-antd-styles" content="/assets/antd-2.css">'
    const loaded = loadAntdStyles()
    document.head.querySelector('link')!.dispatchEvent(new Event('error'))
    await expect(loaded).resolves.toBeUndefined()
  })
})
