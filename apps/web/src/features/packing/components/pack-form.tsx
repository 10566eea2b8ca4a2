import { MAX_PACKED_WEIGHT_GRAMS, MAX_PARCELS } from '@expedo/domain'
import { Button, Card, Flex, Form, Typography } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'

export interface PackFormProps {
  weight: number | null
  parcels: number
  isBusy: boolean
  onWeight: (grams: number | null) => void
  onParcels: (parcels: number) => void
  onPacked: () => void
}

/**
 * Every item is in the box: weight (typed, or a USB scale typing its digits and Enter into the focused
 * field), parcels, then Packed. The weight field takes the focus, so the scale's burst fills it; its Enter
 * moves to Packed, so one more Enter (or a tap) finishes.
 */
export function PackForm({ weight, parcels, isBusy, onWeight, onParcels, onPacked }: PackFormProps) {
  const { t } = useTranslation('packing')
  const packedButton = useRef<HTMLButtonElement>(null)
  const canPack = weight !== null && weight >= 1 && !isBusy
  return (
    <Card size="small" title={t('pack.title')} data-testid="packing-pack">
      <Form layout="vertical" component="div">
        <Flex wrap gap="middle" align="end">
          <Form.Item label={t('pack.weight')} htmlFor="packing-weight" style={{ margin: 0 }}>
            <NumberInput
              id="packing-weight"
              autoFocus
              min={1}
              max={MAX_PACKED_WEIGHT_GRAMS}
              precision={0}
              value={weight}
              onChange={(v) => onWeight(typeof v === 'number' ? v : null)}
              onPressEnter={(event) => {
                // Without this the browser's keypress of the same Enter would reach the button just focused
                // and press it: the scale's reading must not mark the order Packed on its own.
                event.preventDefault()
                if (weight !== null && weight >= 1) packedButton.current?.focus()
              }}
              style={{ width: 160, fontSize: 20 }}
            />
          </Form.Item>
          <Form.Item label={t('pack.parcels')} htmlFor="packing-parcels" style={{ margin: 0 }}>
            <NumberInput
              id="packing-parcels"
              min={1}
              max={MAX_PARCELS}
              precision={0}
              value={parcels}
              onChange={(v) => onParcels(typeof v === 'number' ? v : 1)}
              onPressEnter={() => canPack && onPacked()}
              style={{ width: 96 }}
            />
          </Form.Item>
          <Button
            ref={packedButton}
            type="primary"
            size="large"
            loading={isBusy}
            disabled={!canPack}
            onClick={onPacked}
          >
            {t('pack.submit')}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t('pack.weightHint')}</Typography.Text>
      </Form>
    </Card>
  )
}
