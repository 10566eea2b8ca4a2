/** What a scan got: done (green) or refused (red), in words the person scanning reads at arm's length. */
export type ScanAnswer = { kind: 'ok' | 'error'; text: string } | null

const backgrounds = { ok: '#f6ffed', error: '#fff1f0' }

/**
 * The answer to the last scan on a floor screen (picking, packing, handover): a live region read out at once,
 * its colour saying done or refused (the sound is scan-feedback's beep). Empty before the first scan.
 */
export function ScanAnswerBox({ answer, testId }: { answer: ScanAnswer; testId: string }) {
  return (
    <div
      data-testid={testId}
      data-kind={answer?.kind ?? ''}
      role="status"
      aria-live="assertive"
      style={{
        minHeight: 44,
        padding: '8px 12px',
        borderRadius: 8,
        fontSize: 18,
        fontWeight: 600,
        background: answer ? backgrounds[answer.kind] : undefined,
        color: answer?.kind === 'error' ? '#a8071a' : undefined,
      }}
    >
      {answer?.text}
    </div>
  )
}
