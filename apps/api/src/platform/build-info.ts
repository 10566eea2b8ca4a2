import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Version and build date of this server; the web compares the build date with its own to reload when stale. */
export const buildInfo = {
  version: pkg.version,
  buildDate: process.env.BUILD_DATE ?? new Date().toISOString(),
}
