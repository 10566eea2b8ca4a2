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
  // Two test files may install at once: wait for the other's dpkg lock rather than fail on it.
  const lock = ['-o', 'DPkg::Lock::Timeout=300']
  for (const args of [
    [...lock, 'update'],
    [...lock, 'install', '-y', '--no-install-recommends', debianPackage],
  ]) {
    const r = spawnSync('apt-get', args, { env, encoding: 'utf8', timeout: 600_000 })
    if (r.status !== 0 && !which(command)) {
      throw new Error(`apt-get ${args.join(' ')} failed (${r.status}): ${r.stderr}`)
    }
  }
  const installed = which(command)
  if (!installed) throw new Error(`${debianPackage} was installed but ${command} is still missing`)
  return installed
}

function which(command: string): string | null {
  const r = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}
