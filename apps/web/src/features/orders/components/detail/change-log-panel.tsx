import type { Order } from '@expedo/domain'
import { Card, Timeline, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { useChangeLogText } from './use-change-log-text'

/** Change logs (what, who, when) in the reader's language, newest first; 'Nothing' when the order has none. */
export function ChangeLogPanel({ logs }: { logs: Order['changeLogs'] }) {
  const { t } = useTranslation('order-detail')
  const text = useChangeLogText()
  return (
    <Card size="small" title={t('changeLogs.title')}>
      {logs.length === 0 ? (
        <Typography.Text type="secondary">{t('changeLogs.empty')}</Typography.Text>
      ) : (
        <Timeline
          items={[...logs].reverse().map((log) => ({
            key: `${log.when}-${log.who.username}-${log.what}`,
            content: (
              <>
                <div style={{ overflowWrap: 'anywhere' }}>{text.what(log)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {text.who(log)} · <DateText value={log.when} format="DD-MM-YY HH:mm" />
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Card>
  )
}
