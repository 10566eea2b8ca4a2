import { PrinterOutlined } from '@ant-design/icons'
import { endpoints, waveCode } from '@expedo/domain'
import { Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '@/components/download-file'
import { fetchFile } from '@/lib/download-export'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'

/** The wave's pick list as a PDF (by location in pick-path order, with the slots), in the user's language. */
export function PickListButton({ wave }: { wave: { _id: string; number: number } }) {
  const { t } = useTranslation('waves')
  const [busy, setBusy] = useState(false)
  const print = async () => {
    setBusy(true)
    try {
      const { blob, filename } = await fetchFile(
        endpoints.waves.pickList,
        { params: { id: wave._id } },
        undefined,
        `pick-list-${waveCode(wave.number)}.pdf`,
      )
      downloadFile(blob, filename)
    } catch (error) {
      notificationsStore.push('error', errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button icon={<PrinterOutlined />} loading={busy} onClick={() => void print()}>
      {t('detail.pickList')}
    </Button>
  )
}
