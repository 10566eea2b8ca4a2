/**
 * A server process started with PORT=0 listens on a port the system picks, and names it in its
 * "Expedo ready" log line (server.ts). A port picked by the test and closed before the server took it
 * could be taken meanwhile by another process: a second test run beside this one did.
 */
export const ANY_PORT = '0'

/** The port of the "Expedo ready" JSON log line in `output`, or undefined while there is none. */
export function readyPort(output: string): number | undefined {
  const line = output.split('\n').find((l) => l.includes('Expedo ready'))
  if (!line) return undefined
  const port = (JSON.parse(line) as { port?: unknown }).port
  return typeof port === 'number' && port > 0 ? port : undefined
}
