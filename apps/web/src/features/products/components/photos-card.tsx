import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import type { Product } from '@expedo/domain'
import { App, Button, Card, Empty, Flex, Image, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message'
import { FilesServerError, uploadFile } from '@/lib/upload-file'
import { useUpdateProduct } from '../api/use-update-product'

/** Photos through the files server: POST /upload, POST /api/files/create, then the product's photo list. */
export function PhotosCard({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { t } = useTranslation('products')
  const { message } = App.useApp()
  const update = useUpdateProduct(product._id)
  const [isUploading, setIsUploading] = useState(false)
  const ids = product.photos.map((p) => p._id)

  const handleUpload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.error(t('photos.imagesOnly'))
      return
    }
    setIsUploading(true)
    try {
      const record = await uploadFile('products', file)
      await update.mutateAsync({ photos: [...ids, record._id] })
    } catch (error) {
      message.error(error instanceof FilesServerError ? t('photos.filesDown') : errorMessage(error))
    } finally {
      setIsUploading(false)
    }
  }

  return (
    <Card
      size="small"
      title={t('photos.title')}
      extra={
        canEdit && (
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              void handleUpload(file)
              return false
            }}
          >
            <Button icon={<UploadOutlined />} loading={isUploading} size="small">
              {t('photos.upload')}
            </Button>
          </Upload>
        )
      }
    >
      {product.photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('photos.empty')} />
      ) : (
        <Image.PreviewGroup>
          <Flex wrap gap="small">
            {product.photos.map((photo) => (
              <Flex key={photo._id} vertical align="center" gap={4}>
                <Image
                  src={photo.publicurl}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                  alt={product.name}
                />
                {canEdit && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('photos.remove')}
                    onClick={() => update.mutate({ photos: ids.filter((id) => id !== photo._id) })}
                  />
                )}
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Card>
  )
}
