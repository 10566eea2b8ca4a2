/**
 * `npm test`: lint, boundaries, type check, migration drift, the OpenAPI check and the web build (two at a
 * time), unit and API tests on the embedded database, the same API tests on PostgreSQL when DATABASE_URL is
 * set, the overload test alone on each database, and the browser journeys.
 * Prints each step's outcome and the summed test counts; exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process'
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

/** A step's last lines of output, kept to say why a step failed when its runner reported no failed test. */
const TAIL_LINES = 60

/**
 * Runs one step. Its output goes through as it comes (a long step shows its progress), or, for a step run
 * beside others (`together`), is printed whole when it ends; its tail is kept either way.
 */
async function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  report?: string,
  held = false,
) {
  if (only.length && !only.some((o) => name.startsWith(o))) return
  const title = `\n▶ ${name}: ${command} ${args.join(' ')}`
  // A step beside others says when it starts; its output follows when it ends.
  console.log(held ? `\n▷ ${name} started beside other steps` : title)
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: root,
    stdio: [held ? 'ignore' : 'inherit', 'pipe', 'pipe'],
    // Piped, the runners would drop their colours; a terminal still gets them.
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...env },
  })
  let tail: string[] = []
  const output: Buffer[] = []
  const keep = (chunk: Buffer) => {
    tail = tail.concat(chunk.toString('utf8').split('\n')).slice(-TAIL_LINES)
  }
  child.stdout.on('data', (chunk: Buffer) => {
    if (held) output.push(chunk)
    else process.stdout.write(chunk)
    keep(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    if (held) output.push(chunk)
    else process.stderr.write(chunk)
    keep(chunk)
  })
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (held) {
    console.log(`${title} (${Math.round((Date.now() - started) / 1000)} s, beside other steps)`)
    process.stdout.write(Buffer.concat(output))
  }
  const ok = status === 0
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) })
  const failedBefore = failures.length
  if (report) addVitestCounts(name, report)
  // A runner can fail with every test passed (an unhandled error, a worker that died): its own words say why.
  if (!ok && failures.length === failedBefore) {
    const said = tail
      .map((line) => stripVTControlCharacters(line))
      .filter((line) => line.trim())
      .slice(-25)
    failures.push(
      `${name}: exited ${status} with no failed test; its last lines:\n${said.map((l) => `      ${l}`).join('\n')}`,
    )
  }
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

const vitest = async (workspace: string, name: string, env: NodeJS.ProcessEnv = {}, held = false) => {
  const report = path.join(reports, `${name}.json`)
  await run(
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
    held,
  )
}

type Step = [name: string, command: string, args: string[]]

/**
 * Steps that each use one core most of their time (the checks, the type checker, the web build), run
 * `width` at a time so that both cores of the CI machine work; each one's output printed whole when it ends.
 */
async function together(width: number, list: Step[]) {
  const queue = [...list]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let step = queue.shift(); step; step = queue.shift()) await run(...step, {}, undefined, true)
    }),
  )
}

/** package.json's `typecheck` (`tsc -p A && tsc -p B …`) as one step per project, so two run at once. */
const typechecks = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { typecheck: string }
  }
).scripts.typecheck
  .split('&&')
  .map((command): Step => {
    const project = /^\s*tsc -p (\S+)\s*$/.exec(command)?.[1]
    if (!project) throw new Error(`package.json's typecheck: "${command.trim()}" is not "tsc -p <project>"`)
    return [`typecheck-${path.basename(project)}`, 'npx', ['tsc', '-p', project]]
  })
  // The longest first (the API's, then the web's).
  .sort((a, b) => Number(b[0] === 'typecheck-api') - Number(a[0] === 'typecheck-api'))

await together(2, [
  ...typechecks,
  ['lint', 'npx', ['biome', 'check', '.']],
  ['boundaries', 'npx', ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs']],
  ['migrations', 'npm', ['run', 'db:check']],
  ['openapi', 'npm', ['run', 'docs:check', '-w', '@expedo/api']],
  ['build', 'npm', ['run', 'build']],
])
await vitest('packages/domain', 'unit-domain')
await vitest('apps/web', 'unit-web')
// The API tests on both databases side by side: one after the other left a third of the two cores idle
// on PostgreSQL's waits (716 s of steps one after the other, 486 s together, 2026-11-30, Intel Xeon).
if (databaseUrl)
  await Promise.all([
    vitest('apps/api', 'api-pglite', { DATABASE_URL: '' }, true),
    vitest('apps/api', 'api-postgres', { DATABASE_URL: databaseUrl }, true),
  ])
else await vitest('apps/api', 'api-pglite', { DATABASE_URL: '' })
// The overload test, alone on the machine's cores (it measures latencies), on each database.
await vitest('apps/api', 'api-load', { DATABASE_URL: '', VITEST_LOAD: '1' })
if (databaseUrl)
  await vitest('apps/api', 'api-load-postgres', { DATABASE_URL: databaseUrl, VITEST_LOAD: '1' })
else console.log('\n(DATABASE_URL is not set: the API tests ran on the embedded database only)')
{
  const report = path.join(reports, 'e2e.json')
  await run('e2e', 'npm', ['test', '-w', '@expedo/e2e'], { DATABASE_URL: '', E2E_REPORT: report }, report)
}

console.log('\nSummary')
for (const s of steps) console.log(`  ${s.ok ? '✔' : '✘'} ${s.name} (${s.seconds}s)`)
if (failures.length) console.log(`\nFailed tests\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`)
rmSync(reports, { recursive: true, force: true })
const failedSteps = steps.filter((s) => !s.ok).length
if (failedSteps && totals.failed === 0) totals.failed = failedSteps
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failedSteps ? 1 : 0)
