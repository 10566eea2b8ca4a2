/**
 * `npm run db:check`: fails when the Drizzle schema and the committed migrations drift apart.
 * Runs `drizzle-kit generate` into a temporary copy of src/db/migrations (drizzle.config.ts honours
 * DRIZZLE_OUT); a new migration there means someone changed the schema without generating one.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = path.resolve(import.meta.dirname, '..')
const migrations = path.join(apiDir, 'src/db/migrations')
const drizzleKit = path.join(path.dirname(fileURLToPath(import.meta.resolve('drizzle-kit'))), 'bin.cjs')
const sqlFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql'))

function check(copy: string): string | undefined {
  const result = spawnSync(process.execPath, [drizzleKit, 'generate'], {
    cwd: apiDir,
    // drizzle-kit prefixes the out path with "./", so it must be relative to the api folder.
    env: { ...process.env, DRIZZLE_OUT: path.relative(apiDir, copy) },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 120_000,
  })
  if (result.status !== 0) {
    return `drizzle-kit generate failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`
  }
  const committed = new Set(sqlFiles(migrations))
  const added = sqlFiles(copy).filter((f) => !committed.has(f))
  if (added.length > 0) {
    return (
      'The schema (src/db/schema) and the committed migrations differ: drizzle-kit would generate ' +
      `${added.join(', ')}.\nRun \`npm run db:generate\`, review the SQL and commit it.`
    )
  }
  return undefined
}

const scratch = mkdtempSync(path.join(tmpdir(), 'expedo-migrations-'))
try {
  const copy = path.join(scratch, 'migrations')
  cpSync(migrations, copy, { recursive: true })
  const problem = check(copy)
  if (problem) {
    console.error(problem)
    process.exitCode = 1
  } else {
    console.log(`Migrations match the schema (${sqlFiles(migrations).length} committed).`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
