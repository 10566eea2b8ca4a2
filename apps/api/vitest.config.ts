import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Each file gets its own database, so files run in parallel; the CI machine has two cores.
    pool: 'forks',
    maxWorkers: 2,
    // A worker reuses its module cache across files (no state lives in modules; each file builds its
    // own app and database), which saves the import and PGlite compile time of every file.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
