/**
 * A node:test reporter that writes the counts of leaf tests as JSON, in the shape `npm test` sums up
 * (Vitest's JSON report), with each failed test's file, name and error as Vitest's `testResults` carry them.
 */
interface TestEvent {
  type: string
  data: {
    name?: string
    file?: string
    skip?: unknown
    details?: { type?: string; error?: { message?: string; cause?: unknown } }
  }
}

export default async function* countReporter(source: AsyncIterable<TestEvent>) {
  let passed = 0
  let failed = 0
  let skipped = 0
  const failures = new Map<string, { status: string; fullName: string; failureMessages: string[] }[]>()
  for await (const event of source) {
    if (event.data?.details?.type === 'suite') continue
    if (event.type === 'test:pass') event.data.skip ? skipped++ : passed++
    if (event.type === 'test:fail') {
      failed++
      const error = event.data.details?.error
      // node:test wraps the test's own error as the cause of "test failed".
      const cause = error?.cause instanceof Error ? error.cause : undefined
      const message = cause?.stack ?? cause?.message ?? error?.message ?? String(error)
      const file = event.data.file ?? 'e2e'
      const list = failures.get(file) ?? []
      list.push({ status: 'failed', fullName: event.data.name ?? '', failureMessages: [message] })
      failures.set(file, list)
    }
  }
  yield JSON.stringify({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: skipped,
    numTodoTests: 0,
    testResults: [...failures].map(([name, assertionResults]) => ({ name, assertionResults })),
  })
}
