/**
 * `npm run bench` as typed from the repository root: a module name it does not know stops it with the list
 * of modules and leaves docs/benchmarks.md alone (it ran nothing, exited 0 and rewrote the file before);
 * `--help` prints the bench's own usage (npm's help of `run-script` before).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const results = path.join(repoRoot, 'docs/benchmarks.md')
const bench = (...args: string[]) =>
  spawnSync('npm', ['run', 'bench', '--', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 })

describe('npm run bench', { timeout: 130_000 }, () => {
  it('refuses an unknown module with the list of modules, and leaves docs/benchmarks.md as it was', () => {
    const before = readFileSync(results, 'utf8')
    const result = bench('no-such-module')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Unknown bench module: no-such-module.')
    expect(result.stderr).toMatch(/Modules: foundation, catalogue, .*shoptet, waves, packing, labels\./)
    expect(readFileSync(results, 'utf8')).toBe(before)
  })

  it('prints its own usage on --help and -h', () => {
    for (const flag of ['--help', '-h']) {
      const result = bench(flag)
      expect(result.status, flag).toBe(0)
      expect(result.stdout, flag).toContain('Usage: npm run bench [-- <module> ...]')
      expect(result.stdout, flag).toMatch(/Modules: foundation, .*shoptet, waves, packing, labels\./)
    }
  })
})
