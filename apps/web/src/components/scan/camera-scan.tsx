import { CameraOutlined } from '@ant-design/icons'
import { Alert, Button, Modal } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canScanWithCamera, createFrameReader } from './barcode-reader'

export { CAMERA_FORMATS, canScanWithCamera } from './barcode-reader'

/**
 * "Scan with the camera" for phones without a hardware scanner: the back camera's picture, read a few times a
 * second (the browser's BarcodeDetector, or ZXing where it has none: barcode-reader.ts); the first code read is handed to `onScan` (the same path
 * as a scanner's burst) and the camera stops. Not shown where the browser has no camera API.
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
    const reader = createFrameReader()
    const look = async () => {
      if (stopped || !video.current) return
      try {
        const found = await (await reader)(video.current)
        if (found && !stopped) return handler.current(found)
      } catch {
        // A frame not ready yet: the next look reads the next one.
      }
      timer = setTimeout(() => void look(), 150)
    }
    reader.catch(() => setFailed(true))
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
