import { PrinterOutlined } from '@ant-design/icons'
import { endpoints } from '@expedo/domain'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDownload } from '@/components/use-download'
import { fetchFile } from '@/lib/download-export'

export interface PrintLabelsButtonProps {
  warehouse: string
  /** Only codes starting with this (the list's search). */
  search: string
}

/** Code 128 labels of the listed locations as a PDF: an A4 label sheet, or 100 × 150 mm thermal labels. */
export function PrintLabelsButton({ warehouse, search }: PrintLabelsButtonProps) {
  const { t } = useTranslation('locations')
  const { busy, download } = useDownload()
  const print = (format: 'a4' | 'thermal') =>
    download(() =>
      fetchFile(
        endpoints.locations.labels,
        { query: { warehouse, format, search: search || undefined } },
        undefined,
        `locations-${format}.pdf`,
      ),
    )
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
