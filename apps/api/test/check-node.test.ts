/**
 * scripts/check-node.mjs, the plain-JavaScript preflight of the start, dev and test scripts: below Node 22
 * it stops with a message that says what to do, instead of Node failing on a `.ts` file.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const preflight = path.join(repoRoot, 'scripts/check-node.mjs')

function checkNode(version?: string) {
  return spawnSync(process.execPath, [preflight], {
    encoding: 'utf8',
    env: { ...process.env, EXPEDO_NODE_VERSION_FOR_TEST: version ?? '' },
  })
}

describe('the Node version preflight', () => {
  it('stops below Node 22 with a message naming the version and the remedy', () => {
    const result = checkNode('20.20.2')
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      'Expedo needs Node.js 22 or newer (this is 20.20.2). ' +
        'Install Node 22+ or run npm install so npm scripts use the pinned Node 24.',
    )
  })

  it('passes silently on Node 22 and on the running Node', () => {
    for (const version of ['22.0.0', undefined]) {
      const result = checkNode(version)
      expect(result.status).toBe(0)
      expect(result.stderr).toBe('')
    }
  })

  it('runs first in every script that starts TypeScript', () => {
    const scripts = (file: string) =>
      (JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { scripts: Record<string, string> })
        .scripts
    const root = scripts('package.json')
    const api = scripts('apps/api/package.json')
    for (const name of ['start', 'dev', 'test', 'users:create-admin']) {
      expect(root[name], `root ${name}`).toMatch(/^node scripts\/check-node\.mjs && /)
    }
    for (const name of ['start', 'dev']) {
      expect(api[name], `api ${name}`).toMatch(/^node \.\.\/\.\.\/scripts\/check-node\.mjs && /)
    }
  })
})
