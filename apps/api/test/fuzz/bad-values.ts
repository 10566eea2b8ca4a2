import fc from 'fast-check'

/** Text sent exactly as written: JSON the serializer cannot produce (`1e999`), or a URL part not re-encoded (`%zz`). */
export class Raw {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

/** Why a bad value is bad: a 5xx is reported by cause, the five first. */
export type Cause =
  | 'nul'
  | 'surrogate'
  | 'empty-update'
  | 'date-range'
  | 'multipart'
  | 'control'
  | 'long'
  | 'date'
  | 'number'
  | 'id'
  | 'type'
  | 'shape'
  | 'encoding'
  | 'text'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** The cause a string value stands for; `fallback` for anything else. */
export function causeOf(value: unknown, fallback: Cause): Cause {
  const text = value instanceof Raw ? value.text : typeof value === 'string' ? value : undefined
  if (text === undefined) return fallback
  if (text.includes('\u0000') || /%00/i.test(text)) return 'nul'
  if (LONE_SURROGATE.test(text) || /%ED%[AB]/i.test(text)) return 'surrogate'
  if (CONTROL.test(text)) return 'control'
  if (text.length > 1000) return 'long'
  return fallback
}

const texts = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\u0007',
  'a\u001Bb',
  '\u007F',
  'x'.repeat(10_001),
  'ž'.repeat(4_000),
  '',
  ' ',
  '%',
  '_',
  '\\',
  "'; drop table orders; --",
  '😀',
  '\u202E',
  '\uFEFF',
  'null',
  '0',
  'NaN',
]
const wrongTypes = [0, -1, 1.5, true, false, null, [], {}, ['a'], { a: 1 }]

/** Any UTF-16 code units (lone surrogates and controls included), short. */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((units) => String.fromCharCode(...units))

export const badText: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...texts) },
  { weight: 2, arbitrary: fc.constantFrom(...wrongTypes) },
  { weight: 2, arbitrary: codeUnits },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)

export const badId: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'junk',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0190a6b2-7c3e-7d1a-9b2c-3d4e5f6a7b8c',
      '0190A6B2-7C3E-7D1A-9B2C-3D4E5F6A7B8C',
      '0190a6b2-7c3e-7d1a-9b2c-3d4e5f6a7b8c\u0000',
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: badText },
)

const dates = [
  '+275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '1899-12-31',
  '3000-01-01',
  '2024-02-30',
  '2024-13-01',
  '2024-05-01T24:00:00Z',
  '2024-05-01T10:00:00',
  '2024-05-01T10:00:00+25:00',
  8.64e15,
  -8.64e15,
  1e20,
  0,
  'now',
  'Infinity',
]
/** Any instant JavaScript can hold, as ISO text (years beyond 9999 get six digits and a sign). */
const anyInstant = fc
  .integer({ min: -8.64e15, max: 8.64e15 })
  .map((ms) => new Date(ms).toISOString())
  .map((iso) => ({ iso, year: Number(iso.slice(0, iso.indexOf('-', 1))) }))

export const badDate: fc.Arbitrary<{ value: unknown; cause: Cause }> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(...dates).map((value) => ({ value, cause: dateCause(value) })),
  },
  {
    weight: 2,
    arbitrary: anyInstant.map(({ iso, year }) => ({
      value: iso,
      cause: (year < 1900 || year > 2999 ? 'date-range' : 'date') as Cause,
    })),
  },
  { weight: 1, arbitrary: badText.map((value) => ({ value, cause: causeOf(value, 'date') })) },
)
function dateCause(value: unknown): Cause {
  const year = typeof value === 'string' ? Number(value.slice(0, value.indexOf('-', 1))) : Number.NaN
  return typeof value === 'number' || year < 1900 || year > 2999 ? 'date-range' : 'date'
}

export const badNumber: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      new Raw('1e999'),
      new Raw('-1e999'),
      new Raw('123456789012345678901234567890'),
      1e308,
      -1e308,
      2 ** 53 + 2,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 63,
      -1,
      0,
      0.5,
      -0.5,
      1e-7,
      '1',
      '',
      'NaN',
      'Infinity',
      '0x10',
      null,
      true,
      [],
      {},
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => new Raw(String(n))) },
)

export const badBoolean = fc.constantFrom<unknown>('true', 'false', 1, 0, null, 'yes', [], {})

export const badEnum: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<unknown>('x', 'New ', 'NEW', 'new', 'Canceled\u0000') },
  { weight: 3, arbitrary: badText },
)

/** A bad value for a path parameter: text percent-encoded (lone surrogates as their WTF-8 bytes) or raw. */
export const badPathText: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      new Raw('%00'),
      new Raw('a%00b'),
      new Raw('%ED%A0%80'),
      new Raw('%ED%BF%BF'),
      new Raw('%C0%80'),
      new Raw('%'),
      new Raw('%zz'),
      new Raw('%E0%A4%A'),
      new Raw('%FF%FE'),
      new Raw('%2e%2e'),
      new Raw('..'),
      new Raw('%2F'),
      new Raw('%F0%9F%98%80'),
      new Raw('%0A'),
      new Raw('x'.repeat(300)),
    ),
  },
  { weight: 3, arbitrary: badId },
)
