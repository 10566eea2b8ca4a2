/**
 * The orders list filtered to the No goods orders of one product in one ship-to country. The parameter
 * names are the orders list's URL state (status, product, country).
 */
export function noGoodsOrdersLink(product: string, country: string): string {
  const query = new URLSearchParams({ status: 'No goods', product, country })
  return `/orders?${query.toString()}`
}
