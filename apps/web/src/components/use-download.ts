import { useState } from 'react'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { downloadFile } from './download-file'

/**
 * A file the server makes on request (labels, a pick list), fetched with the session and saved under its name:
 * `busy` while it runs, a refusal as an error notification.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false)
  const download = async (get: () => Promise<{ blob: Blob; filename: string }>) => {
    setBusy(true)
    try {
      const { blob, filename } = await get()
      downloadFile(blob, filename)
    } catch (error) {
      notificationsStore.push('error', errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return { busy, download }
}
