import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { requestIdOf } from './request-id.ts'

const withHeader = (value: string | string[] | undefined) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('requestIdOf', () => {
  it("keeps a caller's short, plain id", () => {
    expect(requestIdOf(withHeader('lb-7f3a.01_x'))).toBe('lb-7f3a.01_x')
    expect(requestIdOf(withHeader('a'.repeat(64)))).toBe('a'.repeat(64))
  })

  it('replaces markup, spaces, line breaks, long ids and repeated headers with a new id', () => {
    for (const given of ['<script>alert(1)</script>', 'a b', 'x\r\ny', 'a'.repeat(65), 'é', '', ['a', 'b']]) {
      expect(requestIdOf(withHeader(given))).toMatch(uuid)
    }
  })

  it('makes a new id when there is none', () => {
    expect(requestIdOf(withHeader(undefined))).toMatch(uuid)
  })
})
