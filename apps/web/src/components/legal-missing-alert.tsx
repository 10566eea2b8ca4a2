import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * What a tax document lacks under its issuer country's law (the API's `legalMissing` keys, FINANCE.md
 * "Legal content per issuer country"), and — while it can still be issued — what to complete first.
 * Nothing when complete. Used by invoices and provider bills alike.
 */
export function LegalMissingAlert({
  missing,
  blocked,
}: {
  missing: string[]
  /** The document is not issued yet: the server refuses to issue it until this list is empty. */
  blocked?: 'issue' | 'lock'
}) {
  // Its labels are the 'documents' catalogue, preloaded with the document routes (route-table).
  const { t } = useTranslation('documents')
  if (!missing.length) return null
  return (
    <Alert
      type="warning"
      showIcon
      title={t('legal.title')}
      description={
        <>
          {missing
            .map((key) => t(`legal.${key.replace('.', '_')}` as 'legal.title', { defaultValue: key }))
            .join(', ')}
          {blocked && <div>{t(blocked === 'issue' ? 'legal.issueBlocked' : 'legal.lockBlocked')}</div>}
        </>
      }
    />
  )
}
