/**
 * A bad configuration is reported at once: `npm start` and the API's `node src/server.ts` check the
 * environment before they build the web app or load the app's modules (Fastify, Drizzle, PGlite, pg-boss
 * took 40–110 s to load on a busy machine before the message came). Measured as work, not time: a preload
 * records which of those packages were loaded by the time the process exits.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const apiRoot = path.resolve(import.meta.dirname, '..')
const repoRoot = path.resolve(apiRoot, '../..')
const scratch = mkdtempSync(path.join(tmpdir(), 'expedo-start-config-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const preload = path.join(scratch, 'heavy-modules.mjs')
writeFileSync(
  preload,
  `import { registerHooks } from 'node:module'
const heavy = new Set()
registerHooks?.({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context)
    const hit = /node_modules\\/((?:@electric-sql\\/)?(?:fastify|drizzle-orm|pglite|pg-boss))\\//.exec(resolved.url)
    if (hit) heavy.add(hit[1])
    return resolved
  },
})
process.on('exit', () => process.stderr.write('heavy modules loaded: ' + ([...heavy].sort().join(' ') || 'none') + '\\n'))
`,
)

function run(command: string, args: string[], cwd: string) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      PORT: 'not-a-port',
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      NODE_OPTIONS: `--import ${preload}`,
    },
  })
}

describe('a bad PORT', { timeout: 130_000 }, () => {
  it('stops `node src/server.ts` with the variable named, before the app is loaded', () => {
    const result = run(process.execPath, ['src/server.ts'], apiRoot)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid configuration:\n  PORT: must be a number\n')
    expect(result.stderr).toContain('heavy modules loaded: none')
  })

  it('stops `npm start` with the variable named, before building the web app or loading the app', () => {
    const result = run('npm', ['start'], repoRoot)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Invalid configuration:\n  PORT: must be a number\n')
    expect(result.stdout).not.toContain('Building the web app')
    expect(result.stderr).not.toMatch(/heavy modules loaded: (?!none)/)
  })
})
