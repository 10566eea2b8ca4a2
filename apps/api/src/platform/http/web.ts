import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
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

/** One hashed asset of the build in memory: its bytes as built and precompressed, its type and tag. */
interface Asset {
  type: string
  etag: string
  plain: Buffer
  br?: Buffer
  gzip?: Buffer
}

const contentTypes: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  // pdf.js's worker (the PDF pages' viewer), a module script of the build under its own name
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  // the camera's barcode reader (zxing-wasm), fetched on first use where the browser has no BarcodeDetector
  '.wasm': 'application/wasm',
}

const readOptional = (file: string) => readFile(file).catch(() => undefined)

/**
 * The build's hashed files (/assets/*), kept in memory once first asked for: they never change under
 * their name, and a direct load of /orders asks for some seventy of them at once. Served from disk each
 * time they took ~2 ms of the server's one thread apiece, the page's API call queued behind them.
 * Only names of the build's own shape are read (no path separators, no dot files), from the assets folder.
 */
function assetStore(dir: string) {
  const assets = new Map<string, Promise<Asset | null>>()
  const load = async (name: string): Promise<Asset | null> => {
    const type = contentTypes[path.extname(name)]
    const file = path.join(dir, name)
    const plain = type ? await readOptional(file) : undefined
    if (!type || !plain) return null
    const [br, gzip] = await Promise.all([readOptional(`${file}.br`), readOptional(`${file}.gz`)])
    return { type, etag: `"${name}"`, plain, br, gzip }
  }
  return (name: string): Promise<Asset | null> => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return Promise.resolve(null)
    let asset = assets.get(name)
    if (!asset) {
      asset = load(name)
      assets.set(name, asset)
      // A name not in the build is not remembered (anyone may ask for any name).
      void asset.then((found) => {
        if (!found) assets.delete(name)
      })
    }
    return asset
  }
}

/** The encodings a request accepts, from its accept-encoding header (q=0 refuses one). */
function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';')
    if (name?.trim().toLowerCase() !== encoding) return false
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
  })
}

/** Serves the built SPA: hashed assets cached for a year, index.html and meta.json never cached. */
export const serveWeb = {
  enabled: (config: Config) => existsSync(path.join(distOf(config), 'index.html')),
  async register(app: FastifyInstance, config: Config) {
    const asset = assetStore(path.join(distOf(config), 'assets'))
    // Not part of the API's contract (docs/openapi.json): the web app's files.
    app.get('/assets/:name', { schema: { hide: true } }, async (request, reply) => {
      const found = await asset((request.params as { name: string }).name)
      // Not the app's page in its place: a chunk of an older build must fail as what it is.
      if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', found.type)
        .header('etag', found.etag)
        .header('vary', 'accept-encoding')
      if (request.headers['if-none-match'] === found.etag) return reply.code(304).send()
      const encoding = request.headers['accept-encoding']
      if (found.br && accepts(encoding, 'br')) return reply.header('content-encoding', 'br').send(found.br)
      if (found.gzip && accepts(encoding, 'gzip'))
        return reply.header('content-encoding', 'gzip').send(found.gzip)
      return reply.send(found.plain)
    })
    await app.register(fastifyStatic, {
      root: distOf(config),
      wildcard: false,
      // the hashed assets are served from memory above
      globIgnore: ['assets/**'],
      preCompressed: true,
      setHeaders(res) {
        res.header('cache-control', 'no-cache')
      },
    })
  },
  index(reply: FastifyReply) {
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html')
  },
}
