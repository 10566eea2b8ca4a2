import * as jsqr from 'jsqr'
import { PNG } from 'pngjs'

// Test helper. jsqr is a CommonJS bundle whose types declare an ES default export: under NodeNext the
// default import types as the namespace, so take the function from whichever shape loaded.
type ReadQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const loaded = jsqr as unknown as { default: ReadQr | { default: ReadQr } }
const readQr: ReadQr = typeof loaded.default === 'function' ? loaded.default : loaded.default.default

/** The text of the QR code in a PNG image, or null when none is found. */
export function readQrFromPng(png: Buffer): string | null {
  const image = PNG.sync.read(png)
  return readQr(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null
}
