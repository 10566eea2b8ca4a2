import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'

let t: TestApp
let admin: TestApi
let op: TestApi
let finance: TestApi

const praha = {
  contactName: 'Petr Dvořák',
  phone: '+420 222 333 444',
  email: 'sklad@expedo.test',
  street: 'Kutnohorská',
  houseNumber: '12',
  postCode: '109 00',
  city: 'Praha',
}
const url = (id: string) => `/api/warehouses/${id}/address`

beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.userWithToken({ roles: ['admin'], username: t.factory.unique('adm') })).api
  op = (await t.userWithToken({ roles: ['operator'], username: t.factory.unique('op') })).api
  finance = (await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })).api
})
afterAll(() => t?.close())

describe('a warehouse’s sender address', () => {
  it('is incomplete until an admin sets it; then GET answers what was set, trimmed, and complete', async () => {
    const wh = await t.factory.warehouse({ name: t.factory.unique('Praha'), city: 'Praha' })
    const before = await op.get(url(wh.id))
    expect(before.status).toBe(200)
    expect(before.body).toEqual({
      _id: wh.id,
      name: wh.name,
      country: 'Czech',
      contactName: '',
      phone: '',
      email: '',
      street: '',
      houseNumber: '',
      postCode: '',
      city: 'Praha',
      complete: false,
    })

    const set = await admin.put(url(wh.id), { ...praha, street: '  Kutnohorská ' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toEqual({ _id: wh.id, name: wh.name, country: 'Czech', ...praha, complete: true })
    expect((await admin.get(url(wh.id))).body).toEqual(set.body)
    expect((await op.get(url(wh.id))).body).toEqual(set.body)
  })

  it('takes an empty e-mail and house number', async () => {
    const wh = await t.factory.warehouse()
    const set = await admin.put(url(wh.id), { ...praha, email: '', houseNumber: '' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ email: '', houseNumber: '', complete: true })
  })

  it('is read by the floor staff and set by an admin only: an operator’s PUT, finance and a client get 403', async () => {
    const wh = await t.factory.warehouse()
    const client = await t.tenantWithApi()
    expect((await op.put(url(wh.id), praha)).status).toBe(403)
    for (const api of [finance, client.api]) {
      expect((await api.get(url(wh.id))).status).toBe(403)
      expect((await api.put(url(wh.id), praha)).status).toBe(403)
    }
    expect((await admin.get(url(wh.id))).body).toMatchObject({ street: '', phone: '', complete: false })
  })

  it('refuses a bad phone, a missing street or an unknown field with a 400 naming the field; nothing changes', async () => {
    const wh = await t.factory.warehouse()
    expect((await admin.put(url(wh.id), praha)).status).toBe(200)
    const before = (await admin.get(url(wh.id))).body

    const phone = await admin.put(url(wh.id), { ...praha, street: 'Jiná', phone: 'call me' })
    expect(phone.status).toBe(400)
    expect(phone.body.details).toMatchObject({ phone: 'must be a phone number' })

    const { street: _, ...noStreet } = praha
    const street = await admin.put(url(wh.id), { ...noStreet, city: 'Brno' })
    expect(street.status).toBe(400)
    expect(Object.keys(street.body.details)).toEqual(['street'])

    const blank = await admin.put(url(wh.id), { ...praha, street: '   ', postCode: '' })
    expect(blank.status).toBe(400)
    expect(blank.body.details).toMatchObject({ street: 'is required', postCode: 'is required' })

    const email = await admin.put(url(wh.id), { ...praha, email: 'not-an-address' })
    expect(email.status).toBe(400)
    expect(email.body.details).toMatchObject({ email: 'must be an e-mail address' })

    const extra = await admin.put(url(wh.id), { ...praha, country: 'Slovakia' })
    expect(extra.status).toBe(400)

    expect((await admin.get(url(wh.id))).body).toEqual(before)
  })

  it('answers 404 for an unknown warehouse and 400 for a malformed id', async () => {
    const unknown = '01900000-0000-7000-8000-000000000001'
    expect((await op.get(url(unknown))).status).toBe(404)
    expect((await admin.put(url(unknown), praha)).status).toBe(404)
    expect((await admin.get(url('nope'))).status).toBe(400)
  })
})
