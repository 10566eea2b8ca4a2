/** `npm run dev` honours PORT: Vite's dev server proxies /api to the port the API listens on (scripts/dev.ts). */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const viteConfig = path.resolve(import.meta.dirname, '../vite.config.ts')

/** Loads vite.config.ts in a Node process of its own (as Vite does, outside jsdom) under the given PORT. */
function proxyTarget(port: string | undefined): string {
  const script = `const { default: config } = await import(${JSON.stringify(pathToFileURL(viteConfig).href)})
process.stdout.write(String(config.server.proxy['/api']))`
  const env = { ...process.env }
  if (port === undefined) delete env.PORT
  else env.PORT = port
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env })
  if (result.status !== 0) throw new Error(result.stderr)
  return result.stdout
}

describe('the dev proxy to the API', () => {
  it('targets PORT when it is set', () => {
    expect(proxyTarget('3456')).toBe('http://localhost:3456')
  })

  it('targets 3000 when PORT is unset or empty, as the API does', () => {
    expect(proxyTarget(undefined)).toBe('http://localhost:3000')
    expect(proxyTarget('')).toBe('http://localhost:3000')
  })
})
