import { type BusinessClient, formatIban } from '@expedo/domain'
import { Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBusinessClient } from '../api/use-update-business-client'
import { BankAccountForm } from './bank-account-form'
import { EntityCard } from './entity-card'
import { EntitySection, FullRow } from './entity-section'

/** The company's bank accounts: add, inline edit, remove with confirmation; IBANs grouped in fours. */
export function BankAccountsSection({ client, canEdit }: { client: BusinessClient; canEdit: boolean }) {
  const { t } = useTranslation('business-clients')
  const [editing, setEditing] = useState<string | null>(null)
  const update = useUpdateBusinessClient(client._id)
  const countryName = useCountryName()
  const close = () => setEditing(null)

  const handleRemove = async (accountId: string) => {
    await update.mutateAsync({ type: 'remove bankaccount', query: { _id: accountId } })
    notificationsStore.push('success', t('bankAccounts.removed'), 3000)
  }

  return (
    <EntitySection
      title={t('bankAccounts.title')}
      count={client.bankaccounts.length}
      addLabel={t('bankAccounts.add')}
      emptyText={t('bankAccounts.empty')}
      onAdd={canEdit ? () => setEditing('new') : undefined}
      isAdding={editing === 'new'}
    >
      {editing === 'new' && (
        <FullRow>
          <BankAccountForm clientId={client._id} onDone={close} />
        </FullRow>
      )}
      {client.bankaccounts.map((account) =>
        editing === account._id ? (
          <FullRow key={account._id}>
            <BankAccountForm clientId={client._id} account={account} onDone={close} />
          </FullRow>
        ) : (
          <EntityCard
            key={account._id}
            title={
              <>
                {account.bankname}{' '}
                {account.currency && <Tag style={{ marginInlineStart: 4 }}>{account.currency}</Tag>}
              </>
            }
            name={account.bankname}
            lines={[
              [
                t('bankAccounts.iban'),
                account.IBAN && (
                  <Typography.Text copyable={{ text: account.IBAN }} style={{ fontFamily: 'monospace' }}>
                    {formatIban(account.IBAN)}
                  </Typography.Text>
                ),
              ],
              [
                t('bankAccounts.accountNr'),
                account.accountNr &&
                  `${account.accountNr}${account.bankCode ? ` / ${account.bankCode}` : ''}`,
              ],
              [t('bankAccounts.bankCode'), !account.accountNr && account.bankCode],
              [t('bankAccounts.swift'), account.SWIFT],
              [t('bankAccounts.addressCity'), account.addressCity],
              [
                t('bankAccounts.addressCountry'),
                account.addressCountry && countryName(account.addressCountry),
              ],
            ]}
            canEdit={canEdit}
            onEdit={() => setEditing(account._id)}
            onRemove={() => handleRemove(account._id)}
            removeConfirm={t('bankAccounts.removeConfirm')}
          />
        ),
      )}
    </EntitySection>
  )
}
