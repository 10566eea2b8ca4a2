import { App, Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePairToOrders } from '../api/use-pair-to-orders'

export interface PairOrdersButtonProps {
  productId: string
  /** Order lines with this product's SKU that are not paired with a product yet. */
  notPairedOrders: number
}

/**
 * The product header action 'Unpaired orders N / pair' (spec part 1): pairs those order lines with the
 * product and says 'Paired N orders'. Disabled when there is nothing to pair.
 */
export function PairOrdersButton({ productId, notPairedOrders }: PairOrdersButtonProps) {
  const { t } = useTranslation('products')
  const { message } = App.useApp()
  const pair = usePairToOrders(productId)
  return (
    <Button
      disabled={notPairedOrders === 0}
      loading={pair.isPending}
      onClick={() =>
        pair.mutate(undefined, {
          onSuccess: ({ paired }) => void message.success(t('detail.paired', { count: paired }), 3),
        })
      }
    >
      {t('detail.unpaired', { count: notPairedOrders })}
    </Button>
  )
}
