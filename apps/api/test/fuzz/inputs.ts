import type { EndpointDef } from '@expedo/domain'
import fc from 'fast-check'
import { z } from 'zod'
import {
  badBoolean,
  badDate,
  badEnum,
  badId,
  badNumber,
  badPathText,
  badText,
  type Cause,
  causeOf,
  Raw,
} from './bad-values.ts'
import { build, type FuzzRequest, type Key, type Location, setAt } from './requests.ts'

/** The parts of JSON Schema that `z.toJSONSchema` writes for the request schemas. */
interface S {
  type?: string | string[]
  properties?: Record<string, S>
  required?: string[]
  additionalProperties?: S | boolean
  items?: S
  anyOf?: S[]
  oneOf?: S[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minItems?: number
  default?: unknown
  $ref?: string
}

/** A place in a valid input where one bad value goes. */
interface Site {
  location: Location
  path: Key[]
  schema: S
  name: string
}
interface Gen {
  value: unknown
  sites: Omit<Site, 'location'>[]
}
const ABSENT = Symbol('absent')

/** Dates are `z.coerce.date()` in some schemas: JSON Schema cannot say so, this override does. */
export function jsonSchemaOf(schema: z.ZodType): S {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' })
    },
  }) as S
}

/** What a generator needs to know to make a valid value: real ids by field name. */
export interface GenContext {
  idFor(name: string, isParam: boolean): string | undefined
  sku: string
}

const known: Record<string, unknown> = {
  IBAN: 'DE89370400440532013000',
  accountNr: '123-456',
  email: 'fuzz@example.com',
  phone: '+420 123 456',
  username: 'fuzz.user',
  password: 'fuzz-password-1',
  skip: '0',
  limit: '10',
}

const isDate = (s: S, name: string) => s.format === 'date' || s.format === 'date-time' || /date/i.test(name)
const typeOf = (s: S) => (Array.isArray(s.type) ? s.type[0] : s.type)

/** A valid value of `s` (as far as JSON Schema can say) and every site in it. */
function valid(s: S, name: string, ctx: GenContext, isParam: boolean, root: S): fc.Arbitrary<Gen> {
  if (s.$ref) return valid(resolve(root, s.$ref), name, ctx, isParam, root)
  const leaf = (value: unknown) => fc.constant<Gen>({ value, sites: [{ path: [], schema: s, name }] })
  const options = s.anyOf ?? s.oneOf
  if (options) {
    const usable = options.filter((o) => o.type !== 'null')
    return fc.constantFrom(...usable).chain((o) => valid(o, name, ctx, isParam, root))
  }
  if (s.const !== undefined) return leaf(s.const)
  if (s.enum)
    return fc.constantFrom(...s.enum).map((value) => ({ value, sites: [{ path: [], schema: s, name }] }))
  if (name in known) return leaf(known[name])
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return leaf(ctx.idFor(name, isParam) ?? '0190a6b2-7c3e-7d1a-9b2c-3d4e5f6a7b8c')
      if (isDate(s, name)) return leaf(s.format === 'date' ? '2024-05-01' : '2024-05-01T10:00:00.000Z')
      if (name === 'sku') return leaf(ctx.sku)
      return leaf(`Fuzz ${name}`.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 12))
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1)
      return leaf(Math.min(Math.max(min, 1), s.maximum ?? 1))
    }
    case 'boolean':
      return leaf(true)
    case 'array': {
      const item = s.items ?? {}
      return valid(item, name, ctx, isParam, root).map((g) => ({
        value: [g.value],
        sites: [
          { path: [], schema: s, name },
          ...g.sites.map((site) => ({ ...site, path: [0, ...site.path] })),
        ],
      }))
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {})
      const required = new Set(s.required ?? [])
      const fields = props.map(([key, p]) => {
        const g = valid(p, key, ctx, isParam, root)
        return required.has(key) && p.default === undefined
          ? g
          : fc.oneof(
              { weight: 3, arbitrary: g },
              { weight: 1, arbitrary: fc.constant<Gen>({ value: ABSENT, sites: [] }) },
            )
      })
      return fc.tuple(...fields).map((gens) => {
        const value: Record<string, unknown> = {}
        const sites: Gen['sites'] = [{ path: [], schema: s, name }]
        gens.forEach((g, i) => {
          const key = props[i]![0]
          if (g.value === ABSENT) return
          value[key] = g.value
          sites.push(...g.sites.map((site) => ({ ...site, path: [key, ...site.path] })))
        })
        return { value, sites }
      })
    }
    default:
      return leaf({ fuzz: true })
  }
}

function resolve(root: S, ref: string): S {
  const name = ref.split('/').pop()!
  return (root as { $defs?: Record<string, S> }).$defs?.[name] ?? {}
}

