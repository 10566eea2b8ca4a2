import { FilePdfOutlined } from '@ant-design/icons'
import type { Order } from '@expedo/domain'
import { Card, Empty, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** Print documents: each document's name as a link (e.g. the AWB label). */
export function PrintPanel({ documents }: { documents: Order['print'] }) {
  const { t } = useTranslation('order-detail')
  return (
    <Card size="small" title={t('print.title')}>
      {documents.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('print.empty')} />
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {documents.map((doc) => (
            <li key={`${doc.name}-${doc.url}`} style={{ padding: '4px 0' }}>
              <Typography.Link href={doc.url} target="_blank" rel="noreferrer">
                <FilePdfOutlined aria-hidden /> {doc.name}
              </Typography.Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
