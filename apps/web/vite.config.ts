/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { antdStaticStyles } from './antd-static-styles.ts'
import { signedInChunks } from './code-splitting.ts'
import {
  chunkModules,
  endpointsWithoutSchemas,
  lazyTableFilterDropdown,
  pureDomainDeclarations,
} from './vite-plugins.ts'

const buildDate = new Date().toISOString()

const chunks = signedInChunks({
  layout: 'src/app/layout/app-layout.tsx',
  routeTable: 'src/app/router/route-table.tsx',
  otherPages: ['src/app/routes/not-found-page.tsx'],
  firstPage: 'src/features/orders/pages/orders-list-page.tsx',
  minPages: 5,
})

/** Where the dev server sends /api: the API of `npm run dev`, on PORT as the API reads it (default 3000). */
const apiProxyTarget = `http://localhost:${process.env.PORT || '3000'}`

/** Writes /meta.json with the build date; the running SPA compares it with its own to reload when stale. */
function buildMeta(): Plugin {
  return {
    name: 'expedo-build-meta',
    apply: 'build',
    writeBundle(options) {
      writeFileSync(`${options.dir}/meta.json`, JSON.stringify({ buildDate }))
    },
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the build (and the camera reader's WebAssembly: 947 KB,
 * 321 KB in brotli): the API serves them as they are (@fastify/static `preCompressed`), at the best ratio and
 * with no compression work per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress)
  const gz = promisify(gzip)
  return {
    name: 'expedo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      const files = Object.keys(bundle).filter(
        (file) => /\.(m?js|css|html|svg|json|wasm)$/.test(file) && !file.startsWith('.vite/'),
      )
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir, file)
          const data = await readFile(target)
          if (data.length < 1024) return
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ])
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)])
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    endpointsWithoutSchemas(),
    pureDomainDeclarations(),
    lazyTableFilterDropdown(),
    buildMeta(),
    precompress(),
    chunkModules(),
    antdStaticStyles(fileURLToPath(new URL('./src', import.meta.url))),
    chunks.plugin,
  ],
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiProxyTarget } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The manifest lets scripts/first-load-size.ts follow the chunk graph.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (what every page runs first) in one chunk, rather than
        // some forty small ones shared with the lazy pages in every combination: fewer files compress
        // better (gzip does not share a dictionary across files), about 20 KB gzip off /orders. The lazy
        // chunks import this one, which holds main.tsx: hence no top-level await in main.tsx (a chunk
        // it waited for would wait for it in turn).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // Then the signed-in pages' (code-splitting.ts), first what a page without the layout shares.
            ...(['guest-shared', 'signed-in', 'lists', 'first-page'] as const).map((name) => ({
              name,
              test: chunks.group(name),
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
      // antd's rc-component packages are side-effect free but do not say so in package.json; saying it
      // here lets the bundler drop their unused modules (about 15 KB gzip off the sign-in page). The same
      // for packages/domain in the web: its one side effect, common/zod-messages.ts (zod's wording of
      // the server's 400s), is of no use here, where no schema runs (see vite-plugins.ts).
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/@rc-component\/|packages\/domain\/src\//.test(id),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Both cores of the CI machine (vitest's default is one worker fewer than the cores: one, there).
    maxWorkers: 2,
    // A worker keeps its modules (antd, React, the app) across test files; each file still gets its own
    // jsdom and setup. Importing them again for each of 47 files was half of the step (251 s → 107 s);
    // the files pass in any order (checked with --sequence.shuffle.files).
    isolate: false,
    // Whole antd pages render in jsdom: at load 30 on two cores one test took up to 130 s. A limit only
    // ends a test that never reaches its condition (test/setup.ts: each wait gives up after 60 s).
    testTimeout: 150_000,
  },
})
