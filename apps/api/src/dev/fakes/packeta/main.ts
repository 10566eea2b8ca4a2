/**
 * The Packeta fake on its own: `npm run fake:packeta -w @expedo/api`, then start the API with
 * PACKETA_BASE_URL=http://127.0.0.1:4012/api/rest and the API password it prints. Environment:
 * PACKETA_FAKE_PORT (default 4012), PACKETA_FAKE_HOST (127.0.0.1), PACKETA_FAKE_API_PASSWORD,
 * PACKETA_FAKE_LATENCY_MS, PACKETA_FAKE_FAIL_STATUS (answer every call with that status).
 */
import { createPacketaFake } from './packeta-fake.ts'

const env = process.env
const number = (value: string | undefined) => (value ? Number.parseInt(value, 10) : undefined)
const fake = createPacketaFake(
  env.PACKETA_FAKE_API_PASSWORD ? { apiPassword: env.PACKETA_FAKE_API_PASSWORD } : {},
)
fake.settings.latencyMs = number(env.PACKETA_FAKE_LATENCY_MS) ?? 0
fake.settings.failStatus = number(env.PACKETA_FAKE_FAIL_STATUS)
const baseUrl = await fake.start(number(env.PACKETA_FAKE_PORT) ?? 4012, env.PACKETA_FAKE_HOST ?? '127.0.0.1')
console.log(`Packeta fake listening: PACKETA_BASE_URL=${baseUrl} PACKETA_API_PASSWORD=${fake.apiPassword}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
