import { isStaff } from '@expedo/domain/auth/permissions'
import { Button, Card, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { reportFormError } from '@/components/server-errors'
import { useSession } from '@/lib/session'
import { useCreateGroup } from '../api/use-group-mutations'
import { ProductPicker } from '../components/product-picker'

interface Values {
  name: string
  products?: string[]
}

/** /productgroup/create/new — name and products; then on to the group's page. */
export function GroupCreatePage() {
  const { t } = useTranslation('product-groups')
  const { t: tc } = useTranslation('components')
  const { currentUser } = useSession()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const create = useCreateGroup()
  const staff = isStaff(currentUser?.roles ?? [])
  const handleFinish = (values: Values) =>
    create.mutate(
      { name: values.name, products: values.products ?? [] },
      {
        onSuccess: (group) => navigate(`/productgroup/${group._id}`),
        onError: (error) => reportFormError(form, error),
      },
    )
  return (
    <>
      <PageHeader title={t('create.title')} backTo="/products/list/group" backLabel={t('create.back')} />
      <Card style={{ maxWidth: 720 }}>
        <Form
          name="group-create"
          form={form}
          layout="vertical"
          onFinish={handleFinish}
          aria-label={t('create.title')}
        >
          <Form.Item
            name="name"
            label={t('create.name')}
            rules={[{ required: true, whitespace: true, message: tc('validation.required') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="products"
            label={t('create.products')}
            // Staff's group belongs to the first product's business client.
            rules={staff ? [{ required: true, message: tc('validation.required') }] : []}
          >
            <ProductPicker />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('create.create')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
