import { Carousel, Empty, Image } from 'antd'
import { useTranslation } from 'react-i18next'

/** The shipment's photos: a carousel; clicking a photo opens the lightbox (antd Image preview). */
export function PhotoCarousel({
  photos,
}: {
  photos: { _id: string; publicurl: string; filename: string }[]
}) {
  const { t } = useTranslation('inbound')
  if (!photos.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPhotos')} />
  return (
    <Image.PreviewGroup>
      <Carousel arrows dots style={{ background: '#f5f5f5', borderRadius: 8 }}>
        {photos.map((p) => (
          <div key={p._id}>
            <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: 260 }}>
              <Image src={p.publicurl} alt={p.filename} style={{ maxHeight: 240, objectFit: 'contain' }} />
            </div>
          </div>
        ))}
      </Carousel>
    </Image.PreviewGroup>
  )
}
