/**
 * `npm run dev`: the API with --watch on PORT (default 3000) and Vite with hot reload on :5173, proxying /api
 * to that port (apps/web/vite.config.ts reads the same PORT).
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
// An empty PORT means unset, as for the API's own configuration.
const apiPort = process.env.PORT || '3000'
const env = { ...process.env, PORT: apiPort }
const children = [
  spawn('npm', ['run', 'dev', '-w', '@expedo/api'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@expedo/web'], { cwd: root, stdio: 'inherit', env }),
]
console.log(`Expedo dev: open http://localhost:5173 (API on http://localhost:${apiPort})`)
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
