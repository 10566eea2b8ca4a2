import { createInterface } from 'node:readline/promises'
import { buildApp } from './app.ts'
import { loadConfig } from './config/env.ts'
import { isEmpty, seedDemo } from './db/seed/demo.ts'
import { migrateDatabase, openDatabase } from './platform/db/database.ts'

const usage = `Usage:
  node src/cli.ts migrate                      apply the migrations
  node src/cli.ts seed                         load the demo data into an empty database
  node src/cli.ts create-admin <username>      create an admin (password from ADMIN_PASSWORD or asked)`

const [command, ...args] = process.argv.slice(2)
const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 })
try {
  await migrateDatabase(database)
  switch (command) {
    case 'migrate':
      console.log('Migrations applied.')
      break
    case 'seed':
      if (!(await isEmpty(database.db)))
        throw new Error('The database already has users; demo data is only loaded into an empty one.')
      await seedDemo(database.db)
      console.log('Demo data loaded.')
      break
    case 'create-admin': {
      const username = args[0]
      if (!username) throw new Error(usage)
      const password =
        process.env.ADMIN_PASSWORD ?? (await ask(`Password for ${username} (at least 12 characters): `))
      const { services } = await buildApp({ config, database, logger: false })
      await services.auth.createUser({ username, password, roles: ['admin'], sysLang: 'ENG' })
      console.log(`Admin ${username} created.`)
      break
    }
    default:
      console.log(usage)
      process.exitCode = command ? 1 : 0
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}
