/** A node:test reporter that writes the counts of leaf tests as JSON, in the shape `npm test` sums up. */
export default async function* countReporter(
  source: AsyncIterable<{ type: string; data: { details?: { type?: string } } }>,
) {
  let passed = 0
  let failed = 0
  let skipped = 0
  for await (const event of source) {
    if (event.data?.details?.type === 'suite') continue
    if (event.type === 'test:pass') (event.data as { skip?: unknown }).skip ? skipped++ : passed++
    if (event.type === 'test:fail') failed++
  }
  yield JSON.stringify({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: skipped,
    numTodoTests: 0,
  })
}
