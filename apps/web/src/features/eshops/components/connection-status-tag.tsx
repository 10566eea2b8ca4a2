import type { EshopStatus } from '@expedo/domain'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const colors: Record<EshopStatus, string> = { active: 'green', inactive: 'default', uninstalled: 'red' }

/** Active, inactive or uninstalled (the add-on was removed in Shoptet). */
export function ConnectionStatusTag({ status }: { status: EshopStatus }) {
  const { t } = useTranslation('eshops')
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>
}
