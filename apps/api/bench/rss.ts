/**
 * The peak RSS of work running in this process: sampled every 50 ms from `sampleRss()` until `stop()`
 * (maxRSS would be the peak of the process's whole life, loads before the work included). Kept apart from
 * support.ts so a bench child loads nothing more than the code it measures.
 */
export function sampleRss(): { beforeMb: number; stop(): number } {
  const before = process.memoryUsage.rss()
  let peak = before
  const poll = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 50)
  return {
    beforeMb: before / 1048576,
    stop() {
      clearInterval(poll)
      peak = Math.max(peak, process.memoryUsage.rss())
      return peak / 1048576
    },
  }
}
