import { configDefaults, defineConfig } from 'vitest/config'

// Tests that measure latency under load (*.load.test.ts) run alone, in a step of their own
// (`npm test -- api-load`, VITEST_LOAD=1): beside another test file they would measure that file.
const load = process.env.VITEST_LOAD === '1'

export default defineConfig({
  test: {
    include: load
      ? ['src/**/*.load.test.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: load ? configDefaults.exclude : [...configDefaults.exclude, '**/*.load.test.ts'],
    // Each file gets its own database, so files run in parallel; the CI machine has two cores.
    pool: 'forks',
    // The load test's server runs in the worker: give it the young generation `npm start` gives the
    // server (package.json), whose scavenges stay short; the default one, several times larger, paused
    // the event loop 20–40 ms per scavenge with 200 requests in flight.
    execArgv: load ? ['--max-semi-space-size=8'] : [],
    maxWorkers: 2,
    // A worker reuses its module cache across files (no state lives in modules; each file builds its
    // own app and database), which saves the import and PGlite compile time of every file.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Limits sized for a loaded machine (CI shares two cores; at load 30 a seeded demo database took
    // 4–5 minutes and 500 parallel calls over a minute). A limit ends only a test that never finishes:
    // a passing one never spends it, and tests wait on conditions, not on the clock.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // expect.poll looks for its condition this long (the library's default, 1 s, was sized for a quiet one).
    expect: { poll: { timeout: 60_000 } },
  },
})
