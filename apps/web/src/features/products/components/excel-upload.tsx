import { UploadOutlined } from '@ant-design/icons'
import { isXlsxFile, SpreadsheetLimitError } from '@expedo/domain'
import { Alert, Button, Flex, Form, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BusinessClientSelect } from '@/components/business-client-select'
import { errorMessage } from '@/lib/error-message'
import { useImportProducts } from '../api/use-import-products'
import { ExcelPreview } from './excel-preview'
import { type ExcelRow, readExcel, toImportRow } from './excel-rows'
import { ImportResults } from './import-results'

/** 'Upload from Excel file': read the .xlsx in the browser, preview it, send the complete rows, show each result. */
export function ExcelUpload({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation('products')
  const [rows, setRows] = useState<ExcelRow[] | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [businessclient, setBusinessclient] = useState<string | undefined>()
  const importProducts = useImportProducts()

  const handleFile = async (file: File) => {
    importProducts.reset()
    setRows(null)
    // A .csv (or anything) renamed to .xlsx is refused by its first bytes, with the spec's message.
    if (!isXlsxFile(file.name, new Uint8Array(await file.slice(0, 4).arrayBuffer()))) {
      setFileError(t('excel.mustBeXlsx'))
      return
    }
    setFileError(null)
    try {
      setRows(await readExcel(file))
    } catch (error) {
      // A limit passed (a zip bomb, too many rows) is named; anything else is an unreadable file.
      setFileError(error instanceof SpreadsheetLimitError ? errorMessage(error) : t('excel.unreadable'))
    }
  }

  const complete = rows?.filter((r) => r.isComplete) ?? []
  const incomplete = (rows?.length ?? 0) - complete.length
  const handleSave = () =>
    importProducts.mutate({
      products: complete.map(toImportRow),
      ...(businessclient ? { businessclient } : {}),
    })

  if (importProducts.data) {
    return (
      <ImportResults
        results={importProducts.data}
        onAgain={() => {
          importProducts.reset()
          setRows(null)
        }}
      />
    )
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">{t('excel.columns')}</Typography.Text>
      <Flex wrap gap="small" align="center">
        {isStaff && (
          <Form.Item label={t('fields.businessclient')} style={{ margin: 0 }}>
            <BusinessClientSelect
              placeholder={t('fields.pickClient')}
              value={businessclient}
              onChange={(v) => setBusinessclient(v)}
            />
          </Form.Item>
        )}
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file)
            return false
          }}
        >
          <Button icon={<UploadOutlined />}>{t('excel.choose')}</Button>
        </Upload>
      </Flex>
      {fileError && (
        <Typography.Text type="danger" role="alert">
          {fileError}
        </Typography.Text>
      )}
      {rows && (
        <>
          <Typography.Text>{t('excel.rows', { count: rows.length })}</Typography.Text>
          {incomplete > 0 && (
            <Alert type="warning" showIcon title={t('excel.warning', { count: incomplete })} />
          )}
          <ExcelPreview rows={rows} />
          <Flex justify="flex-end">
            <Button
              type="primary"
              onClick={handleSave}
              loading={importProducts.isPending}
              disabled={complete.length === 0 || (isStaff && !businessclient)}
            >
              {t('excel.save')}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  )
}
