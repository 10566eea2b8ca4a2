/**
 * The Econt fake on its own: `npm run fake:econt -w @expedo/api`, then start the API with
 * ECONT_BASE_URL=http://127.0.0.1:4010/services. Environment: ECONT_FAKE_PORT (default 4010),
 * ECONT_FAKE_HOST (127.0.0.1), ECONT_FAKE_USERNAME and ECONT_FAKE_PASSWORD (check a Basic header),
 * ECONT_FAKE_LATENCY_MS, ECONT_FAKE_FAIL_STATUS (answer every call with that status).
 */
import { createEcontFake } from './econt-fake.ts'

const env = process.env
const number = (value: string | undefined) => (value ? Number.parseInt(value, 10) : undefined)
const fake = createEcontFake({
  ...(env.ECONT_FAKE_USERNAME && env.ECONT_FAKE_PASSWORD
    ? { credentials: { username: env.ECONT_FAKE_USERNAME, password: env.ECONT_FAKE_PASSWORD } }
    : {}),
  latencyMs: number(env.ECONT_FAKE_LATENCY_MS) ?? 0,
  ...(env.ECONT_FAKE_FAIL_STATUS ? { failStatus: number(env.ECONT_FAKE_FAIL_STATUS) } : {}),
})
const baseUrl = await fake.start(number(env.ECONT_FAKE_PORT) ?? 4010, env.ECONT_FAKE_HOST ?? '127.0.0.1')
console.log(`Econt fake listening: ECONT_BASE_URL=${baseUrl}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
