/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts the API,
 * which serves it on http://localhost:3000 (embedded database under ./data unless DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const builtIndex = path.join(root, 'apps/web/dist/index.html')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

const sources = ['apps/web/src', 'apps/web/public', 'packages/domain/src'].map((d) => path.join(root, d))
const stale =
  !existsSync(builtIndex) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, 'apps/web/index.html')).mtimeMs) >
    statSync(builtIndex).mtimeMs
if (stale) {
  console.log('Building the web app...')
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
await import('../apps/api/src/server.ts')
