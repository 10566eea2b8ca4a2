import type { CodTransferStatus, Transfer } from '@expedo/domain'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

/** New blue, Sent gold, Paid green. */
export const transferStatusColors: Record<CodTransferStatus, string> = {
  New: 'blue',
  Sent: 'gold',
  Paid: 'green',
}

export function TransferStatusTag({ status }: { status: CodTransferStatus }) {
  const { t } = useTranslation('cod')
  return <Tag color={transferStatusColors[status]}>{t(`status.${status}`)}</Tag>
}

/** The target account in one line: IBAN when there is one, else number/bank code. */
export function bankAccountText(account: Transfer['toBankAccount']): string {
  if (account.IBAN) return account.IBAN
  return account.bankCode ? `${account.accountNr}/${account.bankCode}` : account.accountNr
}
