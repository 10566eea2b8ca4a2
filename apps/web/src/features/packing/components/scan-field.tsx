import { BarcodeOutlined } from '@ant-design/icons'
import { Input, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CameraScanButton } from '@/components/scan/camera-scan'

/**
 * The big scan prompt: what to scan now, a field to type a code into (a scanner may type into it too), and
 * the camera on phones. Scans anywhere else on the page reach the screen through its burst listener.
 */
export function ScanField({ prompt, onScan }: { prompt: string; onScan: (text: string) => void }) {
  const { t } = useTranslation('packing')
  const [typed, setTyped] = useState('')
  const send = (text: string) => {
    setTyped('')
    onScan(text)
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div data-testid="packing-prompt" style={{ fontSize: 22, fontWeight: 700 }}>
        <BarcodeOutlined aria-hidden style={{ marginRight: 8 }} />
        {prompt}
      </div>
      <Input
        size="large"
        aria-label={t('manual')}
        placeholder={t('manual')}
        value={typed}
        autoFocus
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => send(typed)}
      />
      <CameraScanButton onScan={onScan} />
    </Space>
  )
}
