/**
 * Writes the README's demo-data block (the paragraph and the order-status table) from a freshly seeded
 * in-memory database: `npm run docs:demo` after a change to the seed. The seed's test
 * (src/db/seed/orders.int.test.ts) fails while the README and the seed disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { seedDemo } from '../src/db/seed/demo.ts'
import {
  DEMO_README_BEGIN,
  DEMO_README_END,
  demoReadmeBlock,
  readmeDemoBlock,
} from '../src/db/seed/readme.ts'
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts'

const file = path.resolve(import.meta.dirname, '../../../README.md')
const readme = readFileSync(file, 'utf8')
const current = readmeDemoBlock(readme)
if (!current) {
  console.error(`README.md has no ${DEMO_README_BEGIN} … ${DEMO_README_END} block to write.`)
  process.exit(1)
}
const database = await openDatabase({ dataDir: 'memory', poolMax: 2 })
try {
  await migrateDatabase(database)
  await seedDemo(database.db, (line) => console.log(line))
  const block = await demoReadmeBlock(database.pool)
  writeFileSync(
    file,
    readme.replace(current, () => block),
  )
  console.log(block === current ? 'README.md: the demo data block is up to date.' : `written ${file}`)
} finally {
  await database.close()
}
