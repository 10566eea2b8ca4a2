import type { Currency } from '@expedo/domain'
import { App, Button, Checkbox, Descriptions, Form, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { BusinessClientSelect } from '@/components/business-client-select'
import { CurrencySelect } from '@/components/currency-select'
import { Money } from '@/components/money'
import { useCreateTransfer, useTransferPreview } from '../api/cod-api'

/**
 * Finance: pick a business client and a currency, see the collected COD (orders and amount) a transfer
 * would take, and confirm; the new transfer opens.
 */
export function NewTransferButton({ businessclient }: { businessclient?: string }) {
  const { t } = useTranslation('cod')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [client, setClient] = useState<string | undefined>(businessclient)
  const [currency, setCurrency] = useState<Currency | undefined>('CZK')
  const [netBills, setNetBills] = useState(false)
  const preview = useTransferPreview(open ? client : undefined, currency)
  const create = useCreateTransfer()
  const count = preview.data?.ordersCount ?? 0
  const handleCreate = async () => {
    if (!client || !currency) return
    // A refused call is shown at the top by the mutation's handler; the modal stays open.
    const transfer = await create
      .mutateAsync({ businessclient: client, currency, netBills })
      .catch(() => null)
    if (!transfer) return
    setOpen(false)
    void message.success(t('create.done', { number: transfer.tranfferNr }))
    void navigate(`/transfers/${transfer._id}`)
  }
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('list.newTransfer')}
      </Button>
      <Modal
        open={open}
        title={t('create.title')}
        okText={t('create.confirm')}
        okButtonProps={{ disabled: !client || !currency || count === 0 }}
        confirmLoading={create.isPending}
        onOk={handleCreate}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('create.client')} htmlFor="cod-new-client">
            <BusinessClientSelect
              id="cod-new-client"
              aria-label={t('create.client')}
              placeholder={t('create.client')}
              value={client}
              onChange={(value) => setClient(value ?? undefined)}
            />
          </Form.Item>
          <Form.Item label={t('create.currency')} htmlFor="cod-new-currency">
            <CurrencySelect
              id="cod-new-currency"
              aria-label={t('create.currency')}
              value={currency}
              onChange={(value) => setCurrency(typeof value === 'string' ? (value as Currency) : undefined)}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={netBills} onChange={(e) => setNetBills(e.target.checked)}>
              {t('create.netBills')}
            </Checkbox>
          </Form.Item>
        </Form>
        {client &&
          currency &&
          preview.data &&
          (count > 0 ? (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('create.orders')}>{count}</Descriptions.Item>
              <Descriptions.Item label={t('create.collected')}>
                <Money amount={preview.data.amount} currency={preview.data.currency} />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('create.nothing')}</Typography.Text>
          ))}
      </Modal>
    </>
  )
}
