import { it } from 'vitest'
import { createTestApp } from './app.ts'
it('probe', async () => {
  const t = await createTestApp()
  const { api } = await t.userWithToken({ roles: ['admin'] })
  const bc = await t.factory.tenant()
  const id = bc.client.id
  const show = async (label: string, p: Promise<{ status: number; body: unknown }>) => {
    const r = await p
    console.log(label, r.status, JSON.stringify(r.body))
  }
  await show('signup short', t.anon.post('/api/auth/signup', { username: 'abc', password: 'short' }))
  await show('signup none', t.anon.post('/api/auth/signup', {}))
  await show('signup nobody', t.anon.request({ method: 'POST', url: '/api/auth/signup' }))
  await show('signup badjson', t.anon.request({ method: 'POST', url: '/api/auth/signup', payload: '{bad', headers: { 'content-type': 'application/json' } }))
  await show('users put bad', api.put('/api/users', { 'settings.sys_lang': 'XX' }))
  await show('users put extra', api.put('/api/users', { 'settings.sys_lang': 'RO', foo: 1 }))
  await show('bc list long', api.get('/api/businessclients', { searchTerm: 'x'.repeat(101) }))
  await show('bc get bad id', api.get('/api/businessclients/abc'))
  await show('bc create none', api.post('/api/businessclients', {}))
  await show('bc create country', api.post('/api/businessclients', { name: 'x', address: { country: 'Narnia' } }))
  await show('bc update empty', api.put(`/api/businessclients/${id}`, { type: 'update', query: {} }))
  await show('bc update badtype', api.put(`/api/businessclients/${id}`, { type: 'nope', query: {} }))
  await show('bc new contact email', api.put(`/api/businessclients/${id}`, { type: 'new contact', query: { name: 'x', email: 'bad' } }))
  await show('bc new bank iban', api.put(`/api/businessclients/${id}`, { type: 'new bankaccount', query: { bankname: 'x', currency: 'CZK', IBAN: 'CZ6508000000192000145398' } }))
  await show('bc new bank none', api.put(`/api/businessclients/${id}`, { type: 'new bankaccount', query: { bankname: 'x', currency: 'CZK' } }))
  await show('bc cid none', api.post(`/api/businessclients/${id}/companyids`, { country: 'Czech' }))
  await show('bc profile empty', api.put(`/api/businessclients/${id}/businessprofile`, {}))
  await show('bc profile unknown', api.put(`/api/businessclients/${id}/businessprofile`, { foo: true }))
  await show('bc delete cid', api.delete(`/api/businessclients/${id}/companyids/${bc.companyId.id}`))
  await show('bc get', api.get(`/api/businessclients/${id}`))
  await t.close()
}, 60000)
