import type { BusinessClient } from '@expedo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { notificationsStore } from '@/lib/notifications'
import { useDeleteCompanyId } from '../api/use-delete-company-id'
import { CompanyIdForm } from './company-id-form'
import { EntityCard } from './entity-card'
import { EntitySection, FullRow } from './entity-section'

/** The company's registration and tax ids per country: add, inline edit, delete with confirmation. */
export function CompanyIdsSection({ client, canEdit }: { client: BusinessClient; canEdit: boolean }) {
  const { t } = useTranslation('business-clients')
  const [editing, setEditing] = useState<string | null>(null)
  const remove = useDeleteCompanyId(client._id)
  const countryName = useCountryName()
  const close = () => setEditing(null)

  const handleRemove = async (cid: string) => {
    await remove.mutateAsync(cid)
    notificationsStore.push('success', t('companyIds.removed'), 3000)
  }

  return (
    <EntitySection
      title={t('companyIds.title')}
      count={client.companyids.length}
      addLabel={t('companyIds.add')}
      emptyText={t('companyIds.empty')}
      onAdd={canEdit ? () => setEditing('new') : undefined}
      isAdding={editing === 'new'}
    >
      {editing === 'new' && (
        <FullRow>
          <CompanyIdForm clientId={client._id} onDone={close} />
        </FullRow>
      )}
      {client.companyids.map((companyId) =>
        editing === companyId._id ? (
          <FullRow key={companyId._id}>
            <CompanyIdForm clientId={client._id} companyId={companyId} onDone={close} />
          </FullRow>
        ) : (
          <EntityCard
            key={companyId._id}
            title={countryName(companyId.country)}
            name={[countryName(companyId.country), companyId.coid || companyId.taxid].join(' ')}
            lines={[
              [t('companyIds.coid'), companyId.coid],
              [t('companyIds.taxid'), companyId.taxid],
              [t('companyIds.register'), companyId.register],
            ]}
            canEdit={canEdit}
            onEdit={() => setEditing(companyId._id)}
            onRemove={() => handleRemove(companyId._id)}
            removeConfirm={t('companyIds.removeConfirm')}
            removeVerb="delete"
          />
        ),
      )}
    </EntitySection>
  )
}
