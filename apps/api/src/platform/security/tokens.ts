import { randomBytes } from 'node:crypto'
import { type TokenClaims, TokenClaimsSchema } from '@expedo/domain'
import { jwtVerify, SignJWT } from 'jose'

export interface TokenService {
  sign(claims: Omit<TokenClaims, 'exp'>): Promise<string>
  /** The claims of a valid token, or null for a missing, forged, expired or malformed one. */
  verify(token: string): Promise<TokenClaims | null>
}

const ALG = 'HS256'
const ISSUER = 'expedo'
/** Tokens whose signature was checked, kept so a session's next calls skip the HMAC (a few hundred users). */
const VERIFIED_MAX = 5_000

export function createTokenService(secret: string | undefined, ttlHours: number): TokenService {
  // Without a configured secret (development, demo, tests) a random one: tokens die with the process.
  const key = new TextEncoder().encode(secret ?? randomBytes(48).toString('base64'))
  // token → its claims, once verified. Only the exact token string hits; its expiry is checked on every use;
  // a disabled user or a changed role is caught by the auth context, read from the database on each call.
  const verified = new Map<string, TokenClaims>()
  return {
    async sign({ sub, ...claims }) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlHours}h`)
        .sign(key)
    },
    async verify(token) {
      const known = verified.get(token)
      if (known) {
        if (known.exp * 1000 > Date.now()) return known
        verified.delete(token)
        return null
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER })
        const parsed = TokenClaimsSchema.safeParse(payload)
        if (!parsed.success) return null
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!)
        verified.set(token, parsed.data)
        return parsed.data
      } catch {
        return null
      }
    },
  }
}
