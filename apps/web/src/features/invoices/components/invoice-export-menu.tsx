import { type EndpointDef, endpoints } from '@expedo/domain'
import { Button, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ExportResult, useExportRunner } from '@/components/export-button'
import { ExportMenu } from '@/components/export-menu'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'

export interface InvoiceExportMenuProps {
  dateFrom: string
  dateTo: string
  businessclient?: string
}

/** Runs a file call; the server's 404 'No objects were found for export' is the popup's empty state. */
const job =
  (endpoint: EndpointDef, query: Record<string, unknown>, fallbackName: string) =>
  async (signal: AbortSignal): Promise<ExportResult> => {
    try {
      return await fetchFile(endpoint, { query }, signal, fallbackName)
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) return { empty: true }
      throw e
    }
  }

/**
 * The invoices exports (spec §7): invoice lines of the period, credit notes of the period, credit note lines,
 * invoices of pasted order numbers (space-separated, spec §5), and the period's PDFs as one ZIP.
 */
export function InvoiceExportMenu({ dateFrom, dateTo, businessclient }: InvoiceExportMenuProps) {
  const { t } = useTranslation('invoices')
  const period = { dateFrom, dateTo, businessclient }
  const [pasting, setPasting] = useState(false)
  const [ids, setIds] = useState('')
  const runner = useExportRunner()
  const e = endpoints.invoices
  return (
    <>
      <ExportMenu
        items={[
          {
            key: 'invoices',
            label: t('export.invoices'),
            onExport: job(e.exportInvoices, period, 'invoices.xlsx'),
          },
          {
            key: 'credited',
            label: t('export.credited'),
            onExport: job(e.exportInvoicesCredited, period, 'invoices-credit-notes.xlsx'),
          },
          {
            key: 'creditNotes',
            label: t('export.creditNotes'),
            onExport: job(e.exportCreditNotes, period, 'credit-notes.xlsx'),
          },
          { key: 'zip', label: t('export.zip'), onExport: job(e.zip, period, 'invoices.zip') },
        ]}
      >
        {t('export.button')}
      </ExportMenu>
      <Button onClick={() => setPasting(true)}>{t('export.byIds')}</Button>
      <Modal
        open={pasting}
        title={t('export.byIdsTitle')}
        okText={t('export.run')}
        okButtonProps={{ disabled: ids.trim() === '' }}
        onCancel={() => setPasting(false)}
        onOk={() => {
          setPasting(false)
          void runner.run(job(e.exportInvoices, { ids: ids.trim() }, 'invoices.xlsx'))
        }}
      >
        <label htmlFor="invoice-export-ids">{t('export.idsLabel')}</label>
        <Input.TextArea
          id="invoice-export-ids"
          rows={4}
          value={ids}
          onChange={(event) => setIds(event.target.value)}
          placeholder="ZR-1001 ZR-1002"
        />
      </Modal>
      {runner.popup}
    </>
  )
}
