import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp, type TestRequest } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'

/** Contacts, bank accounts, company ids and business profile settings of a business client. */

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant()
  b = await t.factory.tenant()
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
})
afterAll(() => t?.close())

/** Calls `req` and proves it answered `status` and left A and B exactly as they were. */
async function expectRefused(api: TestApi, req: TestRequest, status: number) {
  const before = [await t.businessClientSnapshot(a.client.id), await t.businessClientSnapshot(b.client.id)]
  const res = await api.request(req)
  expect(res.status).toBe(status)
  expect([await t.businessClientSnapshot(a.client.id), await t.businessClientSnapshot(b.client.id)]).toEqual(
    before,
  )
  return res
}

const urls = {
  contact: (id: string, contactId: string) => `/api/businessclients/${id}/contacts/${contactId}`,
  account: (id: string, accountId: string) => `/api/businessclients/${id}/bankaccounts/${accountId}`,
  companyIds: (id: string) => `/api/businessclients/${id}/companyids`,
  companyId: (id: string, cid: string) => `/api/businessclients/${id}/companyids/${cid}`,
  profile: (id: string) => `/api/businessclients/${id}/businessprofile`,
}

describe('PUT /api/businessclients/:id/contacts/:contactId', () => {
  it('changes only the given fields of the contact', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(urls.contact(x.client.id, x.contact.id), {
      phone: '+420 777 450 120',
      position: 'CEO',
    })
    expect(res.status).toBe(200)
    expect(res.body.contacts).toEqual([
      {
        _id: x.contact.id,
        name: x.contact.name,
        email: x.contact.email,
        phone: '+420 777 450 120',
        position: 'CEO',
      },
    ])
  })

  it.each([
    [{ email: 'not-mail' }, 'email'],
    [{ name: '' }, 'name'],
    [{ nickname: 'x' }, 'nickname'],
  ])('refuses %j (400 naming %s) and changes nothing', async (payload, field) => {
    const res = await expectRefused(
      asA,
      { method: 'PUT', url: urls.contact(a.client.id, a.contact.id), payload },
      400,
    )
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { [field]: expect.any(String) } })
  })

  it("answers 404 for a contact of another business client addressed through the caller's own id", async () => {
    await expectRefused(
      asA,
      { method: 'PUT', url: urls.contact(a.client.id, b.contact.id), payload: { name: 'X' } },
      404,
    )
  })

  it("answers 404 for another business's client and keeps it unchanged", async () => {
    await expectRefused(
      asB,
      { method: 'PUT', url: urls.contact(a.client.id, a.contact.id), payload: { name: 'X' } },
      404,
    )
  })
})

describe('PUT /api/businessclients/:id/bankaccounts/:accountId', () => {
  it('changes the account and normalises a new IBAN', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(urls.account(x.client.id, x.bankAccount.id), {
      currency: 'EUR',
      IBAN: 'de89 3704 0044 0532 0130 00',
    })
    expect(res.status).toBe(200)
    expect(res.body.bankaccounts[0]).toMatchObject({
      _id: x.bankAccount.id,
      currency: 'EUR',
      IBAN: 'DE89370400440532013000',
      bankname: x.bankAccount.bankname,
    })
  })

  it('takes a BIC that matches the bank code inside the IBAN', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(urls.account(x.client.id, x.bankAccount.id), { SWIFT: 'gibaczpx' })
    expect(res.status).toBe(200)
    expect(res.body.bankaccounts[0]).toMatchObject({ IBAN: 'CZ6508000000192000145399', SWIFT: 'GIBACZPX' })
  })

  it.each([
    [{ IBAN: 'DE89370400440532013001' }, 'IBAN'],
    [{ currency: 'EURO' }, 'currency'],
    [{ accountNr: '12a' }, 'accountNr'],
    [{ addressCountry: 'Mordor' }, 'addressCountry'],
    // the account's IBAN is Česká spořitelna's (0800): Fio's BIC and bank code do not match it
    [{ SWIFT: 'FIOBCZPP' }, 'SWIFT'],
    [{ bankCode: '2010' }, 'bankCode'],
  ])('refuses %j (400 naming %s) and changes nothing', async (payload, field) => {
    const res = await expectRefused(
      asA,
      { method: 'PUT', url: urls.account(a.client.id, a.bankAccount.id), payload },
      400,
    )
    expect(res.body.details).toHaveProperty([field])
  })

  it('answers 404 for an account of another business client and for another business', async () => {
    await expectRefused(
      asA,
      { method: 'PUT', url: urls.account(a.client.id, b.bankAccount.id), payload: { bankCode: '1' } },
      404,
    )
    await expectRefused(
      asB,
      { method: 'PUT', url: urls.account(a.client.id, a.bankAccount.id), payload: { bankCode: '1' } },
      404,
    )
  })
})

