import type { EndpointInput, endpoints, OrderStatus } from '@expedo/domain'
import { ORDER_SEARCH_MIN_CHARS, orderStatusList, transitionKind } from '@expedo/domain'
import dayjs from 'dayjs'

export type OrderListBody = NonNullable<EndpointInput<typeof endpoints.orders.list>['body']>
export type OrderSearchBody = NonNullable<EndpointInput<typeof endpoints.orders.search>['body']>
export type OrderExportBody = NonNullable<EndpointInput<typeof endpoints.orders.exportPerOrderLine>['body']>

/** The 'All' tab: no status filter. */
export const ALL_TAB = 'All'
export type OrderTab = typeof ALL_TAB | OrderStatus

/** Spec §4 "Orders list behaviour": the default tab. */
export const DEFAULT_TAB: OrderTab = 'Order Ready for picking'

/**
 * The tabs in their order: All, then the warehouse flow, then the side statuses. Spec §2: the first 13
 * show as tabs, the rest sit in the 'other' dropdown.
 */
export const tabOrder: readonly OrderTab[] = [
  ALL_TAB,
  'New',
  'Order Ready for picking',
  'Product Picking',
  'Packed',
  'Shipping',
  'Delivered',
  'COD WAITING',
  'No goods',
  'Draft',
  'Client editing',
  'Canceled',
  'Error',
  'Not shipped',
  'Validated',
  'In progress',
]
export const VISIBLE_TABS = 13

/** Spec §9: choosing All without a from-date shows the last 30 days. */
export const ALL_TAB_DAYS = 30

export const searchKeys = ['', 'clientOrderNr', 'internalNumericId', 'customer'] as const
export type SearchKey = (typeof searchKeys)[number]

export const codFilters = ['all', 'no_cod', 'has_cod'] as const
export type CodFilter = (typeof codFilters)[number]

export const dateFields = ['createdAt', 'updatedAt'] as const

/** Everything the list shows, kept in the URL (dates as YYYY-MM-DD, ids as they are). */
export const listDefaults = {
  page: 1,
  pageSize: 10,
  status: DEFAULT_TAB as string,
  q: '',
  key: '' as string,
  from: '',
  to: '',
  product: '',
  country: '',
  courier: '',
  cod: 'all' as string,
  dates: 'createdAt' as string,
  client: '',
  /** The "More filters" row is open (kept in the URL like the filters, so a reload keeps it). */
  more: false,
}
export type OrderListState = typeof listDefaults

export const listStateOptions = {
  allowed: {
    status: [ALL_TAB, ...orderStatusList] as string[],
    key: [...searchKeys] as string[],
    cod: [...codFilters] as string[],
    dates: [...dateFields] as string[],
  },
}

/** The from-date the All tab gets when none is set: 30 days ago (YYYY-MM-DD). */
export function allTabFrom(today = dayjs()): string {
  return today.subtract(ALL_TAB_DAYS, 'day').format('YYYY-MM-DD')
}

/**
 * The URL change for choosing a tab (spec §4): a tab lists by the filters, so it ends a search;
 * All without a from-date sets the from-date 30 days back. The page goes back to 1 (useUrlState).
 */
export function tabChange(state: OrderListState, tab: OrderTab, today = dayjs()): Partial<OrderListState> {
  const patch: Partial<OrderListState> = { status: tab, q: '' }
  if (tab === ALL_TAB && !state.from) patch.from = allTabFrom(today)
  return patch
}

/** Spec §4: clearing the search resets the tab to New. */
export const clearSearchChange: Partial<OrderListState> = { q: '', status: 'New' }

/** The filters of `POST /orders` without paging (also the export's filters). */
function listFilters(
  state: OrderListState,
  isStaff: boolean,
): Omit<OrderListBody, 'currentPage' | 'itemsPerPage'> {
  const body: Omit<OrderListBody, 'currentPage' | 'itemsPerPage'> = {
    use_createdAt: state.dates !== 'updatedAt',
  }
  if (state.status !== ALL_TAB) body.status = state.status as OrderStatus
  if (state.from) body.dateFrom = state.from
  if (state.to) body.dateTo = state.to
  if (state.product) body.product = state.product
  if (state.country) body.country = state.country
  if (state.courier) body.courier = state.courier
  if (state.cod === 'has_cod') body.has_cod = true
  else if (state.cod === 'no_cod') body.no_cod = true
  if (isStaff && state.client) body.businessclient = state.client
  return body
}

