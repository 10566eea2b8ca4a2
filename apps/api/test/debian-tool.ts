import { spawnSync } from 'node:child_process'

/**
 * Makes sure a command-line tool from a Debian package is on the PATH for a test (xmllint from
 * libxml2-utils, pdftotext from poppler-utils): when it is missing and the process is root (CI and the
 * dev machines), installs the package with apt-get, the way e2e/run.ts installs Chromium; otherwise
 * throws with the command to run. Answers the tool's path.
 */
export function ensureDebianTool(command: string, debianPackage: string): string {
  const found = which(command)
  if (found) return found
  if (process.getuid?.() !== 0) {
    throw new Error(`${command} is missing. Install it with: sudo apt-get install -y ${debianPackage}`)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  // Two test files may install at once (each in its own worker): apt-get's own locks make the second one
  // fail rather than wait ('Could not get lock /var/lib/apt/lists/lock'), so the whole install runs under
  // one file lock (flock, util-linux), and the one that waited finds the tool already there.
  const script =
    'command -v "$1" >/dev/null || { apt-get update && apt-get install -y --no-install-recommends "$2"; }'
  const r = spawnSync(
    'flock',
    ['-w', '600', '/tmp/expedo-apt-get.lock', 'sh', '-c', script, 'sh', command, debianPackage],
    {
      env,
      encoding: 'utf8',
      timeout: 660_000,
    },
  )
  if (r.status !== 0 && !which(command)) {
    throw new Error(`installing ${debianPackage} failed (${r.status ?? r.error?.message}): ${r.stderr}`)
  }
  const installed = which(command)
  if (!installed) throw new Error(`${debianPackage} was installed but ${command} is still missing`)
  return installed
}

function which(command: string): string | null {
  const r = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}
