/**
 * Preflight of `npm start`, `npm run dev`, `npm test` and the API's start. Expedo's scripts are TypeScript
 * run by Node's type stripping, so on an older Node they fail before any check written in TypeScript can
 * run. This file is plain JavaScript that Node 14 and newer parse; below Node 22 it exits 1 with a message.
 *
 * EXPEDO_NODE_VERSION_FOR_TEST stands in for the running version, only so that a test can try an old one.
 */
import { readFileSync } from 'node:fs'

// The one statement of the minimum is `engines.node` in the root package.json (">=22").
const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines
const MINIMUM_MAJOR = Number.parseInt(/\d+/.exec(engines.node)[0], 10)

const version = process.env.EXPEDO_NODE_VERSION_FOR_TEST || process.versions.node
const major = Number.parseInt(String(version).replace(/^v/, '').split('.')[0], 10)

if (!(major >= MINIMUM_MAJOR)) {
  console.error(
    `Expedo needs Node.js ${MINIMUM_MAJOR} or newer (this is ${version}). ` +
      `Install Node ${MINIMUM_MAJOR}+ or run npm install so npm scripts use the pinned Node 24.`,
  )
  process.exit(1)
}
