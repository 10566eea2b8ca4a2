import type { FastifyInstance } from 'fastify'
import { errorCodes } from 'fastify'
import { AppError } from './app-error.ts'

/**
 * The JSON body parser of every route. Fastify's own refuses a `__proto__` key (prototype poisoning) with
 * the same "Body is not valid JSON" as a syntax error; this one parses with `JSON.parse` (which keeps such a
 * key as a plain own property, never as the prototype) and then refuses it by name, with the path of the
 * object that holds it: 400 VALIDATION_FAILED, details `{ "__proto__": "is not allowed as a key" }`.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined)
    }
    try {
      refuseForbiddenKeys(parsed)
    } catch (error) {
      return done(error as AppError, undefined)
    }
    done(null, parsed)
  })
}

/** Throws 400 VALIDATION_FAILED naming the first key of a parsed body that could reach a prototype. */
export function refuseForbiddenKeys(parsed: unknown): void {
  const key = forbiddenKeyIn(parsed)
  if (key) {
    throw new AppError('VALIDATION_FAILED', `Body key ${key} is not allowed`, {
      [key]: 'is not allowed as a key',
    })
  }
}

/**
 * The first key that could reach an object's prototype when the body is merged or copied: `__proto__`, or
 * a `constructor` object with a `prototype` key (as secure-json-parse defines them). Named by its path
 * (`items.0.__proto__`), breadth first; undefined when there is none.
 */
export function forbiddenKeyIn(value: unknown): string | undefined {
  let level: [unknown, string][] = [[value, '']]
  while (level.length > 0) {
    const next: [unknown, string][] = []
    for (const [node, path] of level) {
      if (node === null || typeof node !== 'object') continue
      const at = (key: string) => (path ? `${path}.${key}` : key)
      if (Object.hasOwn(node, '__proto__')) return at('__proto__')
      const ctor = (node as Record<string, unknown>).constructor
      if (Object.hasOwn(node, 'constructor') && ctor !== null && typeof ctor === 'object') {
        if (Object.hasOwn(ctor, 'prototype')) return at('constructor.prototype')
      }
      for (const [key, child] of Object.entries(node)) next.push([child, at(key)])
    }
    level = next
  }
  return undefined
}