/** One bad value for a site, and its cause. */
function bad(site: Site): fc.Arbitrary<{ value: unknown; cause: Cause }> {
  const s = site.schema
  const tag = (cause: Cause) => (value: unknown) => ({ value, cause: causeOf(value, cause) })
  if (site.location === 'params') return badPathText.map(tag('encoding'))
  if (s.anyOf || s.oneOf || s.enum || s.const !== undefined) return badEnum.map(tag('type'))
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'uuid') return badId.map(tag('id'))
      if (isDate(s, site.name)) return badDate
      return badText.map(tag('text'))
    case 'integer':
    case 'number':
      return badNumber.map(tag('number'))
    case 'boolean':
      return badBoolean.map(tag('type'))
    case 'array':
      return fc
        .constantFrom<unknown>(
          [],
          [null],
          [{}],
          'x',
          {},
          [[[]]],
          Array.from({ length: 20_000 }, () => 'x'),
        )
        .map(tag('shape'))
    default:
      return fc.constantFrom<{ value: unknown; cause: Cause }>(
        { value: {}, cause: 'empty-update' },
        { value: [], cause: 'shape' },
        { value: null, cause: 'shape' },
        { value: 'x', cause: 'shape' },
        { value: 42, cause: 'shape' },
        { value: { fuzzExtra: 1 }, cause: 'shape' },
        { value: new Raw('{"__proto__":{"polluted":1}}'), cause: 'shape' },
        { value: new Raw('{"constructor":{"prototype":{"polluted":1}}}'), cause: 'shape' },
      )
  }
}

/** A whole body that is not the JSON object the route wants. */
const badBodies = fc.constantFrom<{ body: Raw; contentType: string; cause: Cause }>(
  { body: new Raw('{}'), contentType: 'application/json', cause: 'empty-update' },
  { body: new Raw(''), contentType: 'application/json', cause: 'shape' },
  { body: new Raw('null'), contentType: 'application/json', cause: 'shape' },
  { body: new Raw('[]'), contentType: 'application/json', cause: 'shape' },
  { body: new Raw('"x"'), contentType: 'application/json', cause: 'shape' },
  { body: new Raw('{'), contentType: 'application/json', cause: 'shape' },
  { body: new Raw('{"a":1e999}'), contentType: 'application/json', cause: 'number' },
  {
    body: new Raw(`${'['.repeat(5000)}${']'.repeat(5000)}`),
    contentType: 'application/json',
    cause: 'shape',
  },
  // Fastify strips the byte-order mark: this is `{}` again.
  { body: new Raw('\uFEFF{}'), contentType: 'application/json', cause: 'empty-update' },
  { body: new Raw('{"a":"\\u0000"}'), contentType: 'application/json', cause: 'nul' },
  { body: new Raw('{"a":"\\ud800"}'), contentType: 'application/json', cause: 'surrogate' },
  { body: new Raw('x'), contentType: 'text/plain', cause: 'shape' },
  { body: new Raw('--x\r\n'), contentType: 'multipart/form-data; boundary=x', cause: 'multipart' },
  { body: new Raw('junk'), contentType: 'multipart/form-data', cause: 'multipart' },
)
/** Requests for one endpoint, each valid but for one bad value (or a bad body as a whole). */
export function badRequests(url: string, endpoint: EndpointDef, ctx: GenContext): fc.Arbitrary<FuzzRequest> {
  const parts = (['params', 'query', 'body'] as const).flatMap((location) => {
    const schema = endpoint[location]
    if (!schema) return []
    const root = jsonSchemaOf(schema)
    return [{ location, arb: valid(root, location, ctx, location === 'params', root) }]
  })
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
  const inputs = fc.tuple(...parts.map((p) => p.arb)).map((gens) => {
    const input: Partial<Record<Location, unknown>> = {}
    const sites: Site[] = []
    gens.forEach((g, i) => {
      const { location } = parts[i]!
      input[location] = g.value
      sites.push(
        ...g.sites
          .filter((site) => location === 'body' || site.path.length > 0)
          .map((site) => ({ ...site, location })),
      )
    })
    return { input, sites }
  })
  return inputs.chain(({ input, sites }) => {
    const oneBadValue = sites.length
      ? fc.constantFrom(...sites).chain((site) =>
          bad(site).map(({ value, cause }) => {
            const mutated = structuredClone(input)
            mutated[site.location] = setAt(mutated[site.location], site.path, value)
            return build(
              endpoint.method,
              url,
              mutated,
              cause,
              `${site.location}.${site.path.join('.')}`,
              hasBody,
            )
          }),
        )
      : undefined
    const badBody = hasBody
      ? badBodies.map(({ body, contentType, cause }) => ({
          ...build(endpoint.method, url, input, cause, 'body', false),
          payload: body.text,
          headers: { 'content-type': contentType },
        }))
      : undefined
    const choices = [oneBadValue, badBody].filter((a): a is fc.Arbitrary<FuzzRequest> => a !== undefined)
    return choices.length
      ? fc.oneof(...choices)
      : fc.constant(build(endpoint.method, url, input, 'shape', '-', hasBody))
  })
}
