import { PrinterOutlined } from '@ant-design/icons'
import { endpoints } from '@expedo/domain'
import { Button, Dropdown } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadFile } from '@/components/download-file'
import { fetchFile } from '@/lib/download-export'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'

export interface PrintLabelsButtonProps {
  warehouse: string
  /** Only codes starting with this (the list's search). */
  search: string
}

/** Code 128 labels of the listed locations as a PDF: an A4 label sheet, or 100 × 150 mm thermal labels. */
export function PrintLabelsButton({ warehouse, search }: PrintLabelsButtonProps) {
  const { t } = useTranslation('locations')
  const [busy, setBusy] = useState(false)
  const print = async (format: 'a4' | 'thermal') => {
    setBusy(true)
    try {
      const { blob, filename } = await fetchFile(
        endpoints.locations.labels,
        { query: { warehouse, format, search: search || undefined } },
        undefined,
        `locations-${format}.pdf`,
      )
      downloadFile(blob, filename)
    } catch (error) {
      notificationsStore.push('error', errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'a4', label: t('labels.a4') },
          { key: 'thermal', label: t('labels.thermal') },
        ],
        onClick: ({ key }) => void print(key as 'a4' | 'thermal'),
      }}
    >
      <Button icon={<PrinterOutlined />} loading={busy}>
        {t('labels.print')}
      </Button>
    </Dropdown>
  )
}
