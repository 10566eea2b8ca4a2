import { UploadOutlined } from '@ant-design/icons'
import { App, Button, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { uploadInboundPhoto } from '../api/inbound-api'

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
          const record = await uploadInboundPhoto(file)
          await onUploaded(record._id)
        } catch {
          message.error(t('photos.serverDown'))
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
