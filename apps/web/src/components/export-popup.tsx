import { CheckCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons'
import { Button, Flex, Modal, Spin, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Where an export stands: preparing the file, downloaded, nothing to export, or failed. */
export type ExportStatus = 'loading' | 'finished' | 'empty' | 'failed'

/** Spec part 2 §9: the popup closes 7 seconds after the download. */
export const EXPORT_POPUP_CLOSE_MS = 7000

export interface ExportPopupProps {
  status: ExportStatus
  /** The reason shown when the export failed. */
  error?: string
  onClose: () => void
}

/** The export popup of the spec: 'Getting data...', then 'Finished!' or 'No objects were found for export'. */
export function ExportPopup({ status, error, onClose }: ExportPopupProps) {
  const { t } = useTranslation('components')
  const body: Record<ExportStatus, ReactNode> = {
    loading: (
      <>
        <Spin aria-hidden />
        <span>{t('export.loading')}</span>
      </>
    ),
    finished: (
      <>
        <CheckCircleFilled aria-hidden style={{ color: '#52c41a', fontSize: 20 }} />
        <span>{t('export.finished')}</span>
      </>
    ),
    empty: (
      <>
        <InfoCircleFilled aria-hidden style={{ color: '#1677ff', fontSize: 20 }} />
        <span>{t('export.empty')}</span>
      </>
    ),
    failed: (
      <>
        <ExclamationCircleFilled aria-hidden style={{ color: '#ff4d4f', fontSize: 20 }} />
        <span>{error ?? t('export.failed')}</span>
      </>
    ),
  }
  return (
    <Modal
      open
      title={t('export.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('export.close')}</Button>}
      width={360}
      centered
    >
      <Flex gap="small" align="center" role="status" aria-live="polite" style={{ minHeight: 48 }}>
        {body[status]}
      </Flex>
      {status === 'finished' && (
        <Typography.Text type="secondary">
          {t('export.closesSoon', { seconds: EXPORT_POPUP_CLOSE_MS / 1000 })}
        </Typography.Text>
      )}
    </Modal>
  )
}
