/**
 * The GLS fake on its own: `npm run fake:gls -w @expedo/api`, then start the API with the GLS_* values it
 * prints. Environment: GLS_FAKE_PORT (default 4013), GLS_FAKE_HOST (127.0.0.1), GLS_FAKE_USERNAME,
 * GLS_FAKE_PASSWORD, GLS_FAKE_CLIENT_NUMBER, GLS_FAKE_LATENCY_MS, GLS_FAKE_FAIL_STATUS.
 */
import { createGlsFake } from './gls-fake.ts'

const env = process.env
const number = (value: string | undefined) => (value ? Number.parseInt(value, 10) : undefined)
const fake = createGlsFake({
  ...(env.GLS_FAKE_USERNAME ? { username: env.GLS_FAKE_USERNAME } : {}),
  ...(env.GLS_FAKE_PASSWORD ? { password: env.GLS_FAKE_PASSWORD } : {}),
  ...(env.GLS_FAKE_CLIENT_NUMBER ? { clientNumber: number(env.GLS_FAKE_CLIENT_NUMBER) as number } : {}),
})
fake.settings.latencyMs = number(env.GLS_FAKE_LATENCY_MS) ?? 0
fake.settings.failStatus = number(env.GLS_FAKE_FAIL_STATUS)
const baseUrl = await fake.start(number(env.GLS_FAKE_PORT) ?? 4013, env.GLS_FAKE_HOST ?? '127.0.0.1')
console.log(
  `GLS fake listening: GLS_BASE_URL=${baseUrl} GLS_USERNAME=${fake.username} GLS_PASSWORD=${fake.password} GLS_CLIENT_NUMBER=${fake.clientNumber}`,
)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
