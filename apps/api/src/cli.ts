import { createInterface } from 'node:readline/promises'
import { MIN_PASSWORD_LENGTH, NewPasswordSchema, UsernameSchema } from '@expedo/domain'
import { ConfigError, loadConfig } from './config/env.ts'

const usage = `Usage:
  node src/cli.ts migrate                      apply the migrations
  node src/cli.ts seed                         load the demo data into an empty database
  node src/cli.ts create-admin <username>      create an admin (password from ADMIN_PASSWORD or asked)`

const [command, ...args] = process.argv.slice(2)

/** Stops before the database is opened or migrated: the configuration or the input is wrong. */
function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

if (!['migrate', 'seed', 'create-admin'].includes(command ?? '')) {
  console.log(usage)
  process.exit(command ? 1 : 0)
}

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  fail(error.message)
}

// create-admin's username and password follow the app's policy (NewPasswordSchema), checked before the
// database is created or migrated.
let admin: { username: string; password: string } | undefined
if (command === 'create-admin') {
  if (!args[0]) fail(usage)
  const username = UsernameSchema.safeParse(args[0])
  if (!username.success) fail(`username: ${username.error.issues[0]?.message}`)
  const given =
    process.env.ADMIN_PASSWORD ??
    (await ask(`Password for ${username.data} (at least ${MIN_PASSWORD_LENGTH} characters): `))
  const password = NewPasswordSchema.safeParse(given)
  if (!password.success) fail(`password: ${password.error.issues[0]?.message}`)
  admin = { username: username.data, password: password.data }
}

const [{ buildApp }, { isEmpty, seedDemo }, { migrateDatabase, openDatabase, prepareDatabase }] =
  await Promise.all([import('./app.ts'), import('./db/seed/demo.ts'), import('./platform/db/database.ts')])
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 })
try {
  switch (command) {
    case 'migrate':
      await migrateDatabase(database)
      console.log('Migrations applied.')
      break
    case 'seed': {
      // As a server's first start: under the migrations' lock and in one transaction (prepareDatabase).
      const { filled } = await prepareDatabase(database, { isEmpty, fill: (db) => seedDemo(db) })
      if (!filled)
        throw new Error('The database already has users; demo data is only loaded into an empty one.')
      console.log('Demo data loaded.')
      break
    }
    case 'create-admin': {
      await migrateDatabase(database)
      const { username, password } = admin!
      const { services } = await buildApp({ config, database, logger: false })
      await services.auth.createUser({ username, password, roles: ['admin'], sysLang: 'ENG' })
      console.log(`Admin ${username} created.`)
      break
    }
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
