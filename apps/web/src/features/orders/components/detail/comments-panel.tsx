import { COMMENT_MAX_CHARS } from '@expedo/domain'
import { Button, Card, Empty, Flex, Input, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { useAddOrderComment, useOrderComments } from '../../api/order-detail-api'

/** Comments of the order (text, user, date), oldest first, and a box to add one (Add needs some text). */
export function CommentsPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation('order-detail')
  const comments = useOrderComments(orderId)
  const add = useAddOrderComment(orderId)
  const [text, setText] = useState('')
  const isEmpty = text.trim() === ''
  const handleAdd = () =>
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
    })
  return (
    <Card size="small" title={t('comments.title')}>
      <Flex vertical gap="middle">
        <Spin spinning={comments.isLoading}>
          {(comments.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />
          ) : (
            <ul aria-label={t('comments.title')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {(comments.data ?? []).map((c) => (
                <li key={c._id} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
                  <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.text}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.user.username} · <DateText value={c.createdAt} format="DD-MM-YY HH:mm" />
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Spin>
        <Input.TextArea
          aria-label={t('comments.new')}
          placeholder={t('comments.placeholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={COMMENT_MAX_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Flex justify="flex-end">
          <Button type="primary" disabled={isEmpty} loading={add.isPending} onClick={handleAdd}>
            {t('comments.add')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  )
}
