import { TEST_PASSWORD } from '../factories.ts'
import { uploadRequest } from '../multipart.ts'
import type { Case } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

const bc = (id: string) => `/api/businessclients/${id}`

/** Auth, users, business clients, files and health. */
export const foundationCases: Record<string, Case> = {
  'GET /api/health': () => 'public',
  'POST /api/auth/signup': ({ a }) => [
    noLeak({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: a.user.username, password: 'long-enough-password' },
    }),
  ],
  'POST /api/auth/signin': ({ a }) => [
    noLeak({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: a.user.username, password: 'not-the-password' },
    }),
  ],
  'POST /api/auth/signinas': ({ a }) => [
    forbidden({
      method: 'POST',
      url: '/api/auth/signinas',
      payload: { username: a.user.username, password: TEST_PASSWORD },
    }),
  ],

  'GET /api/users': () => [noLeak({ method: 'GET', url: '/api/users' })],
  'PUT /api/users': () => [
    noLeak({ method: 'PUT', url: '/api/users', payload: { 'settings.sys_lang': 'RU' } }),
  ],

  'GET /api/businessclients': ({ a }) => [
    noLeak({ method: 'GET', url: '/api/businessclients' }),
    noLeak({ method: 'GET', url: '/api/businessclients', query: { searchTerm: a.client.name } }),
  ],
  'GET /api/businessclients/:id': ({ a }) => [notFound({ method: 'GET', url: bc(a.client.id) })],
  'POST /api/businessclients': () => [
    noLeak({ method: 'POST', url: '/api/businessclients', payload: { name: 'Intruder Ltd' } }),
  ],
  'PUT /api/businessclients/:id': ({ a, b }) => [
    notFound({
      method: 'PUT',
      url: bc(a.client.id),
      payload: { type: 'update', query: { name: 'Hijacked' } },
    }),
    notFound({
      method: 'PUT',
      url: bc(a.client.id),
      payload: { type: 'new contact', query: { name: 'Spy' } },
    }),
    notFound({
      method: 'PUT',
      url: bc(a.client.id),
      payload: { type: 'remove contact', query: { _id: a.contact.id } },
    }),
    notFound({
      method: 'PUT',
      url: bc(a.client.id),
      payload: { type: 'new bankaccount', query: { bankname: 'Spy bank', currency: 'EUR', accountNr: '1' } },
    }),
    notFound({
      method: 'PUT',
      url: bc(a.client.id),
      payload: { type: 'remove bankaccount', query: { _id: a.bankAccount.id } },
    }),
    // The caller's own business client with A's child ids.
    notFound({
      method: 'PUT',
      url: bc(b.client.id),
      payload: { type: 'remove contact', query: { _id: a.contact.id } },
    }),
    notFound({
      method: 'PUT',
      url: bc(b.client.id),
      payload: { type: 'remove bankaccount', query: { _id: a.bankAccount.id } },
    }),
  ],
  'PUT /api/businessclients/:id/contacts/:contactId': ({ a, b }) => [
    notFound({ method: 'PUT', url: `${bc(a.client.id)}/contacts/${a.contact.id}`, payload: { name: 'Spy' } }),
    notFound({ method: 'PUT', url: `${bc(b.client.id)}/contacts/${a.contact.id}`, payload: { name: 'Spy' } }),
  ],
  'PUT /api/businessclients/:id/bankaccounts/:accountId': ({ a, b }) => [
    notFound({
      method: 'PUT',
      url: `${bc(a.client.id)}/bankaccounts/${a.bankAccount.id}`,
      payload: { bankCode: '6666' },
    }),
    notFound({
      method: 'PUT',
      url: `${bc(b.client.id)}/bankaccounts/${a.bankAccount.id}`,
      payload: { bankCode: '6666' },
    }),
  ],
  'POST /api/businessclients/:id/companyids': ({ a }) => [
    notFound({
      method: 'POST',
      url: `${bc(a.client.id)}/companyids`,
      payload: { country: 'Czech', coid: '666' },
    }),
  ],
  'PUT /api/businessclients/:id/companyids/:cid': ({ a, b }) => [
    notFound({
      method: 'PUT',
      url: `${bc(a.client.id)}/companyids/${a.companyId.id}`,
      payload: { coid: '666' },
    }),
    notFound({
      method: 'PUT',
      url: `${bc(b.client.id)}/companyids/${a.companyId.id}`,
      payload: { coid: '666' },
    }),
  ],
  'DELETE /api/businessclients/:id/companyids/:cid': ({ a, b }) => [
    notFound({ method: 'DELETE', url: `${bc(a.client.id)}/companyids/${a.companyId.id}` }),
    notFound({ method: 'DELETE', url: `${bc(b.client.id)}/companyids/${a.companyId.id}` }),
  ],
  'POST /upload': () => [noLeak(uploadRequest('products', 'intruder.png'))],
  'POST /api/files/create': ({ a }) => [
    notFound({ method: 'POST', url: '/api/files/create', payload: { key: a.file.key } }),
    notFound({
      method: 'POST',
      url: '/api/files/create',
      payload: { key: a.file.key, filename: 'mine.png' },
    }),
  ],
  'PUT /api/businessclients/:id/businessprofile': ({ a }) => [
    notFound({
      method: 'PUT',
      url: `${bc(a.client.id)}/businessprofile`,
      payload: { 'notifications.email.newPo': true },
    }),
  ],
}
