import { UploadOutlined } from '@ant-design/icons'
import { App, Button, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message'
import { FilesServerError, uploadFile } from '@/lib/upload-file'

/** Uploads one image to the files server and answers its registered file id. Images only (spec §5). */
export function PhotoUploadButton({ onUploaded }: { onUploaded: (fileId: string) => unknown }) {
  const { t } = useTranslation('inbound')
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  return (
    <Upload
      accept="image/*"
      showUploadList={false}
      beforeUpload={async (file) => {
        if (!file.type.startsWith('image/')) {
          message.error(t('photos.imagesOnly'))
          return Upload.LIST_IGNORE
        }
        setBusy(true)
        try {
          const record = await uploadFile('inbound', file)
          await onUploaded(record._id)
        } catch (error) {
          message.error(error instanceof FilesServerError ? t('photos.serverDown') : errorMessage(error))
        } finally {
          setBusy(false)
        }
        return Upload.LIST_IGNORE
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('photos.upload')}
      </Button>
    </Upload>
  )
}
