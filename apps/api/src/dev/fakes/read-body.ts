import type { IncomingMessage } from 'node:http'

/** A fake's request body, at most `maxBytes` (the rest is dropped: a fake answers what it read). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBytes) break
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}
