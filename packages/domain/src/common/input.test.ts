import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import '../common/zod-messages.ts'
import { endpoints } from '../endpoints.ts'
import { ImportRowSchema } from '../products/products.schemas.ts'
import { requiredText, text } from './ids.ts'
import { atLeastOneField, checkPlainText, dateInput, dayInput, instantInput, plainString } from './input.ts'

const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message

describe('plain text', () => {
  it.each(['a\u0000b', '\u0007', 'x\u001Fy', '\u007F'])('refuses control characters (%j)', (value) => {
    expect(issue(text(), value)).toBe('must not contain control characters')
    expect(issue(requiredText(), value)).toBe('must not contain control characters')
  })

  it.each(['\uD800', 'a\uDC00b', '\uDBFF\uDBFF'])('refuses unpaired surrogates (%j)', (value) => {
    expect(issue(plainString(), value)).toBe('must be valid Unicode text')
  })

  it.each(['Údolní 53', 'line\nbreak\tand tab\r\n', '😀 emoji', '', '%_\\'])('accepts text (%j)', (value) => {
    expect(plainString().safeParse(value).success).toBe(true)
  })
})

describe('dates', () => {
  it('accepts days and date-times between 1900-01-01 and 2999-12-31', () => {
    for (const value of [
      '1900-01-01',
      '2024-05-01',
      '2999-12-31',
      '2999-12-31T23:59:59Z',
      '2024-05-01T10:00:00+02:00',
    ]) {
      expect(dateInput().safeParse(value).success, value).toBe(true)
    }
    expect(instantInput().parse('2024-05-01')).toEqual(new Date('2024-05-01T00:00:00Z'))
  })

  it.each([
    '+275760-09-13',
    '0000-01-01',
    '1899-12-31',
    '3000-01-01',
    '9999-12-31T00:00:00Z',
    '-271821-04-20T00:00:00Z',
  ])('refuses %s', (value) => {
    expect(instantInput().safeParse(value).success).toBe(false)
  })

  it('says why a date is refused', () => {
    expect(issue(dayInput(), '9999-12-31')).toBe('must be between 1900-01-01 and 2999-12-31')
    expect(issue(dayInput(), '2024-05-01T10:00:00Z')).toBe('must be a date (YYYY-MM-DD)')
    expect(issue(dateInput(), 'tomorrow')).toBe('must be a date (ISO 8601)')
    expect(issue(instantInput(), 8.64e15)).toBe('must be a date (ISO 8601)')
  })
})

describe('atLeastOneField', () => {
  const patch = atLeastOneField(z.strictObject({ name: text().optional(), note: text().optional() }))
  it('refuses an update that changes nothing', () => {
    expect(issue(patch, {})).toBe('must name at least one field to change')
    expect(patch.safeParse({ note: '' }).success).toBe(true)
  })
})

/** Every string in a schema that is not constrained by a format (uuid, e-mail, ISO date) or a fixed list. */
function freeStrings(schema: z.ZodType, path: string, out: string[]): void {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string }
  const walk = (inner: unknown, at = path) => freeStrings(inner as z.ZodType, at, out)
  switch (def.type) {
    case 'string': {
      const checks = (def.checks ?? []) as { _zod: { check?: unknown } }[]
      if (!def.format && !checks.some((c) => c._zod.check === checkPlainText)) out.push(path || '(root)')
      return
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        walk(value, `${path}.${key}`)
      if (def.catchall) walk(def.catchall, `${path}.*`)
      return
    case 'array':
      walk(def.element, `${path}[]`)
      return
    case 'union':
      for (const option of def.options as unknown[]) walk(option)
      return
    case 'pipe':
      walk(def.in)
      return
    case 'record':
      walk(def.keyType, `${path}{key}`)
      walk(def.valueType, `${path}{}`)
      return
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      walk(def.innerType)
  }
}

describe('every input of the contract', () => {
  it('checks every free text field, search term and path parameter for control characters', () => {
    const unchecked: string[] = []
    for (const [area, defs] of Object.entries(endpoints)) {
      for (const [name, endpoint] of Object.entries(defs)) {
        for (const location of ['params', 'query', 'body'] as const) {
          const schema = (endpoint as { [k in typeof location]?: z.ZodType })[location]
          if (schema) freeStrings(schema, `${area}.${name} ${location}`, unchecked)
        }
      }
    }
    freeStrings(ImportRowSchema, 'spreadsheet row', unchecked)
    expect(unchecked).toEqual([])
  })
})
