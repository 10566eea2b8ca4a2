/**
 * The command a production start logs when the database has no user must work as printed, from the
 * repository root (README "Production"). The test takes the command out of server.ts, runs it from the root
 * against a fresh embedded database and reads the admin back from that database.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedExtensions } from '../src/platform/db/embedded.ts'

const apiRoot = path.resolve(import.meta.dirname, '..')
const repoRoot = path.resolve(apiRoot, '../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-create-admin-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs a command to its end without blocking the test's event loop (so the test's time limit can fire). */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options)
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.once('error', reject)
    child.once('close', (status) => resolve({ status, stdout, stderr }))
  })
}

/** The command in the no-users warning of server.ts, e.g. `npm run users:create-admin -- <username>`. */
function loggedCommand(): string {
  const server = readFileSync(path.join(apiRoot, 'src/server.ts'), 'utf8')
  const hint = /The database has no users\.[^'`]*?: (npm [^'`]+)['`]/.exec(server)
  if (!hint) throw new Error('server.ts no longer logs the create-admin command')
  return hint[1]!
}

describe('the first admin, created with the command a production start logs', () => {
  it('names a script of the root package.json', () => {
    const [, run, script] = loggedCommand().split(' ')
    const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(run).toBe('run')
    expect(rootPackage.scripts).toHaveProperty(script!)
  })

  // A fresh database migrated in a child process: at load 35 on two cores it took two minutes.
  it('creates the admin when run from the repository root', { timeout: 300_000 }, async () => {
    const [command, ...args] = loggedCommand().replace('<username>', 'alice').split(' ')
    const result = await run(command!, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        JWT_SECRET: 'a-test-secret-of-at-least-32-characters',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'correct horse battery staple',
      },
    })
    expect(result.stderr).not.toMatch(/Missing script/)
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Admin alice created.')

    const db = await PGlite.create(dataDir, { extensions: embeddedExtensions })
    try {
      const { rows } = await db.query<{ username: string; roles: string[] }>(
        'select username, roles from users',
      )
      expect(rows).toEqual([{ username: 'alice', roles: ['admin'] }])
    } finally {
      await db.close()
    }
  })

  it('refuses a password shorter than the policy before it creates or migrates the database', async () => {
    const [command, ...args] = loggedCommand().replace('<username>', 'alice').split(' ')
    const freshDir = path.join(dataDir, 'not-created')
    const result = await run(command!, args, {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: freshDir, ADMIN_PASSWORD: 'short' },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('password: must be at least 12 characters')
    expect(existsSync(freshDir)).toBe(false)
  })
})
