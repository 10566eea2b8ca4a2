import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header Shoptet signs its webhook deliveries in. */
export const SHOPTET_SIGNATURE_HEADER = 'shoptet-webhook-signature'

/** Shoptet's signature of a webhook body: lowercase hex HMAC-SHA1 of the raw bytes, keyed with the shop's signatureKey (§3.4). */
export function signWebhookBody(rawBody: Buffer | string, signatureKey: string): string {
  return createHmac('sha1', signatureKey).update(rawBody).digest('hex')
}

/**
 * Whether `header` (the Shoptet-Webhook-Signature value) is the signature of the bytes received
 * (never of a re-serialised body), compared in constant time. A missing or malformed header is false.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signatureKey: string,
  header: string | undefined,
): boolean {
  if (!header || !signatureKey) return false
  const given = header.trim().toLowerCase()
  if (!/^[0-9a-f]{40}$/.test(given)) return false
  return timingSafeEqual(
    Buffer.from(given, 'hex'),
    Buffer.from(signWebhookBody(rawBody, signatureKey), 'hex'),
  )
}
