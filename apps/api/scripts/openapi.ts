/**
 * Writes the OpenAPI document of the API to docs/openapi.json (`npm run docs:openapi`);
 * with --check, fails when the committed document differs from the contracts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config/env.ts'
import { openDatabase } from '../src/platform/db/database.ts'

const file = path.resolve(import.meta.dirname, '../../../docs/openapi.json')
const database = await openDatabase({ dataDir: 'memory', poolMax: 1 })
const { app } = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, logger: false })
await app.ready()
const document = app.swagger() as { info: { version: string } }
const text = `${JSON.stringify(document, null, 2)}\n`
await app.close()
await database.close()

if (process.argv.includes('--check')) {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    console.error('docs/openapi.json is out of date: run `npm run docs:openapi` and commit it.')
    process.exit(1)
  }
  console.log('docs/openapi.json is up to date.')
} else {
  writeFileSync(file, text)
  console.log(`written ${file}`)
}
