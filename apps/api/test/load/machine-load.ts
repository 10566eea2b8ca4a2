import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'

/**
 * How busy the rest of the machine is: a latency bound only means something on a machine that is not
 * running other work (CI shares its two cores with nothing; a developer's machine may run a second test
 * run). The browser journeys' first load and the overload test enforce their time bounds when the rest of
 * the machine used less than QUIET_CORES, and report the figures either way.
 */
export const QUIET_CORES = 0.5

/** CPU time counters of the whole machine (Linux /proc/stat): busy and total jiffies. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0) // idle + iowait
    const total = fields.reduce((a, b) => a + b, 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}

/**
 * CPU jiffies used so far by `root` and every descendant of it, from /proc/<pid>/stat.
 */
function ownJiffies(root: number): number {
  const parentOf = new Map<number, number>()
  const used = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17): after the command's ')'.
      // The c… fields hold the children it has reaped: a closed page's renderer counts with Chromium.
      const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number)
      parentOf.set(Number(entry), fields[1]!)
      used.set(Number(entry), fields[11]! + fields[12]! + fields[13]! + fields[14]!)
    } catch {
      // the process ended meanwhile
    }
  }
  let sum = 0
  for (const [pid, jiffies] of used) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parentOf.get(p)) {
      if (p === root) {
        sum += jiffies
        break
      }
    }
  }
  return sum
}

/**
 * How many cores' worth of CPU the rest of the machine (every process but `root` and its descendants: a
 * test run's own server, runner, load generator or browser) uses between the call and `stop()`: Linux
 * /proc; elsewhere the 1-minute load average, which counts our own work too.
 */
export function otherLoad(root: number) {
  const sample = () => ({ cpu: cpuTimes(), own: existsSync('/proc/self/stat') ? ownJiffies(root) : 0 })
  const before = sample()
  return {
    stop(): number {
      const after = sample()
      if (!before.cpu || !after.cpu || after.cpu.total === before.cpu.total) return loadavg()[0] ?? 0
      const rest = after.cpu.busy - before.cpu.busy - (after.own - before.own)
      return Math.max(0, (rest / (after.cpu.total - before.cpu.total)) * cpus().length)
    },
  }
}
