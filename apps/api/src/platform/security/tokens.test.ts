import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTokenService } from './tokens.ts'

const claims = {
  sub: '0196b1f4-7c55-7e0a-9d2f-000000000001',
  username: 'admin',
  roles: ['admin' as const],
  businessclient: null,
  sys_lang: 'ENG' as const,
}

afterEach(() => {
  vi.useRealTimers()
})

describe('token service', () => {
  it('verifies a token it signed, again from memory, and refuses a forged one with the same payload', async () => {
    const tokens = createTokenService('a-secret-of-enough-length-for-hs256', 1)
    const token = await tokens.sign(claims)
    const first = await tokens.verify(token)
    expect(first?.sub).toBe(claims.sub)
    expect(await tokens.verify(token)).toEqual(first)
    const [header, payload] = token.split('.')
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeNull()
    const other = createTokenService('another-secret-of-enough-length-too', 1)
    expect(await other.verify(token)).toBeNull()
  })

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') })
    const tokens = createTokenService('a-secret-of-enough-length-for-hs256', 1)
    const token = await tokens.sign(claims)
    expect(await tokens.verify(token)).not.toBeNull()
    vi.setSystemTime(new Date('2026-11-23T11:00:01Z'))
    expect(await tokens.verify(token)).toBeNull()
  })
})
