import { CloudDownloadOutlined, SyncOutlined } from '@ant-design/icons'
import type { Eshop, ShoptetProductImport } from '@expedo/domain'
import { Alert, Button, Card, Flex, Progress, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ProductJobKind, useProductJob, useStartProductJob } from '../api/eshops-api'
import { refusalText } from '../api/use-save-setting'
import { SettingRow } from './setting-row'

/**
 * Product settings: 'Import all products' and 'Update products' start the job on the server; its progress
 * (pages walked, products imported / updated / failed) is polled until the spec's final message.
 */
export function ProductSettingsCard({ eshop, canEdit }: { eshop: Eshop; canEdit: boolean }) {
  const { t } = useTranslation('eshops')
  const [started, setStarted] = useState<ShoptetProductImport | null>(null)
  const start = useStartProductJob(eshop)
  const job = useProductJob(started).data
  const isRunning = start.isPending || job?.status === 'queued' || job?.status === 'running'
  const canStart = canEdit && eshop.isActive && !isRunning
  const runningKind: ProductJobKind | undefined = start.isPending ? start.variables : job?.kind

  const handleStart = async (kind: ProductJobKind) => {
    const answer = await start.mutateAsync(kind).catch(() => undefined)
    if (answer) setStarted(answer)
  }

  const button = (kind: ProductJobKind, label: string, icon: ReactNode) => (
    <Button
      icon={icon}
      disabled={!canStart}
      loading={isRunning && runningKind === kind}
      aria-describedby={`eshop-${kind}-products-help`}
      onClick={() => void handleStart(kind)}
    >
      {label}
    </Button>
  )

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('products.title')}</h2>}>
      <Flex vertical gap={16}>
        {!eshop.isActive && <Alert type="info" showIcon title={t('products.inactive')} />}
        <SettingRow
          id="eshop-import-products"
          label={t('products.importAll')}
          help={t('products.importAllHelp')}
        >
          {button('import', t('products.importAll'), <CloudDownloadOutlined />)}
        </SettingRow>
        <SettingRow id="eshop-update-products" label={t('products.update')} help={t('products.updateHelp')}>
          {button('update', t('products.update'), <SyncOutlined />)}
        </SettingRow>
        {start.error && <Alert type="error" showIcon title={refusalText(start.error)} />}
        {job && <JobProgress job={job} />}
      </Flex>
    </Card>
  )
}

/** A running job's bar and counts; a finished one's message (spec §8) or its error. */
function JobProgress({ job }: { job: ShoptetProductImport }) {
  const { t } = useTranslation('eshops')
  const counts = t('products.counts', { imported: job.imported, updated: job.updated, failed: job.failed })
  if (job.status === 'done') {
    return (
      <Alert
        role="status"
        type="success"
        showIcon
        title={t(job.kind === 'update' ? 'products.updated' : 'products.imported')}
        description={counts}
      />
    )
  }
  if (job.status === 'failed') {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        title={t('products.failed', { error: job.error ?? '' })}
        description={counts}
      />
    )
  }
  const percent = job.pageCount ? Math.min(100, Math.round((job.page / job.pageCount) * 100)) : 0
  return (
    <div role="status">
      <Progress percent={percent} status="active" aria-label={t('products.progress')} />
      <Typography.Text type="secondary">
        {job.pageCount
          ? `${t('products.running', { page: job.page, pageCount: job.pageCount })} · ${counts}`
          : t('products.starting')}
      </Typography.Text>
    </div>
  )
}
