import { DownloadOutlined } from '@ant-design/icons'
import { Button, type ButtonProps } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message'
import { downloadFile } from './download-file'
import { EXPORT_POPUP_CLOSE_MS, ExportPopup, type ExportStatus } from './export-popup'

/** What an export produces: a file to download, or nothing because no row matched. */
export type ExportResult = { blob: Blob; filename: string } | { empty: true }

/** Prepares an export file; the signal aborts when the user closes the popup before it is ready. */
export type ExportJob = (signal: AbortSignal) => Promise<ExportResult>

/**
 * Runs exports in the export popup: 'Getting data...', the download, 'Finished!' and closing 7 s later,
 * or 'No objects were found for export'. Shared by the export button and export menus; render `popup`.
 */
export function useExportRunner(): {
  run: (job: ExportJob) => Promise<void>
  running: boolean
  popup: ReactNode
} {
  const [status, setStatus] = useState<ExportStatus | null>(null)
  const [error, setError] = useState<string>()
  const running = useRef<AbortController | null>(null)

  const close = () => {
    running.current?.abort()
    running.current = null
    setStatus(null)
  }

  const run = async (job: ExportJob) => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setError(undefined)
    setStatus('loading')
    try {
      const result = await job(controller.signal)
      if (controller.signal.aborted) return
      if ('empty' in result) {
        setStatus('empty')
        return
      }
      downloadFile(result.blob, result.filename)
      setStatus('finished')
    } catch (e) {
      if (controller.signal.aborted) return
      setError(errorMessage(e))
      setStatus('failed')
    } finally {
      if (running.current === controller) running.current = null
    }
  }

  useEffect(() => {
    if (status !== 'finished') return
    const timer = setTimeout(() => setStatus(null), EXPORT_POPUP_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [status])

  // Leaving the screen abandons a running export.
  useEffect(() => () => running.current?.abort(), [])

  return {
    run,
    running: status === 'loading',
    popup: status && <ExportPopup status={status} error={error} onClose={close} />,
  }
}

export interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Prepares the file; the signal aborts when the user closes the popup before it is ready. */
  onExport: ExportJob
  children?: ReactNode
}

/** A button that runs an export in the export popup and downloads the file. */
export function ExportButton({ onExport, children, ...buttonProps }: ExportButtonProps) {
  const { t } = useTranslation('components')
  const exporter = useExportRunner()
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        {...buttonProps}
        loading={exporter.running}
        onClick={() => void exporter.run(onExport)}
      >
        {children ?? t('export.button')}
      </Button>
      {exporter.popup}
    </>
  )
}
