/** `npm run dev`: the API with --watch on :3000 and Vite with hot reload on :5173 (proxying /api). */
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const children = [
  spawn('npm', ['run', 'dev', '-w', '@expedo/api'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@expedo/web'], { cwd: root, stdio: 'inherit' }),
]
console.log('Expedo dev: open http://localhost:5173 (API on http://localhost:3000)')
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
