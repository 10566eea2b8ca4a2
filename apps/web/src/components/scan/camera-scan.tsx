import { CameraOutlined } from '@ant-design/icons'
import { Alert, Button, Modal } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** The symbologies of the floor's labels and goods (issue 25): Code 128, EAN-13, EAN-8, UPC-A and QR. */
export const CAMERA_FORMATS = ['code_128', 'ean_13', 'ean_8', 'upc_a', 'qr_code']

interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike

/** The browser's BarcodeDetector (Chrome on Android, Safari 17+…), when it has one. */
function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
}

/** Whether this browser can scan with the camera (a BarcodeDetector and a camera API). */
export function canScanWithCamera(): boolean {
  return Boolean(detectorClass() && navigator.mediaDevices?.getUserMedia)
}

/**
 * "Scan with the camera" for phones without a hardware scanner: the back camera's picture, read by the
 * browser's BarcodeDetector a few times a second; the first code read is handed to `onScan` (the same path
 * as a scanner's burst) and the camera stops. Not shown where the browser cannot read barcodes.
 */
export function CameraScanButton({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation('components')
  const [open, setOpen] = useState(false)
  if (!canScanWithCamera()) return null
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOpen(true)} block>
        {t('camera.open')}
      </Button>
      {open && (
        <CameraScanModal
          onClose={() => setOpen(false)}
          onScan={(text) => {
            setOpen(false)
            onScan(text)
          }}
        />
      )}
    </>
  )
}

function CameraScanModal({ onScan, onClose }: { onScan: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation('components')
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)
  const handler = useRef(onScan)
  handler.current = onScan

  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const Detector = detectorClass()!
    const detector = new Detector({ formats: CAMERA_FORMATS })
    const look = async () => {
      if (stopped || !video.current) return
      try {
        const [found] = await detector.detect(video.current)
        if (found?.rawValue && !stopped) return handler.current(found.rawValue)
      } catch {
        // A frame not ready yet: the next look reads the next one.
      }
      timer = setTimeout(() => void look(), 150)
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s
        if (stopped || !video.current) return
        video.current.srcObject = s
        await video.current.play().catch(() => undefined)
        void look()
      })
      .catch(() => setFailed(true))
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])

  return (
    <Modal open title={t('camera.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {failed ? (
        <Alert type="error" showIcon message={t('camera.failed')} />
      ) : (
        <video
          ref={video}
          data-testid="camera-video"
          muted
          playsInline
          aria-label={t('camera.title')}
          style={{ width: '100%', borderRadius: 8, background: '#000' }}
        />
      )}
    </Modal>
  )
}
