import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { repoRoot } from './support.ts'

/**
 * The first load of the web (issue 9): the build of this checkout, then the `first-load` browser journey
 * (e2e/journeys/first-load.spec.ts, Debian's Chromium) with BENCH_FIRST_LOAD_RUNS timed loads of /orders
 * (default 11), read from what the journey prints: sizes of /signin and /orders, and the time from
 * navigation to the orders table's rows (median), with how busy the rest of the machine was meanwhile.
 */

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

function read(output: string, pattern: RegExp, what: string): RegExpMatchArray {
  const match = output.match(pattern)
  if (!match) throw new Error(`first-load: no ${what} in the journey's output:\n${output}`)
  return match
}

export async function firstLoadBench(): Promise<string> {
  const runs = process.env.BENCH_FIRST_LOAD_RUNS ?? '11'
  run('npm', ['run', 'build', '-w', '@expedo/web'])
  const out = run(process.execPath, [path.join('e2e', 'run.ts'), 'first-load'], {
    FIRST_LOAD_RUNS: runs,
    FIRST_LOAD_TIME: 'report',
  })
  const signin = read(out, /^\/signin: (\d+) files, ([\d.]+ KB) gzip/m, '/signin size')
  const orders = read(
    out,
    /^\/orders \(warm-up load\): (\d+) files, ([\d.]+ KB) gzip, of which JS ([\d.]+ KB)/m,
    'size',
  )
  const time = read(
    out,
    /^\/orders: rows after (\d+) ms \(median of \d+: ([\d, ]+)\); POST \/api\/orders (\d+)–(\d+) ms; the rest of the machine used ([\d.]+) cores/m,
    '/orders time',
  )
  const before = read(out, /; (\d+) files asked for before the rows$/m, 'files before the rows')
  const loads = time[2]!.split(', ').map(Number)
  return [
    '## First load of the web (Chromium)',
    '',
    `The build of this checkout served by the browser journeys' server (embedded database, demo data); each load in a fresh browser context (empty cache), signed in as the operator for /orders; ${runs} timed loads after a warm-up. Sizes are gzip -9 of what the browser fetched.`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    `| /signin, everything fetched | ${signin[2]} in ${signin[1]} files | ≤ 250 KB |`,
    `| /orders signed in, JavaScript | ${orders[3]} (${orders[2]} in ${orders[1]} files with HTML, CSS and catalogues) | ≤ 450 KB |`,
    `| /orders signed in: files asked for before the table's rows | ${before[1]} | ≤ 30 (issue 27: 79 JavaScript files) |`,
    `| /orders signed in: navigation to the table's rows | median ${time[1]} ms (${Math.min(...loads)}–${Math.max(...loads)} ms); the list call ${time[3]}–${time[4]} ms (medians) | ≤ 1.0 s at rest |`,
    `| The rest of the machine meanwhile (not the server, the runner or Chromium) | ${time[5]} cores | at rest: < 0.5 |`,
  ].join('\n')
}
