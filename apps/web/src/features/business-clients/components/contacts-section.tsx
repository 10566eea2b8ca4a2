import type { BusinessClient } from '@expedo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBusinessClient } from '../api/use-update-business-client'
import { ContactForm } from './contact-form'
import { EntityCard } from './entity-card'
import { EntitySection, FullRow } from './entity-section'

/** The company's contacts: add, inline edit, remove with confirmation. */
export function ContactsSection({ client, canEdit }: { client: BusinessClient; canEdit: boolean }) {
  const { t } = useTranslation('business-clients')
  const [editing, setEditing] = useState<string | null>(null)
  const update = useUpdateBusinessClient(client._id)
  const close = () => setEditing(null)

  const handleRemove = async (contactId: string) => {
    await update.mutateAsync({ type: 'remove contact', query: { _id: contactId } })
    notificationsStore.push('success', t('contacts.removed'), 3000)
  }

  return (
    <EntitySection
      title={t('contacts.title')}
      count={client.contacts.length}
      addLabel={t('contacts.add')}
      emptyText={t('contacts.empty')}
      onAdd={canEdit ? () => setEditing('new') : undefined}
      isAdding={editing === 'new'}
    >
      {editing === 'new' && (
        <FullRow>
          <ContactForm clientId={client._id} onDone={close} />
        </FullRow>
      )}
      {client.contacts.map((contact) =>
        editing === contact._id ? (
          <FullRow key={contact._id}>
            <ContactForm clientId={client._id} contact={contact} onDone={close} />
          </FullRow>
        ) : (
          <EntityCard
            key={contact._id}
            title={contact.name}
            name={contact.name}
            lines={[
              [t('contacts.position'), contact.position],
              [t('contacts.email'), contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>],
              [
                t('contacts.phone'),
                contact.phone && <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>,
              ],
            ]}
            canEdit={canEdit}
            onEdit={() => setEditing(contact._id)}
            onRemove={() => handleRemove(contact._id)}
            removeConfirm={t('contacts.removeConfirm')}
          />
        ),
      )}
    </EntitySection>
  )
}
