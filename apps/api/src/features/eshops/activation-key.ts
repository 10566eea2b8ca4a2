import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * The one-time activation key of an install: only its SHA-256 is looked up; the link that carries it is kept
 * sealed (AES-256-GCM, key derived from JWT_SECRET) so that staff can hand it over, never in plain text.
 */
export const newActivationKey = () => randomBytes(24).toString('base64url')
export const activationKeyHash = (key: string) => createHash('sha256').update(key).digest('hex')

// Development and tests run without JWT_SECRET; production requires it (config/env.ts).
const DEV_SECRET = 'expedo-development-activation-secret'
const keyOf = (secret: string | undefined) =>
  createHash('sha256')
    .update(`expedo-shoptet-activation\n${secret ?? DEV_SECRET}`)
    .digest()

export function seal(text: string, secret: string | undefined): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

/** The sealed text, or null when it was sealed with another secret or tampered with. */
export function unseal(sealed: string, secret: string | undefined): string | null {
  try {
    const [iv = '', tag = '', body = ''] = sealed.split('.')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** `/shoptet/newinstall/activation/{syslang}/{username}/{activationkey}` (spec §2 routes). */
export const activationPath = (syslang: string, username: string, key: string) =>
  `/shoptet/newinstall/activation/${syslang}/${encodeURIComponent(username)}/${key}`
