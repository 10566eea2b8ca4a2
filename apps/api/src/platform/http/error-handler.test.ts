import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { answerFrameworkError, installErrorHandling } from './error-handler.ts'

describe('answerFrameworkError', () => {
  const app = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 100 } })
  installErrorHandling(app)
  app.get('/things/:id', async () => ({ ok: true }))

  it.each(['%zz', '%ED%A0%80', '%', '%C0%80'])(
    'answers a URL the router cannot decode (%s) as a 400 naming the url',
    async (bad) => {
      const res = await app.inject({ method: 'GET', url: `/things/${bad}` })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { url: 'is not a valid URL' } })
    },
  )

  it('answers an over-long path segment as a 400 naming the url', async () => {
    const res = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(101)}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toEqual({ url: 'has a path segment that is too long' })
  })
})
