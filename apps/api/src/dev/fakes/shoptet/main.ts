/**
 * The Shoptet fake on its own: `npm run fake:shoptet -w @expedo/api`, then start the API with
 * SHOPTET_API_URL=http://127.0.0.1:4020 SHOPTET_OAUTH_URL=http://127.0.0.1:4020/action/ApiOAuthServer
 * SHOPTET_CLIENT_ID=expedo-fake-client. Environment: SHOPTET_FAKE_PORT (default 4020), SHOPTET_FAKE_HOST
 * (127.0.0.1), SHOPTET_FAKE_INSTALL_URL (the add-on's installation URL), SHOPTET_FAKE_LATENCY_MS,
 * SHOPTET_FAKE_WEBHOOK_RETRY_MS. A demo shop (eshopId 700001, with products) is created; drive the rest
 * with the control endpoints under /_control (see shoptet-fake.ts).
 */
import { createShoptetFake, shoptetFakeUrls } from './shoptet-fake.ts'

const env = process.env
const number = (value: string | undefined) => (value ? Number.parseInt(value, 10) : undefined)
const fake = createShoptetFake({
  ...(env.SHOPTET_FAKE_INSTALL_URL ? { installUrl: env.SHOPTET_FAKE_INSTALL_URL } : {}),
  latencyMs: number(env.SHOPTET_FAKE_LATENCY_MS) ?? 0,
  ...(env.SHOPTET_FAKE_WEBHOOK_RETRY_MS ? { webhookRetryMs: number(env.SHOPTET_FAKE_WEBHOOK_RETRY_MS) } : {}),
})
const baseUrl = await fake.start(number(env.SHOPTET_FAKE_PORT) ?? 4020, env.SHOPTET_FAKE_HOST ?? '127.0.0.1')
const shop = fake.createShop({ name: 'Demo shop' })
const urls = shoptetFakeUrls(baseUrl)
console.log(
  `Shoptet fake listening: SHOPTET_API_URL=${urls.apiUrl} SHOPTET_OAUTH_URL=${urls.oauthUrl} ` +
    `SHOPTET_CLIENT_ID=${fake.settings.clientId} (demo shop ${shop.eshopId})`,
)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
