import { issueDeadlineState } from '@expedo/domain'
import { Tag } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/components/date-text'

/** Past the deadline red, within BILL_DEADLINE_NEAR_DAYS of it orange, else plain. */
const colors = { overdue: 'red', soon: 'orange', intime: 'default' } as const

/**
 * The issuing deadline of an unlocked bill (FINANCE.md "Deadline": its period's end plus the issuer country's
 * days): "Issue by 15.11.2026", or "Overdue: issue by …" in red once it has passed. Nothing for a locked bill
 * or a credit note.
 */
export function BillDeadlineTag({ issueBy, locked }: { issueBy: string | null; locked: boolean }) {
  const { t } = useTranslation('bills')
  if (locked || issueBy === null) return null
  const state = issueDeadlineState(issueBy, dayjs().format('YYYY-MM-DD'))
  const date = formatDate(issueBy, 'DD.MM.YYYY')
  return (
    <Tag color={colors[state]} style={{ whiteSpace: 'normal' }}>
      {state === 'overdue' ? t('deadline.overdue', { date }) : t('deadline.issueBy', { date })}
    </Tag>
  )
}
