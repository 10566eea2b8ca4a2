import { type ChangeLogEntry, changeLogText, type Order } from '@expedo/domain'
import { render, screen } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import csDetail from '../../../../locales/cs/order-detail.json'
import csOrders from '../../../../locales/cs/orders.json'
import { ChangeLogPanel } from './change-log-panel'

type ChangeLog = Order['changeLogs'][number]

const entries: ChangeLogEntry[] = [
  { event: 'imported', params: { eshopUrl: 'https://obchod.cz' } },
  { event: 'courierAssigned', params: { courier: 'PPL', country: 'CZ' } },
  { event: 'statusChanged', params: { from: 'New', to: 'Order Ready for picking', stock: 'blocked' } },
  {
    event: 'statusChanged',
    params: { from: 'No goods', to: 'Order Ready for picking', stock: 'blocked', reason: 'goodsReceived' },
  },
  { event: 'statusChanged', params: { from: 'Order Ready for picking', to: 'Canceled', stock: 'released' } },
  { event: 'statusChanged', params: { from: 'New', to: 'No goods', reason: 'warehouseChanged' } },
  { event: 'stockBlockedAgain', params: { reason: 'itemsChanged' } },
  { event: 'fieldChanged', params: { field: 'client.firstName', kind: 'text', from: null, to: 'Jana' } },
  {
    event: 'fieldChanged',
    params: { field: 'shipTo.country', kind: 'country', from: 'Czech', to: 'Slovakia' },
  },
  { event: 'fieldChanged', params: { field: 'codApply', kind: 'boolean', from: false, to: true } },
  { event: 'fieldChanged', params: { field: 'codAmount', kind: 'money', from: 0, to: 1234.5 } },
  { event: 'fieldChanged', params: { field: 'weight', kind: 'grams', from: null, to: 1200 } },
  { event: 'fieldChanged', params: { field: 'deliveryDate', kind: 'date', from: null, to: '2026-12-01' } },
  {
    event: 'fieldChanged',
    params: { field: 'paymentType', kind: 'paymentType', from: 'Paid Online', to: 'COD' },
  },
  { event: 'itemAdded', params: { sku: 'MUG-1', name: 'Hrnek', quantity: 2, price: 10 } },
  { event: 'itemRemoved', params: { sku: 'MUG-1', name: 'Hrnek', quantity: 2, price: 10 } },
  { event: 'itemsReplaced', params: {} },
  { event: 'totalChanged', params: { from: 10, to: 12 } },
  { event: 'created', params: { status: 'Draft', copyOf: 1042 } },
  { event: 'duplicated', params: { copy: 123 } },
  { event: 'deletedInEshop', params: { status: 'Packed' } },
  { event: 'productPaired', params: { sku: 'MUG-1', name: 'Hrnek' } },
  { event: 'waveReleased', params: { wave: 42, slot: 3 } },
  { event: 'picked', params: { sku: 'MUG-1', quantity: 2, location: 'A-01-01-1' } },
  { event: 'pickShort', params: { sku: 'MUG-1', quantity: 1, missing: 2, location: 'A-01-01-1' } },
  { event: 'pickReturned', params: { sku: 'MUG-1', quantity: 2, location: 'A-01-02-1' } },
  { event: 'packed', params: { weight: 1250, parcels: 2 } },
  { event: 'statusChanged', params: { from: 'Shipping', to: 'Delivered' } },
]

/** A log row as the API answers it: the English sentence next to its event and parameters. */
const logOf = (
  entry: ChangeLogEntry,
  i: number,
  who: ChangeLog['who'] = { _id: 'u1', username: 'operator' },
): ChangeLog => ({
  what: changeLogText(entry),
  who,
  when: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString(),
  event: entry.event,
  params: entry.params,
})

/** Words of the English catalogue sentences and values that a Czech timeline must not show. */
const english =
  /(?<!\p{L})(Order|Status|Stock|stock|blocked|released|Courier|default|assigned|Item|added|removed|replaced|Total|Duplicated|Deleted|paired|product|Client|first name|Country|COD|yes|no|Paid Online|goods|received|changed|New|Draft|Ready|picking|Canceled|Delivered|Shipping|Packed|Czech|Slovakia|eshop import|grams|Released|wave|Picked|Short|missing|taken|put back|parcels|Packed:)(?!\p{L})/u

const itemTexts = () => screen.getAllByRole('listitem').map((li) => li.textContent ?? '')

describe('change log in Czech', () => {
  beforeAll(() => {
    i18n.addResourceBundle('cs', 'order-detail', csDetail)
    i18n.addResourceBundle('cs', 'orders', csOrders)
  })
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('renders every event, its values and the system user in Czech, with no English', async () => {
    await i18n.changeLanguage('cs')
    const created: ChangeLogEntry = { event: 'created', params: { status: 'New' } }
    const logs = [logOf(created, 0, { _id: null, username: 'eshop import' })]
    logs.push(...entries.map((e, i) => logOf(e, i + 1)))
    render(<ChangeLogPanel logs={logs} />)

    const texts = itemTexts().reverse()
    expect(texts).toHaveLength(logs.length)
    for (const text of texts) expect(text).not.toMatch(english)
    expect(texts[0]).toMatch(/^Objednávka vytvořena \(Nová\)import z e-shopu · 20-11-26/)
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Stav: Nová → Připravena k vychystání \(zboží zablokováno\)operator/),
        expect.stringMatching(/^Stav: Připravena k vychystání → Zrušena \(blokované zboží uvolněno\)/),
        expect.stringMatching(/^Země: Česko → Slovensko/),
        expect.stringMatching(/^Dobírka: ne → ano/),
        expect.stringMatching(/^Částka dobírky: 0,00 → 1\s234,50/),
        expect.stringMatching(/^Hmotnost: — → 1200 gramů/),
        expect.stringMatching(/^Datum doručení: — → 01-12-2026/),
        expect.stringMatching(/^Dopravce: — → PPL \(výchozí dopravce pro Česko, přiřazen automaticky\)/),
        expect.stringMatching(/^Stav: Odesílá se → Doručena/),
      ]),
    )
  })

  it('shows a row older than event codes as its stored text', async () => {
    await i18n.changeLanguage('cs')
    const legacy: ChangeLog = {
      what: 'Something the log once said',
      who: { _id: 'u1', username: 'operator' },
      when: '2026-11-20T10:00:00.000Z',
      event: null,
      params: null,
    }
    render(<ChangeLogPanel logs={[legacy]} />)
    expect(itemTexts()[0]).toMatch(/^Something the log once said/)
  })
})

describe('change log in English', () => {
  it('reads the events in English through the same formatters', () => {
    render(<ChangeLogPanel logs={entries.map((e, i) => logOf(e, i))} />)
    expect(itemTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Status: New → Order Ready for picking \(stock blocked\)operator/),
        expect.stringMatching(
          /^Status: No goods → Order Ready for picking \(stock blocked: goods received\)/,
        ),
        expect.stringMatching(/^COD amount: 0\.00 → 1,234\.50/),
        expect.stringMatching(/^Client first name: — → Jana/),
        expect.stringMatching(/^Item added: MUG-1 Hrnek × 2 \(10\.00\)/),
      ]),
    )
  })
})
