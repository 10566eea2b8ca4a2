/**
 * `npm start`: checks the configuration, builds the web app when its build is missing or older than its
 * sources, then starts the API, which serves it on http://localhost:3000 (embedded database under ./data
 * unless DATABASE_URL is set). With WEB_DIST set the API serves that directory and nothing is built.
 *
 * The npm script `exec`s this process, so a SIGTERM or SIGINT sent to `npm start` reaches it (npm forwards
 * them to its script, and `sh -c` would keep them); during the build it is passed on to the build.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from '../apps/api/src/config/env.ts'

const root = path.resolve(import.meta.dirname, '..')
const builtIndex = path.join(root, 'apps/web/dist/index.html')

// A bad variable is reported now, not after a build of a minute or two (server.ts checks it again).
try {
  loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs)
  }
  return newest
}

function webBuildIsStale(): boolean {
  if (process.env.WEB_DIST) return false
  const sources = ['apps/web/src', 'apps/web/public', 'packages/domain/src'].map((d) => path.join(root, d))
  return (
    !existsSync(builtIndex) ||
    Math.max(...sources.map(newestMtime), statSync(path.join(root, 'apps/web/index.html')).mtimeMs) >
      statSync(builtIndex).mtimeMs
  )
}

/** `npm run build`, stopped with this process: a signal received meanwhile is passed on, then ends the start. */
async function buildWebApp(): Promise<void> {
  const began = performance.now()
  console.log('Building the web app (the first start, or its sources changed; a minute or two)…')
  // Its own process group, signalled as a whole: the shells between npm and Vite would not pass it on.
  const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', detached: true })
  let stoppedBy: NodeJS.Signals | undefined
  const pass = (signal: NodeJS.Signals) => {
    stoppedBy = signal
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // already gone
    }
  }
  process.on('SIGINT', pass)
  process.on('SIGTERM', pass)
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  process.off('SIGINT', pass)
  process.off('SIGTERM', pass)
  if (stoppedBy) {
    // A stop that was asked for is not a failure (a process manager would report exit 1 as one), as a stop
    // while the server loads the demo data exits 0.
    console.log(`${stoppedBy}: stopped while building the web app.\nStopped.`)
    process.exit(0)
  }
  if (status !== 0) process.exit(status ?? 1)
  console.log(`Web app built in ${Math.round((performance.now() - began) / 1000)} s.`)
}

if (webBuildIsStale()) await buildWebApp()
await import('../apps/api/src/server.ts')
