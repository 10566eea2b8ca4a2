import { describe, expect, it } from 'vitest'
import { pgErrorCode } from './errors.ts'

describe('pgErrorCode', () => {
  it("reads the SQLSTATE of the driver's error and of Drizzle's wrapper around it", () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505' })
    expect(pgErrorCode(driverError)).toBe('23505')
    expect(pgErrorCode(new Error('Failed query: insert ...', { cause: driverError }))).toBe('23505')
  })

  it('ignores codes that are not SQLSTATEs and values that are not errors', () => {
    expect(pgErrorCode(Object.assign(new Error('x'), { code: 'FST_ERR_VALIDATION' }))).toBeUndefined()
    expect(pgErrorCode(null)).toBeUndefined()
    expect(pgErrorCode('23505')).toBeUndefined()
  })
})
