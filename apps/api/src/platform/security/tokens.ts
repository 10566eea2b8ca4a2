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

export function createTokenService(secret: string | undefined, ttlHours: number): TokenService {
  // Without a configured secret (development, demo, tests) a random one: tokens die with the process.
  const key = new TextEncoder().encode(secret ?? randomBytes(48).toString('base64'))
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER })
        const parsed = TokenClaimsSchema.safeParse(payload)
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
  }
}
