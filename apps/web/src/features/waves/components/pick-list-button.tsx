import { PrinterOutlined } from '@ant-design/icons'
import { endpoints, waveCode } from '@expedo/domain'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDownload } from '@/components/use-download'
import { fetchFile } from '@/lib/download-export'

/** The wave's pick list as a PDF (by location in pick-path order, with the slots), in the user's language. */
export function PickListButton({ wave }: { wave: { _id: string; number: number } }) {
  const { t } = useTranslation('waves')
  const { busy, download } = useDownload()
  const print = () =>
    download(() =>
      fetchFile(
        endpoints.waves.pickList,
        { params: { id: wave._id } },
        undefined,
        `pick-list-${waveCode(wave.number)}.pdf`,
      ),
    )
  return (
    <Button icon={<PrinterOutlined />} loading={busy} onClick={() => void print()}>
      {t('detail.pickList')}
    </Button>
  )
}
