import type { ProductGroup } from '@expedo/domain'
import { App, Button, Card, Flex, Form, Input, Result } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { PageHeader } from '@/components/page-header'
import { reportFormError } from '@/components/server-errors'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useGroup } from '../api/use-group'
import {
  useAddGroupProducts,
  useDeleteGroup,
  useRemoveGroupProduct,
  useRenameGroup,
} from '../api/use-group-mutations'
import { ProductPicker } from '../components/product-picker'

type Member = ProductGroup['products'][number]

/** /productgroup/:id — 'Edit Product Group': rename, delete, add and remove products. */
export function GroupEditPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('product-groups')
  const { data: group, isError } = useGroup(id)
  if (isError) return <Result status="404" title={t('edit.notFound')} />
  return (
    <>
      <PageHeader
        title={t('edit.title')}
        backTo="/products/list/group"
        backLabel={t('create.back')}
        actions={group && <DeleteGroup id={id} />}
      />
      {group && <GroupEditor key={group._id} group={group} />}
    </>
  )
}

function DeleteGroup({ id }: { id: string }) {
  const { t } = useTranslation('product-groups')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const remove = useDeleteGroup(id)
  return (
    <ConfirmButton
      confirmTitle={t('edit.confirmDelete')}
      onConfirm={() =>
        remove.mutateAsync().then(() => {
          message.success(t('edit.deleted'))
          navigate('/products/list/group')
        })
      }
    >
      {t('edit.delete')}
    </ConfirmButton>
  )
}

function GroupEditor({ group }: { group: ProductGroup }) {
  const { t } = useTranslation('product-groups')
  const { t: tc } = useTranslation('components')
  const { message } = App.useApp()
  const [form] = Form.useForm<{ name: string }>()
  const rename = useRenameGroup(group._id)
  const add = useAddGroupProducts(group._id)
  const removeProduct = useRemoveGroupProduct(group._id)
  const [picked, setPicked] = useState<string[]>([])
  const columns: DataTableColumn<Member>[] = [
    {
      key: 'name',
      title: t('list.product'),
      isCardTitle: true,
      render: (_, p) => (
        <EllipsisText text={p.name}>
          <Link to={`/products/${p._id}`}>{p.name}</Link>
        </EllipsisText>
      ),
    },
    { key: 'sku', title: t('list.sku'), width: 160, render: (_, p) => <EllipsisText text={p.codes.sku} /> },
    {
      key: 'barcode',
      title: t('list.barcode'),
      width: 160,
      render: (_, p) => <EllipsisText text={p.codes.barcode} />,
    },
    {
      key: 'remove',
      ...fitContent,
      render: (_, p) => (
        <Button
          size="small"
          danger
          onClick={() => removeProduct.mutate(p._id)}
          loading={removeProduct.isPending && removeProduct.variables === p._id}
        >
          {t('edit.remove')}
        </Button>
      ),
    },
  ]
  return (
    <Flex vertical gap="middle">
      <Card>
        <Form
          name="group-rename"
          form={form}
          layout="inline"
          initialValues={{ name: group.name }}
          onFinish={({ name }) =>
            rename.mutate(name, {
              onSuccess: () => message.success(t('edit.renamed')),
              onError: (error) => reportFormError(form, error),
            })
          }
        >
          <Form.Item
            name="name"
            label={t('edit.name')}
            rules={[{ required: true, whitespace: true, message: tc('validation.required') }]}
            style={{ flex: 1, minWidth: 220 }}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={rename.isPending}>
            {t('edit.rename')}
          </Button>
        </Form>
      </Card>
      <Card title={t('edit.addProducts')}>
        <Flex gap="small" wrap>
          <div style={{ flex: 1, minWidth: 220 }}>
            <ProductPicker
              aria-label={t('edit.addProducts')}
              value={picked}
              onChange={setPicked}
              businessclient={group.businessclient._id}
              exclude={group.products.map((p) => p._id)}
            />
          </div>
          <Button
            type="primary"
            disabled={picked.length === 0}
            loading={add.isPending}
            onClick={() => add.mutate(picked, { onSuccess: () => setPicked([]) })}
          >
            {t('edit.add')}
          </Button>
        </Flex>
      </Card>
      <Card title={`${t('list.products')} (${group.products.length})`}>
        <DataTable
          columns={columns}
          rows={group.products}
          rowKey={(p) => p._id}
          emptyText={t('edit.empty')}
          aria-label={t('list.products')}
        />
      </Card>
    </Flex>
  )
}
