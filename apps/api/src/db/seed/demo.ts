import type { Role } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { analyzeTables } from '../../platform/db/statistics.ts'
import { hashPassword } from '../../platform/security/passwords.ts'
import {
  businessClientBankAccounts,
  businessClientCompanyIds,
  businessClientContacts,
  businessClients,
  companies,
  couriers,
  users,
  warehouses,
} from '../schema/index.ts'
import { seedBills } from './bills.ts'
import { seedBulgarianClient } from './bulgarian-client.ts'
import { seedCatalogue } from './catalogue.ts'
import { seedCod } from './cod.ts'
import { seedCourierQuotations } from './couriers.ts'
import { seedInvoices } from './invoices.ts'
import { seedLocations } from './locations.ts'
import { seedOrders } from './orders.ts'
import { seedParcels } from './parcels.ts'
import { seedRefunds } from './refunds.ts'
import { seedServices } from './services.ts'
import { seedStock } from './stock.ts'
import { seedWave } from './waves.ts'

export const DEMO_PASSWORD = 'demo-password'

export const demoUsers: { username: string; roles: Role[]; client?: 0 | 1; sysLang: 'ENG' | 'CZ' | 'RO' }[] =
  [
    { username: 'admin', roles: ['admin'], sysLang: 'ENG' },
    { username: 'operator', roles: ['operator'], sysLang: 'CZ' },
    { username: 'finance', roles: ['finance'], sysLang: 'CZ' },
    { username: 'eshop1', roles: ['client'], client: 0, sysLang: 'CZ' },
    { username: 'eshop2', roles: ['client'], client: 1, sysLang: 'RO' },
  ]

/** With the sender address and contact their labels carry (issue 25); Sofia's post code is one Econt knows. */
const demoWarehouses = [
  {
    name: 'Praha Hostivař',
    country: 'Czech',
    city: 'Praha',
    street: 'Průmyslová',
    houseNumber: '1472/11',
    postCode: '102 00',
    contactName: 'Tomáš Veselý',
    phone: '+420 272 650 310',
    email: 'hostivar@expedo.cz',
  },
  {
    name: 'Bucureşti Chiajna',
    country: 'Romania',
    city: 'Chiajna',
    street: 'Șoseaua de Centură',
    houseNumber: '29',
    postCode: '077040',
    contactName: 'Mihai Popescu',
    phone: '+40 21 318 4520',
    email: 'chiajna@expedo.ro',
  },
  {
    name: 'Sofia Kazichene',
    country: 'Bulgaria',
    city: 'Sofia',
    street: 'Okolovrasten pat',
    houseNumber: '265',
    postCode: '1000',
    contactName: 'Georgi Dimitrov',
    phone: '+359 2 945 1180',
    email: 'kazichene@expedo.bg',
  },
]

const demoSuppliers = [
  { name: 'Bohemia Textil s.r.o.', country: 'Czech' },
  { name: 'Moravské sklárny a.s.', country: 'Czech' },
  { name: 'Carpați Cosmetice SRL', country: 'Romania' },
  { name: 'Shenzhen Bright Electronics Co.', country: 'China' },
  { name: 'Balkan Foods EOOD', country: 'Bulgaria' },
]

// One default courier per country; ECONT and ECONT_GR carry the office pick-up network.
const demoCouriers = [
  { name: 'PPL', country: 'Czech', isDefault: true },
  { name: 'Zásilkovna', country: 'Czech', isDefault: false },
  { name: 'GLS', country: 'Czech', isDefault: false },
  { name: 'DPD', country: 'Slovakia', isDefault: true },
  { name: 'Packeta SK', country: 'Slovakia', isDefault: false },
  { name: 'FAN Courier', country: 'Romania', isDefault: true },
  { name: 'Sameday', country: 'Romania', isDefault: false },
  { name: 'ECONT', country: 'Bulgaria', isDefault: true },
  { name: 'Speedy', country: 'Bulgaria', isDefault: false },
  { name: 'ECONT_GR', country: 'Greece', isDefault: true },
  { name: 'ACS', country: 'Greece', isDefault: false },
]