/** The `POST /orders` body of the list state. */
export function listBody(state: OrderListState, isStaff: boolean): OrderListBody {
  return { ...listFilters(state, isStaff), currentPage: state.page, itemsPerPage: state.pageSize }
}

/**
 * The filters behind the "More filters" toggle (the less used ones); the date range and the search stay
 * in sight. A client has no business-client filter.
 */
export const moreFilterKeys = ['dates', 'product', 'country', 'courier', 'cod', 'client'] as const

/** How many of the filters behind "More filters" differ from their defaults (the toggle shows it). */
export function hiddenFilterCount(state: OrderListState, isStaff: boolean): number {
  return moreFilterKeys.filter((key) => (key !== 'client' || isStaff) && state[key] !== listDefaults[key])
    .length
}

/**
 * A term the search refuses (spec of the API: ORDER_SEARCH_MIN_CHARS): 1 or 2 characters, unless the
 * key is the internal number (an equality, any length). The screen then says so instead of asking.
 */
export function isSearchTooShort(term: string, key: string): boolean {
  const length = Array.from(term.trim()).length
  return length > 0 && length < ORDER_SEARCH_MIN_CHARS && key !== 'internalNumericId'
}

/** The `POST /orders/find/search` body, or null when there is no search term (or one too short to send). */
export function searchBody(state: OrderListState): OrderSearchBody | null {
  const searchTerm = state.q.trim()
  if (!searchTerm || isSearchTooShort(searchTerm, state.key)) return null
  const body: OrderSearchBody = { searchTerm, currentPage: state.page, itemsPerPage: state.pageSize }
  if (state.key) body.key = state.key as Exclude<SearchKey, ''>
  return body
}

/**
 * The export body: the selected rows when there are any, else the search results shown (a search has
 * no filters the export could repeat), else the list's filters.
 */
export function exportBody(
  state: OrderListState,
  isStaff: boolean,
  selectedIds: readonly string[],
  shownIds: readonly string[],
): OrderExportBody | null {
  if (selectedIds.length) return { ids: [...selectedIds] }
  if (searchBody(state)) return shownIds.length ? { ids: [...shownIds] } : null
  return listFilters(state, isStaff)
}

/** The tab counts: each status's total, All = their sum. */
export function tabCounts(totals: readonly { status: OrderStatus; count: number }[]): Map<OrderTab, number> {
  const counts = new Map<OrderTab, number>()
  let all = 0
  for (const { status, count } of totals) {
    counts.set(status, (counts.get(status) ?? 0) + count)
    all += count
  }
  counts.set(ALL_TAB, all)
  return counts
}

/** A text cut to `max` characters, with an ellipsis when something was cut (spec §9). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}

/** Spec §9: at most 2 error messages per row, each cut to 20 characters. */
export const ERROR_MESSAGES_SHOWN = 2
export const ERROR_MESSAGE_CHARS = 20
/** Spec §9: item names cut to 15 characters. */
export const ITEM_NAME_CHARS = 15

/**
 * The statuses a user may move these orders to: every status the transition table reaches from at least
 * one of their statuses by a kind of transition the user may make (client actions with orders.write, the
 * warehouse flow with orders.process; allocation is the server's). Orders that cannot make the move are
 * refused by the server and listed in the failed-orders record.
 */
export function statusTargets(
  from: readonly OrderStatus[],
  rights: { write: boolean; process: boolean },
): OrderStatus[] {
  return orderStatusList.filter((to) =>
    from.some((status) => {
      const kind = transitionKind(status, to)
      return (kind === 'client' && rights.write) || (kind === 'warehouse' && rights.process)
    }),
  )
}

/**
 * Order numbers or internal ids typed or pasted into the input modal: separated by spaces, commas,
 * semicolons or new lines; duplicates dropped; at most `max`.
 */
export function parseOrderRefs(text: string, max = 100): string[] {
  const refs = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  return [...new Set(refs)].slice(0, max)
}
