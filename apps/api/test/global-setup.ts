import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { dropTestDatabases, ensureTemplate, TEST_DB_PREFIX } from './pg-server.ts'

declare module 'vitest' {
  interface ProvidedContext {
    /** On PostgreSQL: the migrated template every test file clones; empty on PGlite. */
    pgTemplate: string
    /** Prefix of this run's test databases, dropped at the end even when a worker crashed. */
    pgRunPrefix: string
  }
}

/** Once per run: on PostgreSQL, build (or reuse) the migrated template database. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    project.provide('pgTemplate', '')
    project.provide('pgRunPrefix', '')
    return
  }
  const template = await ensureTemplate(serverUrl)
  const runPrefix = `${TEST_DB_PREFIX}${Date.now().toString(36)}${randomBytes(2).toString('hex')}_`
  project.provide('pgTemplate', template)
  project.provide('pgRunPrefix', runPrefix)
  return async () => {
    await dropTestDatabases(serverUrl, (name) => name.startsWith(runPrefix))
  }
}
