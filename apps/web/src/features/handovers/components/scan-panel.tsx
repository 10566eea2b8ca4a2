import { BarcodeOutlined } from '@ant-design/icons'
import { Input, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CameraScanButton } from '@/components/scan/camera-scan'
import { type ScanAnswer, ScanAnswerBox } from '@/components/scan/scan-answer'

/**
 * The loading dock's scan: what to do, the last answer in colour (read out by screen readers), a field to
 * type or scan an AWB into, and the camera on phones. Scans anywhere else on the page reach the page's burst
 * listener.
 */
export function ScanPanel({ feedback, onScan }: { feedback: ScanAnswer; onScan: (text: string) => void }) {
  const { t } = useTranslation('handovers')
  const [typed, setTyped] = useState('')
  const send = () => {
    const text = typed
    setTyped('')
    onScan(text)
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div style={{ fontSize: 18, fontWeight: 600 }}>
        <BarcodeOutlined aria-hidden style={{ marginRight: 8 }} />
        {t('scan.prompt')}
      </div>
      <ScanAnswerBox answer={feedback} testId="handover-feedback" />
      <Input
        size="large"
        aria-label={t('scan.manual')}
        placeholder={t('scan.manual')}
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={send}
      />
      <CameraScanButton onScan={onScan} />
    </Space>
  )
}
