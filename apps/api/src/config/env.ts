import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
// The API's short messages ("PORT: must be a number"), set here too: the start checks the configuration
// before anything else of the domain is imported.
import '@expedo/domain/common/zod-messages'

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** proxy-addr's named ranges, accepted in TRUST_PROXY beside addresses and CIDR blocks. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal'])
const isAddressOrRange = (entry: string) => {
  if (proxyRangeNames.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/**
 * Which X-Forwarded-* headers to believe: none by default (the app listens directly, and a client could
 * otherwise choose its own address and slip past the per-address limits), or those set by the proxies at
 * these addresses. A bare hop count is refused: it cannot tell a proxy from a client that connects directly
 * (Fastify no longer honours one either).
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === 'false') return false
    const entries = value.split(',').map((e) => e.trim())
    if (entries.every((e) => e && isAddressOrRange(e))) return entries
    ctx.addIssue({
      code: 'custom',
      message:
        "must be false or a comma-separated list of the proxies' addresses or CIDR blocks, e.g. " +
        '10.0.0.0/8,loopback (loopback, linklocal and uniquelocal name the private ranges)',
    })
    return z.NEVER
  })

/** An http(s) base URL without credentials in it (secrets have their own variables). */
const httpUrl = (example: string) =>
  z
    .url({ message: `must be an http(s) URL such as ${example}` })
    .refine((u) => /^https?:\/\//.test(u), { message: 'must start with http:// or https://' })
    .refine((u) => !new URL(u).username && !new URL(u).password, { message: 'must not carry credentials' })

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .url({ message: 'must be a postgres:// URL' })
    .refine((u) => /^postgres(ql)?:\/\//.test(u), { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional().describe('uploaded files; default <DATA_DIR>/files'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('sign-in/up attempts per IP per minute'),
  TRUST_PROXY: TrustProxySchema.default(false),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(30)
    .describe(
      'longest a request may take to arrive, and a read to be answered (a write answers its outcome)',
    ),
  STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .default(5000)
    .describe('longest one database statement of a read (a list, a search, a detail) may run before 503'),
  LONG_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(300_000)
    .describe(
      'the same for a write (an import, a transfer, a bulk change) or a file answer (an export); 0 = none',
    ),
  DATABASE_POOL_WAIT_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(2000)
    .describe('longest a request waits for a database connection before 503'),
  MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe('requests worked on at once before 503; default DATABASE_POOL_MAX × 4'),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(500)
    .describe('event-loop delay above which requests are shed with 503'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z
    .url({ message: 'must be an http(s) URL such as https://app.expedo.eu' })
    .refine((u) => /^https?:\/\//.test(u), { message: 'must start with http:// or https://' })
    .optional()
    .describe(
      'Where the internet reaches this app (Shoptet calls <PUBLIC_URL>/api/shoptet/install and ' +
        '/api/shoptet/webhooks); default http://127.0.0.1:<PORT> (the local fake reaches it over IPv4)',
    ),
  JOBS_ENABLED: booleanFlag.default(true),
  DASHBOARD_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(30)
    .describe("How old the home dashboard's figures may be (per API process; 0 = computed on every call)"),
  COD_NOT_PAID_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe('Days a shipped COD order may wait for its courier payout before it is a not-paid mismatch'),
  ECONT_BASE_URL: z
    .url({ message: 'must be an http(s) URL such as https://ee.econt.com/services' })
    .refine((u) => /^https?:\/\//.test(u), { message: 'must start with http:// or https://' })
    .refine((u) => !new URL(u).username && !new URL(u).password, {
      message: 'must not carry credentials: use ECONT_USERNAME and ECONT_PASSWORD',
    })
    .optional()
    .describe("Econt's JSON API; unset outside production = the local fake, in production = no offices"),
  ECONT_USERNAME: z.string().optional(),
  ECONT_PASSWORD: z.string().optional(),
  ECONT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  ECONT_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(3600)
    .describe('how long an offices list is reused; 0 = ask Econt every time'),
  PACKETA_BASE_URL: httpUrl('https://www.zasilkovna.cz/api/rest')
    .optional()
    .describe("Packeta's REST/XML API; unset outside production = the local fake, in production = no labels"),
  PACKETA_API_PASSWORD: z.string().trim().min(1).optional(),
  PACKETA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PACKETA_FAKE_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe(
      'port of the local Packeta fake (without PACKETA_BASE_URL, outside production); 0 = a free one',
    ),
  GLS_BASE_URL: httpUrl('https://api.mygls.cz/ParcelService.svc/json')
    .optional()
    .describe("GLS's MyGLS JSON API of the account's country; unset outside production = the local fake"),
  GLS_USERNAME: z.string().trim().min(1).optional(),
  GLS_PASSWORD: z.string().optional(),
  GLS_CLIENT_NUMBER: z.coerce.number().int().min(1).optional(),
  GLS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SHOPTET_API_URL: httpUrl('https://api.myshoptet.com')
    .optional()
    .describe("Shoptet's REST API (without /api); unset outside production = the local fake"),
  SHOPTET_OAUTH_URL: httpUrl('https://12345.myshoptet.com/action/ApiOAuthServer')
    .optional()
    .describe("the partner shop's OAuth server, as shown in Shoptet's partner admin"),
  SHOPTET_CLIENT_ID: z.string().trim().min(1).optional(),
  SHOPTET_CLIENT_SECRET: z.string().optional(),
  SHOPTET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SHOPTET_FAKE_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('port of the local Shoptet fake (without SHOPTET_API_URL, outside production); 0 = a free one'),
})

/** Fastify's trustProxy: false, or the trusted proxies' addresses and ranges. */
export type TrustProxy = false | string[]

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  filesDir: string
  poolMax: number
  jwtSecret: string | undefined
  jwtTtlHours: number
  seedDemo: boolean
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  authRateLimit: number
  trustProxy: TrustProxy
  requestTimeoutMs: number
  /** statement_timeout of a request's statements (ms): reads, and writes or file answers (0 = none). */
  statementTimeoutMs: { read: number; long: number }
  poolWaitMs: number
  /** undefined: four per database connection. */
  maxInFlight: number | undefined
  maxEventLoopDelayMs: number
  webDist: string | undefined
  /** The app's public base URL, without a trailing slash (the Shoptet add-on's install and webhook URLs). */
  publicUrl: string
  jobsEnabled: boolean
  /** The home dashboard's figures are kept this long (seconds) per tenant scope; 0 = not kept. */
  dashboardCacheSeconds: number
  /** Days a shipped COD order may wait for its payout before the daily check queues it as not paid. */
  codNotPaidDays: number
  econt: EcontConfig
  packeta: PacketaConfig
  gls: GlsConfig
  shoptet: ShoptetEnvConfig
}

/** Packeta's REST/XML API (docs/couriers.md §2): without a base URL, development and tests use the local fake. */
export interface PacketaConfig {
  baseUrl: string | undefined
  apiPassword: string | undefined
  timeoutMs: number
  /** The local fake's port when it is started (0: a free one). */
  fakePort: number
}

/** GLS's MyGLS API (docs/couriers.md §3): without a base URL, development and tests use the local fake. */
export interface GlsConfig {
  baseUrl: string | undefined
  username: string | undefined
  password: string | undefined
  clientNumber: number | undefined
  timeoutMs: number
}

/**
 * The Shoptet add-on's partner settings (docs/integrations/shoptet.md §8). Without the URLs, development
 * and tests use the local fake (dev/fakes/shoptet), which fills them in; in production nothing works
 * without them (shoptetClientConfig answers undefined).
 */
export interface ShoptetEnvConfig {
  apiUrl: string | undefined
  oauthUrl: string | undefined
  clientId: string | undefined
  clientSecret: string | undefined
  timeoutMs: number
  /** Port of the local fake started when apiUrl is unset outside production (0 = a free one): browser tests reach its control endpoints there. */
  fakePort: number
}

/** Econt's API (docs/couriers.md): without a base URL, development and tests use the local fake. */
export interface EcontConfig {
  baseUrl: string | undefined
  username: string | undefined
  password: string | undefined
  timeoutMs: number
  cacheSeconds: number
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in .env files and compose files.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: is required in production (at least 32 characters)',
    )
  }
  if ((e.ECONT_USERNAME === undefined) !== (e.ECONT_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  ECONT_USERNAME: set both ECONT_USERNAME and ECONT_PASSWORD, or neither',
    )
  }
  if (e.PACKETA_BASE_URL && !e.PACKETA_API_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  PACKETA_API_PASSWORD: is required with PACKETA_BASE_URL')
  }
  const glsMissing = [
    ['GLS_USERNAME', e.GLS_USERNAME],
    ['GLS_PASSWORD', e.GLS_PASSWORD],
    ['GLS_CLIENT_NUMBER', e.GLS_CLIENT_NUMBER],
  ].find(([, v]) => v === undefined)
  if (e.GLS_BASE_URL && glsMissing) {
    throw new ConfigError(`Invalid configuration:\n  ${glsMissing[0]}: is required with GLS_BASE_URL`)
  }
  const shoptetSet = [e.SHOPTET_API_URL, e.SHOPTET_OAUTH_URL, e.SHOPTET_CLIENT_ID].filter(Boolean).length
  if (shoptetSet !== 0 && shoptetSet !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  SHOPTET_API_URL: set SHOPTET_API_URL, SHOPTET_OAUTH_URL and SHOPTET_CLIENT_ID together, or none',
    )
  }
  // Shoptet calls the add-on back (the install URL, the webhooks): a production add-on must name where the
  // internet reaches it, never the local default, nor a plain-HTTP address that carries its OAuth code.
  if (e.NODE_ENV === 'production' && shoptetSet === 3) {
    if (!e.PUBLIC_URL) {
      throw new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL: is required in production when Shoptet is configured (Shoptet calls <PUBLIC_URL>/api/shoptet/install and /api/shoptet/webhooks)',
      )
    }
    if (!e.PUBLIC_URL.startsWith('https://')) {
      throw new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL: must be an https:// URL in production when Shoptet is configured',
      )
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    poolMax: e.DATABASE_POOL_MAX,
    jwtSecret: e.JWT_SECRET,
    jwtTtlHours: e.JWT_TTL_HOURS,
    // Demo data only where nobody asked for production: never seeded into a real deployment by accident.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    statementTimeoutMs: { read: e.STATEMENT_TIMEOUT_MS, long: e.LONG_STATEMENT_TIMEOUT_MS },
    poolWaitMs: e.DATABASE_POOL_WAIT_MS,
    maxInFlight: e.MAX_IN_FLIGHT,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    webDist: e.WEB_DIST,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    jobsEnabled: e.JOBS_ENABLED,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    codNotPaidDays: e.COD_NOT_PAID_DAYS,
    econt: {
      baseUrl: e.ECONT_BASE_URL?.replace(/\/+$/, ''),
      username: e.ECONT_USERNAME,
      password: e.ECONT_PASSWORD,
      timeoutMs: e.ECONT_TIMEOUT_MS,
      cacheSeconds: e.ECONT_CACHE_SECONDS,
    },
    packeta: {
      baseUrl: e.PACKETA_BASE_URL?.replace(/\/+$/, ''),
      apiPassword: e.PACKETA_API_PASSWORD,
      timeoutMs: e.PACKETA_TIMEOUT_MS,
      fakePort: e.PACKETA_FAKE_PORT,
    },
    gls: {
      baseUrl: e.GLS_BASE_URL?.replace(/\/+$/, ''),
      username: e.GLS_USERNAME,
      password: e.GLS_PASSWORD,
      clientNumber: e.GLS_CLIENT_NUMBER,
      timeoutMs: e.GLS_TIMEOUT_MS,
    },
    shoptet: {
      apiUrl: e.SHOPTET_API_URL?.replace(/\/+$/, ''),
      oauthUrl: e.SHOPTET_OAUTH_URL?.replace(/\/+$/, ''),
      clientId: e.SHOPTET_CLIENT_ID,
      clientSecret: e.SHOPTET_CLIENT_SECRET,
      timeoutMs: e.SHOPTET_TIMEOUT_MS,
      fakePort: e.SHOPTET_FAKE_PORT,
    },
  }
}
