import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const buildDate = new Date().toISOString()

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

export default defineConfig({
  plugins: [react(), buildMeta()],
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1200 },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'] },
})
