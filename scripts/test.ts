/**
 * `npm test`: lint, boundaries, type check, migration drift, unit and API tests on the embedded database,
 * the same API tests on PostgreSQL when DATABASE_URL is set, the overload test alone on each database, the
 * web build and the browser journeys.
 * Prints each step's outcome and the summed test counts; exits non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const root = path.resolve(import.meta.dirname, '..')
const reports = mkdtempSync(path.join(tmpdir(), 'expedo-test-'))
const only = process.argv.slice(2) // e.g. `npm test -- api e2e`
const databaseUrl = process.env.DATABASE_URL

interface Counts {
  passed: number
  failed: number
  skipped: number
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 }
/** Each failed test's step, file, name and first lines of its message, printed again after the summary:
 * the runners print them where they fail, which a long run's later steps push out of a CI log's tail. */
const failures: string[] = []
const steps: { name: string; ok: boolean; seconds: number }[] = []

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, report?: string) {
  if (only.length && !only.some((o) => name.startsWith(o))) return
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) })
  if (report) addVitestCounts(name, report)
}

interface Report {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults?: {
    name: string
    message?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}

/** Vitest's JSON report (or the journeys' in its shape) → totals and failures. */
function addVitestCounts(step: string, file: string) {
  let json: Report
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as Report
  } catch {
    totals.failed += 1 // no report: the run itself broke
    failures.push(`${step}: no test report (the run itself broke; its output is above)`)
    return
  }
  totals.passed += json.numPassedTests
  totals.failed += json.numFailedTests
  totals.skipped += json.numPendingTests + json.numTodoTests
  const excerpt = (message: string) =>
    stripVTControlCharacters(message)
      .split('\n')
      .filter((line) => !/node_modules|node:internal|\(<anonymous>\)|primordials/.test(line))
      .slice(0, 10)
      .map((line) => `      ${line}`)
      .join('\n')
  for (const result of json.testResults ?? []) {
    const file = path.relative(root, result.name)
    const failed = (result.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of failed)
      failures.push(`${step}: ${file} › ${a.fullName}\n${excerpt(a.failureMessages?.join('\n') ?? '')}`)
    // A file that failed outside its tests (an import, a beforeAll): vitest puts the reason on the file.
    if (!failed.length && result.message) failures.push(`${step}: ${file}\n${excerpt(result.message)}`)
  }
}

const vitest = (workspace: string, name: string, env: NodeJS.ProcessEnv = {}) => {
  const report = path.join(reports, `${name}.json`)
  run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspace,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    report,
  )
}

run('lint', 'npx', ['biome', 'check', '.'])
run('boundaries', 'npx', ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs'])
run('typecheck', 'npm', ['run', 'typecheck'])
run('migrations', 'npm', ['run', 'db:check'])
run('openapi', 'npm', ['run', 'docs:check', '-w', '@expedo/api'])
vitest('packages/domain', 'unit-domain')
vitest('apps/web', 'unit-web')
vitest('apps/api', 'api-pglite', { DATABASE_URL: '' })
if (databaseUrl) vitest('apps/api', 'api-postgres', { DATABASE_URL: databaseUrl })
// The overload test, alone on the machine's cores (it measures latencies), on each database.
vitest('apps/api', 'api-load', { DATABASE_URL: '', VITEST_LOAD: '1' })
if (databaseUrl) vitest('apps/api', 'api-load-postgres', { DATABASE_URL: databaseUrl, VITEST_LOAD: '1' })
else console.log('\n(DATABASE_URL is not set: the API tests ran on the embedded database only)')
run('build', 'npm', ['run', 'build'])
{
  const report = path.join(reports, 'e2e.json')
  run('e2e', 'npm', ['test', '-w', '@expedo/e2e'], { DATABASE_URL: '', E2E_REPORT: report })
  if (!only.length || only.some((o) => 'e2e'.startsWith(o))) addVitestCounts('e2e', report)
}

console.log('\nSummary')
for (const s of steps) console.log(`  ${s.ok ? '✔' : '✘'} ${s.name} (${s.seconds}s)`)
if (failures.length) console.log(`\nFailed tests\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`)
rmSync(reports, { recursive: true, force: true })
const failedSteps = steps.filter((s) => !s.ok).length
if (failedSteps && totals.failed === 0) totals.failed = failedSteps
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failedSteps ? 1 : 0)
