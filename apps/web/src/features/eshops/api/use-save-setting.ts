import type { EshopUpdateBody } from '@expedo/domain'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { translateReason } from '@/components/server-errors'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateEshop } from './eshops-api'

/** The server's reason for a refused change: its message, and each field's reason after it. */
export function refusalText(error: unknown): string {
  const text = errorMessage(error)
  if (!(error instanceof ApiClientError)) return text
  const reasons = Object.entries(error.details).map(
    ([field, reason]) => `${field.replace(/^body\./, '')}: ${translateReason(reason)}`,
  )
  return reasons.length ? `${text} ${reasons.join('; ')}` : text
}

/**
 * Saves one setting of a connection: 'Updated' (spec part 1 §8) when the server took it, the server's reason
 * in the top notification when it did not (the control moves back). Resolves to whether it was saved.
 */
export function useSaveSetting(id: string) {
  const { t } = useTranslation('eshops')
  const { message } = App.useApp()
  const update = useUpdateEshop(id)
  const save = async (change: EshopUpdateBody): Promise<boolean> => {
    try {
      await update.mutateAsync(change)
      void message.success(t('settings.saved'))
      return true
    } catch (error) {
      if (!(error instanceof ApiClientError && (error.code === 'NETWORK' || error.status === 401))) {
        notificationsStore.push('error', refusalText(error), 8000)
      }
      return false
    }
  }
  return { save, isSaving: update.isPending }
}