describe('company ids', () => {
  it('POST adds a company id (201)', async () => {
    const x = await t.tenantWithApi()
    const register = 'Obchodný register Okresného súdu Bratislava I, oddiel Sro, vložka 12345/B'
    const res = await x.api.post(urls.companyIds(x.client.id), {
      country: 'Slovakia',
      taxid: 'SK2022749619',
      register,
    })
    expect(res.status).toBe(201)
    expect(res.body.companyids).toEqual([
      expect.objectContaining({ _id: x.companyId.id }),
      { _id: expect.any(String), country: 'Slovakia', coid: '', taxid: 'SK2022749619', register },
    ])
  })

  it('PUT changes a company id', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(urls.companyId(x.client.id, x.companyId.id), { coid: '99999999' })
    expect(res.status).toBe(200)
    expect(res.body.companyids).toEqual([
      { _id: x.companyId.id, country: 'Czech', coid: '99999999', taxid: 'CZ27082440', register: '' },
    ])
  })

  it('DELETE removes a company id; deleting it again answers 404', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.delete(urls.companyId(x.client.id, x.companyId.id))
    expect(res.status).toBe(200)
    expect(res.body.companyids).toEqual([])
    expect((await x.api.delete(urls.companyId(x.client.id, x.companyId.id))).status).toBe(404)
  })

  it.each([
    [{ coid: '1' }, 'country'],
    [{ country: 'Czech' }, 'coid'],
    [{ country: 'Czechia', coid: '1' }, 'country'],
    [{ country: 'Czech', coid: '1', extra: 1 }, 'extra'],
    [{ country: 'Slovakia', coid: '1', register: 'x'.repeat(201) }, 'register'],
  ])('POST refuses %j (400 naming %s) and adds nothing', async (payload, field) => {
    const res = await expectRefused(asA, { method: 'POST', url: urls.companyIds(a.client.id), payload }, 400)
    expect(res.body.details).toHaveProperty([field])
  })

  it('PUT refuses an unknown country (400) and changes nothing', async () => {
    const req = {
      method: 'PUT',
      url: urls.companyId(a.client.id, a.companyId.id),
      payload: { country: 'Gondor' },
    } as const
    expect((await expectRefused(asA, req, 400)).body.details).toHaveProperty(['country'])
  })

  it('answers 404 for a company id of another business client and for another business', async () => {
    await expectRefused(
      asA,
      { method: 'PUT', url: urls.companyId(a.client.id, b.companyId.id), payload: { coid: '1' } },
      404,
    )
    await expectRefused(asA, { method: 'DELETE', url: urls.companyId(a.client.id, b.companyId.id) }, 404)
    await expectRefused(
      asB,
      { method: 'POST', url: urls.companyIds(a.client.id), payload: { country: 'Czech', coid: '1' } },
      404,
    )
    await expectRefused(
      asB,
      { method: 'PUT', url: urls.companyId(a.client.id, a.companyId.id), payload: { coid: '1' } },
      404,
    )
    await expectRefused(asB, { method: 'DELETE', url: urls.companyId(a.client.id, a.companyId.id) }, 404)
  })
})

describe('PUT /api/businessclients/:id/businessprofile', () => {
  it('switches the given settings by their dotted keys and keeps the others', async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(urls.profile(x.client.id), {
      'orders.invoicing.autoGenerate': true,
      'orders.shipping.automaticAssingCourier': false,
    })
    expect(res.status).toBe(200)
    expect(res.body.businessprofile).toEqual({
      'orders.invoicing.autoGenerate': true,
      'orders.automaticBlockingGoods': true,
      'orders.shipping.automaticAssingCourier': false,
      'notifications.email.newPo': false,
      'notifications.email.shippingPo': false,
      'notifications.dashboard.tickets.newticket': false,
      'notifications.dashboard.tickets.newmessage': false,
    })
    const back = await x.api.put(urls.profile(x.client.id), { 'orders.invoicing.autoGenerate': false })
    expect(back.body.businessprofile['orders.invoicing.autoGenerate']).toBe(false)
    expect(back.body.businessprofile['orders.shipping.automaticAssingCourier']).toBe(false)
  })

  it.each([
    [{}, 'body'],
    [{ 'orders.invoicing.autoGenerate': 'yes' }, 'orders.invoicing.autoGenerate'],
    [{ 'orders.darkMode': true }, 'orders.darkMode'],
  ])('refuses %j (400 naming %s) and changes nothing', async (payload, field) => {
    const res = await expectRefused(asA, { method: 'PUT', url: urls.profile(a.client.id), payload }, 400)
    expect(res.body.details).toHaveProperty([field])
  })

  it("answers 404 for another business's client", async () => {
    const payload = { 'notifications.email.newPo': true }
    await expectRefused(asB, { method: 'PUT', url: urls.profile(a.client.id), payload }, 404)
  })
})

describe('roles and sessions on every child endpoint', () => {
  const writes = (): TestRequest[] => [
    { method: 'PUT', url: urls.contact(a.client.id, a.contact.id), payload: { name: 'X' } },
    { method: 'PUT', url: urls.account(a.client.id, a.bankAccount.id), payload: { bankCode: '1' } },
    { method: 'POST', url: urls.companyIds(a.client.id), payload: { country: 'Czech', coid: '1' } },
    { method: 'PUT', url: urls.companyId(a.client.id, a.companyId.id), payload: { coid: '1' } },
    { method: 'DELETE', url: urls.companyId(a.client.id, a.companyId.id) },
    { method: 'PUT', url: urls.profile(a.client.id), payload: { 'notifications.email.newPo': true } },
  ]

  it.each(['operator', 'finance'] as const)('refuses %s staff (403) and changes nothing', async (role) => {
    const { api } = await t.userWithToken({ roles: [role] })
    for (const req of writes()) {
      const res = await expectRefused(api, req, 403)
      expect(res.body.code).toBe('FORBIDDEN')
    }
  })

  it('lets an admin change any business client', async () => {
    const x = await t.factory.tenant()
    const admin = await t.asAdmin()
    expect((await admin.put(urls.contact(x.client.id, x.contact.id), { name: 'Staff edit' })).status).toBe(
      200,
    )
    expect((await admin.put(urls.profile(x.client.id), { 'notifications.email.newPo': true })).status).toBe(
      200,
    )
  })

  it('refuses an anonymous caller (401) and changes nothing', async () => {
    for (const req of writes())
      expect((await expectRefused(t.anon, req, 401)).body.code).toBe('UNAUTHENTICATED')
  })
})
