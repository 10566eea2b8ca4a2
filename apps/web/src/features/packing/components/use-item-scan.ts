import { type PackingSession, packScan } from '@expedo/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { packingKeys, usePacking } from '../api/packing-api'
import { packingErrorText } from './packing-error'

type Say = (kind: 'ok' | 'error', text: string) => void

/**
 * An item scanned at the station, answered at once: the domain's packScan against what the screen holds
 * refuses a wrong item or one too many without a call; a match shows in its line straight away and is sent
 * (the server checks again). Scans follow each other faster than answers come back, so each is counted on
 * top of the last one shown, and the server's session replaces the screen's once no scan is on its way.
 */
export function useItemScan(id: string, say: Say, onLine: (index: number) => void) {
  const { t } = useTranslation('packing')
  const queryClient = useQueryClient()
  const { scan } = usePacking()
  const inFlight = useRef(0)
  const key = packingKeys.detail(id)

  const handleScan = (text: string) => {
    const session = queryClient.getQueryData<PackingSession>(key)
    if (!session) return
    const { lines } = session
    const result = packScan(
      lines,
      lines.map((line) => line.packed),
      text,
    )
    if (result.kind === 'wrongItem')
      return say(
        'error',
        /^[OW]-\d/i.test(text)
          ? t('feedback.otherOrder', { scanned: text })
          : t('feedback.wrongItem', { scanned: text }),
      )
    if (result.kind === 'tooMany')
      return say('error', t('feedback.tooMany', { quantity: result.quantity, sku: lines[result.index]!.sku }))
    const line = lines[result.index]!
    queryClient.setQueryData<PackingSession>(key, {
      ...session,
      lines: lines.map((l, i) => (i === result.index ? { ...l, packed: result.packed } : l)),
      complete: result.complete,
    })
    onLine(result.index)
    say(
      'ok',
      result.complete
        ? t('feedback.complete')
        : t('feedback.packedItem', { sku: line.sku, packed: result.packed, quantity: line.quantity }),
    )
    inFlight.current += 1
    // mutateAsync: mutate's own callbacks would answer only the last of several scans on their way.
    scan.mutateAsync({ id, code: text }).then(
      (answer) => {
        inFlight.current -= 1
        if (inFlight.current === 0) queryClient.setQueryData(key, answer.session)
      },
      (error: unknown) => {
        inFlight.current -= 1
        say('error', packingErrorText(error))
        void queryClient.invalidateQueries({ queryKey: key })
      },
    )
  } // The last scan's answer may still change the counts: Packed waits for it.
  return { handleScan, isSending: scan.isPending }
}
