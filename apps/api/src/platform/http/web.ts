import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../config/env.ts'

const defaultDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url))
const distOf = (config: Config) => path.resolve(config.webDist ?? defaultDist)

/**
 * Paths the server answers itself (the API and the file server): an unknown one is a 404, never the web
 * app, and they are what load shedding may refuse (the web app's files are not).
 */
export const isServerPath = (url: string) => /^\/(api|files|upload)(\/|\?|$)/.test(url)

/** Serves the built SPA: hashed assets cached for a year, index.html and meta.json never cached. */
export const serveWeb = {
  enabled: (config: Config) => existsSync(path.join(distOf(config), 'index.html')),
  async register(app: FastifyInstance, config: Config) {
    await app.register(fastifyStatic, {
      root: distOf(config),
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  },
  index(reply: FastifyReply) {
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html')
  },
}
