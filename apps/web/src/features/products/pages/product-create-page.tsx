import { isStaff } from '@expedo/domain/auth/permissions'
import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { ExcelUpload } from '../components/excel-upload'
import { ProductCreateForm } from '../components/product-create-form'

/** /products/create/new — one product by form, or many from an Excel file. */
export function ProductCreatePage() {
  const { t } = useTranslation('products')
  const { currentUser } = useSession()
  const staff = isStaff(currentUser?.roles ?? [])
  return (
    <>
      <PageHeader title={t('create.title')} backTo="/products/list/product" backLabel={t('list.title')} />
      <Tabs
        items={[
          { key: 'single', label: t('create.tabSingle'), children: <ProductCreateForm isStaff={staff} /> },
          { key: 'excel', label: t('create.tabExcel'), children: <ExcelUpload isStaff={staff} /> },
        ]}
      />
    </>
  )
}
