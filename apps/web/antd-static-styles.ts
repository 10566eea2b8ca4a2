import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

/** The page reads the stylesheet's address here (src/lib/antd-styles.ts). */
export const ANTD_STYLES_META = 'expedo-antd-styles'

/** antd exports that are not components with a style of their own, or that render nothing alone. */
const notStyled = new Set(['ConfigProvider', 'Grid', 'theme', 'version'])

/**
 * The antd components the app imports: the names in `import { … } from 'antd'` across `srcDir` (tests
 * left out), type imports and aliases resolved to the exported name.
 */
export async function antdComponentsIn(srcDir: string): Promise<string[]> {
  const files = (await readdir(srcDir, { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  )
  const names = new Set<string>()
  for (const file of files) {
    const source = await readFile(path.join(srcDir, file), 'utf8')
    for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)) {
      if (match[1]) continue
      for (const part of match[2]!.split(',')) {
        // `Name`, `Name as Alias` or `type Name`
        const [name] = part.trim().split(/\s+/)
        if (name && name !== 'type' && /^[A-Z]/.test(name)) names.add(name)
      }
    }
  }
  return [...names].sort()
}

/**
 * antd's styles for `components` under the app's theme, as one stylesheet, with the record of what it
 * holds that antd's runtime reads (`.data-ant-cssinjs-cache-path`): the components render once on the
 * server (react-dom/server) into a style cache, as antd's own static extraction does.
 */
export async function renderAntdStyles(components: string[]): Promise<string> {
  // Loaded here, not at the top: vite.config.ts is read by every command, only the build needs these.
  const [
    { createCache, extractStyle, StyleProvider },
    antd,
    { createElement: h, Fragment },
    { renderToString },
  ] = await Promise.all([
    import('@ant-design/cssinjs'),
    import('antd'),
    import('react'),
    import('react-dom/server'),
  ])
  const { appTheme } = await import('./src/app/providers/app-theme.ts')
  // biome-ignore lint/suspicious/noExplicitAny: the components are looked up by name and rendered bare.
  const exported = antd as unknown as Record<string, any>
  const render = (name: string) => {
    const C = exported[name]
    switch (name) {
      case 'Dropdown':
        return h(C, { key: name, menu: { items: [] } }, h('span'))
      case 'Menu':
        return h(C, { key: name, items: [] })
      case 'Layout':
        return h(C, { key: name }, h(C.Header), h(C.Sider), h(C.Content), h(C.Footer))
      case 'Modal':
        return h(
          Fragment,
          { key: name },
          h(C._InternalPanelDoNotUseOrYouWillBeFired),
          h(C._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' }),
        )
      case 'Input':
        return h(Fragment, { key: name }, h(C), h(C.Search), h(C.TextArea), h(C.Password))
      case 'Space':
        return h(Fragment, { key: name }, h(C), h(C.Compact, null, h(exported.Button)))
      case 'Tag':
        return h(Fragment, { key: name }, h(C, { color: 'blue' }), h(C, { color: 'success' }))
      case 'App':
        // App's message and notification: their panels carry the same styles as the toasts.
        return h(
          Fragment,
          { key: name },
          h(C),
          h(exported.message._InternalPanelDoNotUseOrYouWillBeFired),
          h(exported.notification._InternalPanelDoNotUseOrYouWillBeFired),
        )
      default:
        return h(C, { key: name })
    }
  }
  const cache = createCache()
  const rendered = components.filter((name) => !notStyled.has(name) && exported[name]).map(render)
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: appTheme }, ...rendered)))
  const css = extractStyle(cache, true)
  // antd names its classes differently outside production (css-dev-only-…): the page would not match them.
  if (css.includes('css-dev-only')) throw new Error('antd styles must be extracted with NODE_ENV=production')
  return css
}

/**
 * antd's styles as a static stylesheet (assets/antd-<hash>.css), so that a signed-in page's first render
 * does not generate and insert them (issue 9: on /orders that was ~200 ms of the rows' first second,
 * 68 `<style>` elements written one by one). antd skips a component's styles when the sheet's record
 * lists them; anything it does not list (a component added later, another theme) is still made at run
 * time, as before. The page loads the sheet itself (src/lib/antd-styles.ts): only on a signed-in page, so
 * the sign-in page keeps its size budget.
 */
export function antdStaticStyles(srcDir: string): Plugin {
  let fileName = ''
  return {
    name: 'expedo-antd-static-styles',
    apply: 'build',
    async buildStart() {
      const css = await renderAntdStyles(await antdComponentsIn(srcDir))
      const hash = createHash('sha256').update(css).digest('hex').slice(0, 10)
      fileName = `assets/antd-${hash}.css`
      this.emitFile({ type: 'asset', fileName, source: css })
    },
    transformIndexHtml() {
      return [{ tag: 'meta', attrs: { name: ANTD_STYLES_META, content: `/${fileName}` }, injectTo: 'head' }]
    },
  }
}
