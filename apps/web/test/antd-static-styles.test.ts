import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { antdComponentsIn } from '../antd-static-styles.ts'

const plugin = path.resolve(import.meta.dirname, '../antd-static-styles.ts')

/** renderAntdStyles in a Node process of its own, as the build runs it (outside jsdom, NODE_ENV=production). */
function renderInBuild(components: string[]): string {
  const script = `const { renderAntdStyles } = await import(${JSON.stringify(pathToFileURL(plugin).href)})
process.stdout.write(await renderAntdStyles(${JSON.stringify(components)}))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) throw new Error(result.stderr)
  return result.stdout
}

describe("antd's static styles (the build's stylesheet of the components the app uses)", () => {
  const dir = mkdtemp(path.join(tmpdir(), 'antd-styles-'))
  afterAll(async () => rm(await dir, { recursive: true, force: true }))

  it('finds the components imported from antd, not types, aliases by their exported name, not tests', async () => {
    const src = await dir
    await mkdir(path.join(src, 'pages'))
    await writeFile(
      path.join(src, 'pages/page.tsx'),
      "import { Button, type TableProps, App as AntApp,\n  Table } from 'antd'\nimport type { FormInstance } from 'antd'\nimport { Card } from 'other'\n",
    )
    await writeFile(path.join(src, 'pages/page.test.tsx'), "import { Modal } from 'antd'\n")
    expect(await antdComponentsIn(src)).toEqual(['App', 'Button', 'Table'])
  })

  it("writes the components' styles under the app's theme with the record antd reads at run time", async () => {
    const css = renderInBuild(['Button', 'Tag', 'ConfigProvider'])
    expect(css).toMatch(/\.ant-btn/)
    expect(css).toMatch(/\.ant-tag/)
    expect(css).not.toMatch(/\.ant-table/)
    // The app's teal, not antd's blue.
    expect(css).toContain('#0f766e')
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]*Button-Button/)
  })
})
