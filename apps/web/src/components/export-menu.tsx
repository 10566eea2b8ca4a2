import { DownloadOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type ExportJob, useExportRunner } from './export-button'

export interface ExportMenuItem {
  key: string
  label: ReactNode
  onExport: ExportJob
}

export interface ExportMenuProps {
  items: readonly ExportMenuItem[]
  /** The button text; default 'Export to Excel'. */
  children?: ReactNode
}

/** A button with a menu of exports (e.g. Per Product line, Per Order line); each runs in the export popup. */
export function ExportMenu({ items, children }: ExportMenuProps) {
  const { t } = useTranslation('components')
  const exporter = useExportRunner()
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: items.map((item) => ({ key: item.key, label: item.label })),
          onClick: ({ key }) => {
            const item = items.find((i) => i.key === key)
            if (item) void exporter.run(item.onExport)
          },
        }}
      >
        <Button icon={<DownloadOutlined />} loading={exporter.running}>
          {children ?? t('export.button')}
        </Button>
      </Dropdown>
      {exporter.popup}
    </>
  )
}
