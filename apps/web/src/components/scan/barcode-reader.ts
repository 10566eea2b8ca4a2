/**
 * Reads the floor's codes from the camera's picture: the browser's BarcodeDetector where it has one (Chrome on
 * Android, Safari 17+…), else ZXing (the C++ reader compiled to WebAssembly, zxing-wasm), loaded on first use
 * from the app's own files, so desktop Chrome and Firefox on Linux or Windows scan too.
 */

/** The symbologies of the floor's labels and goods (issue 25): Code 128, EAN-13, EAN-8, UPC-A and QR. */
export const CAMERA_FORMATS = ['code_128', 'ean_13', 'ean_8', 'upc_a', 'qr_code']
/** The same symbologies in ZXing's names. */
const ZXING_FORMATS = ['Code128', 'EAN13', 'EAN8', 'UPCA', 'QRCode'] as const

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike

/** The browser's BarcodeDetector, when it has one. */
function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
}

/** Whether this browser can scan with the camera: a camera API, and a BarcodeDetector or WebAssembly. */
export function canScanWithCamera(): boolean {
  const camera = typeof navigator.mediaDevices?.getUserMedia === 'function'
  return camera && (Boolean(detectorClass()) || typeof WebAssembly === 'object')
}

/** One look at the video's current picture: the first code in it, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>

/** The reader this browser has: its own detector, or ZXing's (its module fetched the first time). */
export async function createFrameReader(): Promise<FrameReader> {
  const Detector = detectorClass()
  if (Detector) {
    const detector = new Detector({ formats: CAMERA_FORMATS })
    return async (video) => (await detector.detect(video))[0]?.rawValue || null
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ])
  await prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
    },
    fireImmediately: true,
  })
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video
    if (!context || !width || !height) return null
    canvas.width = width
    canvas.height = height
    context.drawImage(video, 0, 0, width, height)
    const [found] = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: [...ZXING_FORMATS],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    })
    return found?.isValid && found.text ? found.text : null
  }
}
