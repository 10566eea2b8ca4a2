import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { eshops } from '../src/db/schema/index.ts'
import type { FakeShopInput, ShoptetFakeOptions } from '../src/dev/fakes/shoptet/shoptet-fake.ts'
import { createTestApp, type TestApp } from './app.ts'
import { shoptetEnv, startShoptet } from './shoptet.ts'

/**
 * The app wired to a Shoptet fake as in production (on test/shoptet.ts's bed, whose `installShop` installs
 * for a stand-in instead of the app): the fake is Shoptet (API and OAuth), and a local HTTP
 * front forwards to the app (inject), so the fake's install call and webhook deliveries reach it over HTTP at
 * PUBLIC_URL. `installShop` installs a new shop the way Shoptet does and reads its activation link as staff.
 */
export async function createShoptetTestApp(
  options: { env?: Record<string, string>; fake?: ShoptetFakeOptions } = {},
) {
  const bed = await startShoptet(options.fake)
  const { fake } = bed
  let app: TestApp['app'] | undefined
  const front = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (!app) return res.writeHead(503).end()
      app
        .inject({
          method: req.method as 'GET',
          url: req.url ?? '/',
          headers: req.headers as IncomingHttpHeaders & Record<string, string>,
          ...(chunks.length ? { payload: Buffer.concat(chunks) } : {}),
        })
        .then(
          (r) => {
            res.writeHead(r.statusCode, r.headers as Record<string, string>)
            res.end(r.rawPayload)
          },
          () => res.writeHead(500).end(),
        )
    })
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()))
  const publicUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`
  // Every log line the app writes, so tests can prove no token or key is ever logged.
  const logs: string[] = []
  const env = { ...shoptetEnv(bed), PUBLIC_URL: publicUrl, ...options.env }
  const t = await createTestApp({ logStream: { write: (line: string) => void logs.push(line) }, env })
  app = t.app
  fake.settings.installUrl = `${publicUrl}/api/shoptet/install`

  /** Creates a shop in the fake (no products unless given) and installs the add-on in it. */
  async function installShop(input: FakeShopInput = {}) {
    const shop = fake.createShop({ products: [], ...input })
    const result = await fake.install(shop.eshopId)
    if (!result.ok) throw new Error(`install failed: ${JSON.stringify(result)}`)
    return { ...(await installed(shop.eshopId)), shop }
  }

  /** Our connection of a Shoptet shop and its activation link as an admin reads it. */
  async function installed(shoptetEshopId: number) {
    const [row] = await t.db.select().from(eshops).where(eq(eshops.shoptetEshopId, shoptetEshopId))
    if (!row) throw new Error(`no connection for shop ${shoptetEshopId}`)
    const auth = await (await t.asAdmin()).get(`/api/settings/eshops/${row.id}/auth`)
    const link: string | null = auth.body.activationLink
    const [syslang = '', username = '', key = ''] = link ? link.split('/').slice(-3) : []
    return {
      shoptetEshopId,
      eshopId: row.id,
      businessclientId: row.businessclientId,
      link,
      syslang,
      username: decodeURIComponent(username),
      key,
    }
  }

  /** Installs and activates a shop: its user's session (token, api) and the connection. */
  async function activatedShop(input: FakeShopInput = {}, password = 'Activated-pass-123') {
    const shop = await installShop(input)
    const res = await t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password,
      syslang: shop.syslang,
    })
    if (res.status !== 200) throw new Error(`activation → ${res.status} ${JSON.stringify(res.body)}`)
    return { ...shop, token: res.body.token as string, api: t.as(res.body.token) }
  }

  return {
    t,
    fake,
    publicUrl,
    logs,
    installShop,
    installed,
    activatedShop,
    /** A second API process on the same database and Shoptet (its own in-process limits and caches). */
    anotherProcess: () => createTestApp({ database: t.database, env }),
    async close() {
      await t.close()
      await bed.close()
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
    },
  }
}
export type ShoptetTestApp = Awaited<ReturnType<typeof createShoptetTestApp>>
