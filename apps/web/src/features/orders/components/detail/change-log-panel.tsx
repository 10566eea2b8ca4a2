import type { Order } from '@expedo/domain'
import { Card, Timeline, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'

/** Change logs (what, who, when), newest first; 'Nothing' when the order has none. */
export function ChangeLogPanel({ logs }: { logs: Order['changeLogs'] }) {
  const { t } = useTranslation('order-detail')
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
                <div style={{ overflowWrap: 'anywhere' }}>{log.what}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {log.who.username} · <DateText value={log.when} format="DD-MM-YY HH:mm" />
                </Typography.Text>
              </>
            ),
          }))}
        />
      )}
    </Card>
  )
}
