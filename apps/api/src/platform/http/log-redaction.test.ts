import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction.ts'

describe('redactUrl', () => {
  it('hides the password of the login-as and demo-login routes', () => {
    expect(redactUrl('/internal/loginas/eshop1/s3cret/more')).toBe('/internal/loginas/eshop1/[hidden]')
    expect(redactUrl('/demoacount/login/eshop1/demo-password/')).toBe('/demoacount/login/eshop1/[hidden]/')
  })
  it('hides tokens and passwords in query strings and keeps other parameters', () => {
    expect(redactUrl('/api/x?token=abc&page=2&password=p')).toBe(
      '/api/x?token=[hidden]&page=2&password=[hidden]',
    )
  })
  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/businessclients/1?searchTerm=abc')).toBe('/api/businessclients/1?searchTerm=abc')
  })
})
