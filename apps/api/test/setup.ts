/**
 * Every API test file: warnings that announce a failure to come fail the run now. pg warns once per
 * process when a client is handed a second query while it runs one (pg 9 will refuse it); that happens when
 * parallel reads share a transaction's connection (use readTogether).
 */
const fatal = [/client\.query\(\) when the client is already executing a query/]

process.on('warning', (warning) => {
  if (fatal.some((pattern) => pattern.test(warning.message))) {
    throw new Error(`A warning that must not happen: ${warning.name}: ${warning.message}`)
  }
})
