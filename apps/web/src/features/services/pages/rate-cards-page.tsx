import {
  type RateCard,
  type RateCardInput,
  type RateCardPriceField,
  rateCardPriceFields,
} from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Alert, Button, DatePicker, Form, Modal, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BusinessClientSelect } from '@/components/business-client-select'
import { ConfirmButton } from '@/components/confirm-button'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { CurrencySelect } from '@/components/currency-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText, PICKER_DATE_FORMAT } from '@/components/date-text'
import { Money } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { PageHeader } from '@/components/page-header'
import { reportFormError } from '@/components/server-errors'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useSession } from '@/lib/session'
import { useDeleteRateCard, useRateCards, useSaveRateCard } from '../api/services-api'

type FormValues = Omit<RateCardInput, 'validFrom' | 'validTo' | 'businessclient'> & {
  businessclient?: string
  validFrom: Dayjs
  validTo?: Dayjs | null
}

const ISO_DAY = 'YYYY-MM-DD'

/**
 * /billing/ratecards: the provider's prices (docs/domain.md "Services and bills"). The default card of each
 * country and the clients' overrides, each valid from a day (to a day or open). Admin adds, edits and
 * deletes; finance reads.
 */
export function RateCardsPage() {
  const { t } = useTranslation('services')
  const { currentUser } = useSession()
  const canWrite = can(currentUser?.roles ?? [], 'rates.write')
  const cards = useRateCards()
  const save = useSaveRateCard()
  const remove = useDeleteRateCard()
  const countryName = useCountryName()
  const [form] = Form.useForm<FormValues>()
  /** The card being edited; null: a new one; undefined: the form is closed. */
  const [editing, setEditing] = useState<RateCard | null | undefined>(undefined)

  const open = (card: RateCard | null) => {
    setEditing(card)
    form.resetFields()
    form.setFieldsValue(
      card
        ? {
            ...card,
            country: card.country as FormValues['country'],
            currency: card.currency as FormValues['currency'],
            businessclient: card.businessclient?._id,
            validFrom: dayjs(card.validFrom),
            validTo: card.validTo ? dayjs(card.validTo) : null,
          }
        : {
            validFrom: dayjs().startOf('month'),
            ...Object.fromEntries(rateCardPriceFields.map((f) => [f, 0])),
          },
    )
  }
  const submit = async (values: FormValues) => {
    const input: RateCardInput = {
      ...values,
      businessclient: values.businessclient ?? null,
      validFrom: values.validFrom.format(ISO_DAY),
      validTo: values.validTo ? values.validTo.format(ISO_DAY) : null,
    }
    try {
      await save.mutateAsync(editing ? { id: editing._id, input } : { input })
      notificationsStore.push('success', t('ratecards.saved'), 3000)
      setEditing(undefined)
    } catch (error) {
      reportFormError(form, error)
    }
  }
  const handleDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id)
      notificationsStore.push('success', t('ratecards.deleted'), 3000)
    } catch (error) {
      notificationsStore.push('error', errorMessage(error), 5000)
      throw error
    }
  }

  const price = (field: RateCardPriceField): DataTableColumn<RateCard> => ({
    key: field,
    title: t(`ratecards.prices.${field}`),
    align: 'right',
    render: (_, c) => <Money amount={c[field]} />,
  })
  const columns: DataTableColumn<RateCard>[] = [
    {
      key: 'owner',
      title: t('ratecards.owner'),
      isCardTitle: true,
      render: (_, c) => c.businessclient?.name ?? <em>{t('ratecards.default')}</em>,
    },
    { key: 'country', title: t('ratecards.country'), render: (_, c) => countryName(c.country) },
    { key: 'currency', title: t('ratecards.currency'), dataIndex: 'currency' },
    {
      key: 'validity',
      title: t('ratecards.validity'),
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DateText value={c.validFrom} format="DD.MM.YYYY" /> –{' '}
          {c.validTo ? <DateText value={c.validTo} format="DD.MM.YYYY" /> : t('ratecards.open')}
        </span>
      ),
    },
    ...rateCardPriceFields.map(price),
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: '',
            render: (_: unknown, c: RateCard) => (
              <Space size="small">
                <Button
                  size="small"
                  onClick={() => open(c)}
                  aria-label={`${t('ratecards.edit')} ${c.businessclient?.name ?? t('ratecards.default')} ${c.country} ${c.validFrom}`}
                >
                  {t('ratecards.edit')}
                </Button>
                <ConfirmButton
                  size="small"
                  confirmTitle={t('ratecards.deleteConfirm')}
                  onConfirm={() => handleDelete(c._id)}
                >
                  {t('ratecards.delete')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      <PageHeader
        title={t('ratecards.title')}
        backTo="/billing/services"
        backLabel={t('list.title')}
        actions={
          canWrite ? (
            <Button type="primary" onClick={() => open(null)}>
              {t('ratecards.add')}
            </Button>
          ) : undefined
        }
      />
      {!canWrite && (
        <Alert type="info" showIcon title={t('ratecards.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {cards.error ? (
        <Alert type="error" showIcon title={errorMessage(cards.error)} />
      ) : (
        <DataTable<RateCard>
          aria-label={t('ratecards.title')}
          columns={columns}
          rows={cards.data ?? []}
          rowKey={(c) => c._id}
          loading={cards.isLoading}
          emptyText={t('ratecards.empty')}
          fit
        />
      )}
      <Modal
        open={editing !== undefined}
        title={editing ? t('ratecards.edit') : t('ratecards.add')}
        okText={t('ratecards.save')}
        cancelText={t('ratecards.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        forceRender
      >
        <Form<FormValues> form={form} name="rateCard" layout="vertical" onFinish={submit}>
          <Form.Item name="businessclient" label={t('ratecards.owner')} extra={t('ratecards.ownerHint')}>
            <BusinessClientSelect aria-label={t('ratecards.owner')} placeholder={t('ratecards.default')} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="country" label={t('ratecards.country')} rules={[{ required: true }]}>
              <CountrySelect aria-label={t('ratecards.country')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="currency" label={t('ratecards.currency')} rules={[{ required: true }]}>
              <CurrencySelect aria-label={t('ratecards.currency')} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="validFrom" label={t('ratecards.validFrom')} rules={[{ required: true }]}>
              <DatePicker aria-label={t('ratecards.validFrom')} format={PICKER_DATE_FORMAT} />
            </Form.Item>
            <Form.Item name="validTo" label={t('ratecards.validTo')}>
              <DatePicker
                aria-label={t('ratecards.validTo')}
                format={PICKER_DATE_FORMAT}
                placeholder={t('ratecards.open')}
              />
            </Form.Item>
          </Space>
          <Space wrap>
            {rateCardPriceFields.map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`ratecards.prices.${field}`)}
                rules={[{ required: true }]}
              >
                <NumberInput
                  aria-label={t(`ratecards.prices.${field}`)}
                  min={0}
                  step={0.01}
                  precision={2}
                  style={{ width: 140 }}
                />
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </>
  )
}