const demoClients = [
  {
    client: {
      name: 'Zahradní ráj s.r.o.',
      addressCountry: 'Czech',
      addressCity: 'Brno',
      addressStreet: 'Údolní',
      addressStreetNr: '53',
      addressPostcode: '602 00',
      addressRegion: 'Jihomoravský kraj',
      // Its shipped orders that ask for an invoice get one (the business profile's orders.invoicing.autoGenerate).
      invoicingAutoGenerate: true,
      // Its distance sales to Slovak consumers take the Slovak VAT (FINANCE.md "Place of supply").
      ossEnabled: true,
      ossSince: '2021-07-01',
    },
    contacts: [
      {
        name: 'Jana Dvořáková',
        email: 'jana@zahradniraj.cz',
        phone: '+420 603 112 233',
        position: 'Jednatelka',
      },
      { name: 'Petr Šimek', email: 'sklad@zahradniraj.cz', phone: '+420 777 450 120', position: 'Logistika' },
    ],
    bankAccounts: [
      {
        bankname: 'Česká spořitelna',
        currency: 'CZK',
        accountNr: '19-2000145399',
        bankCode: '0800',
        iban: 'CZ6508000000192000145399',
        addressCity: 'Praha',
        addressCountry: 'Czech',
      },
      {
        bankname: 'Fio banka',
        currency: 'EUR',
        accountNr: '2801234578',
        bankCode: '2010',
        iban: 'CZ0520100000002801234578',
        swift: 'FIOBCZPPXXX',
        addressCity: 'Praha',
        addressCountry: 'Czech',
      },
    ],
    companyIds: [
      {
        country: 'Czech',
        coid: '27082440',
        taxid: 'CZ27082440',
        register: 'C 98765 vedená u Krajského soudu v Brně',
      },
    ],
  },
  {
    client: {
      name: 'Casa Verde Shop SRL',
      addressCountry: 'Romania',
      addressCity: 'Cluj-Napoca',
      addressStreet: 'Strada Memorandumului',
      addressStreetNr: '28',
      addressPostcode: '400114',
      addressRegion: 'Cluj',
    },
    contacts: [
      {
        name: 'Andreea Popescu',
        email: 'andreea@casaverde.ro',
        phone: '+40 722 123 456',
        position: 'Manager',
      },
    ],
    bankAccounts: [
      {
        bankname: 'Banca Transilvania',
        currency: 'RON',
        accountNr: '',
        bankCode: '',
        iban: 'RO49AAAA1B31007593840000',
        addressCity: 'Cluj-Napoca',
        addressCountry: 'Romania',
      },
      {
        bankname: 'Banca Transilvania',
        currency: 'EUR',
        accountNr: '',
        bankCode: '',
        iban: 'RO61BTRLEURCRT0593840001',
        swift: 'BTRLRO22',
        addressCity: 'Cluj-Napoca',
        addressCountry: 'Romania',
      },
    ],
    // CUI 38450126 (its check digit holds; "RO" as a VAT payer) and the trade-register number; a VAT
    // registration in Bulgaria too: its goods also leave the Sofia warehouse (FINANCE.md "Place of supply").
    companyIds: [
      { country: 'Romania', coid: '38450126', taxid: 'RO38450126', register: 'J12/3456/2019' },
      { country: 'Bulgaria', coid: '204567893', taxid: 'BG204567893' },
    ],
  },
]

/** True when the database has no user yet: a brand-new installation. */
export async function isEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${users}`)
  return rows[0]?.n === 0
}

/** The seed's steps, in order: what the first start prints while it loads the demo data. */
const SEED_STEPS = [
  'clients and catalogue',
  'stock',
  'orders',
  'courier quotations',
  'invoices',
  'services',
  'parcels',
  'refunds',
  'bills',
  'COD transfers',
  'planner statistics',
] as const

/**
 * Demo data for a first look: warehouses, suppliers, couriers, two business clients with their catalogue,
 * stock and about 1,000 orders each, and a user per role. Then ANALYZE, so the planner knows the tables from
 * the first request (the embedded database has no autovacuum to do it later). `progress` is told each step
 * as it begins ("Loading demo data 3/11: orders…"), for the first start's output.
 */
export async function seedDemo(db: Db, progress: (line: string) => void = () => {}): Promise<void> {
  const step = (name: (typeof SEED_STEPS)[number]) =>
    progress(`Loading demo data ${SEED_STEPS.indexOf(name) + 1}/${SEED_STEPS.length}: ${name}…`)
  step('clients and catalogue')
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    await tx.insert(warehouses).values(demoWarehouses)
    await tx.insert(companies).values(demoSuppliers)
    await tx.insert(couriers).values(demoCouriers)
    const clientIds: string[] = []
    for (const demo of demoClients) {
      const [row] = await tx.insert(businessClients).values(demo.client).returning({ id: businessClients.id })
      const businessclientId = row!.id
      clientIds.push(businessclientId)
      await tx.insert(businessClientContacts).values(demo.contacts.map((c) => ({ ...c, businessclientId })))
      await tx
        .insert(businessClientBankAccounts)
        .values(demo.bankAccounts.map((a) => ({ ...a, businessclientId })))
      await tx
        .insert(businessClientCompanyIds)
        .values(demo.companyIds.map((c) => ({ ...c, businessclientId })))
    }
    // A Bulgarian issuer's documents; its few older orders before the demo orders (internal numbers by age).
    const bulgarian = await seedBulgarianClient(tx)
    await seedCatalogue(tx, clientIds)
    step('stock')
    await seedStock(tx, clientIds)
    await seedLocations(tx)
    const seeded = await tx
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          username: u.username,
          passwordHash,
          roles: u.roles,
          sysLang: u.sysLang,
          businessclientId: u.client === undefined ? null : clientIds[u.client]!,
        })),
      )
      .returning({ id: users.id, username: users.username, businessclientId: users.businessclientId })
    const user = (username: string) => seeded.find((u) => u.username === username)!
    step('orders')
    await seedOrders(tx, clientIds, {
      operator: user('operator'),
      finance: user('finance'),
      clients: clientIds.map((id) => seeded.find((u) => u.businessclientId === id)!),
    })
    // One wave in progress on the Praha floor, of orders the orders seed left in picking.
    await seedWave(tx, user('operator'))
    step('courier quotations')
    await seedCourierQuotations(tx)
    step('invoices')
    await seedInvoices(tx, [...clientIds, bulgarian])
    // After orders, stock and any courier quotations: the services they would have recorded.
    step('services')
    await seedServices(tx, clientIds)
    step('parcels')
    await seedParcels(tx, clientIds, user('operator').id)
    step('refunds')
    await seedRefunds(tx, clientIds)
  })
  // Issuers, and bills of the services seeded above (run after the services seed; each bill commits alone).
  step('bills')
  await seedBills(db)
  step('COD transfers')
  await seedCod(db)
  step('planner statistics')
  await analyzeTables(db)
}
