import type { Page } from 'playwright-core'

export interface Overflow {
  table: string
  column: string
  right: number
  viewport: number
}

/**
 * The tables on the page whose last header cell ends beyond the viewport's right edge (a column the user
 * would have to scroll to). Empty when every visible table fits. Tables are named by their first header.
 */
export async function tablesOverflowing(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const found: { table: string; column: string; right: number; viewport: number }[] = []
    for (const table of document.querySelectorAll<HTMLTableElement>('table')) {
      if (table.offsetParent === null) continue // hidden (another tab, a closed modal)
      const header = [...table.querySelectorAll<HTMLTableCellElement>('thead th')].filter(
        (th) => th.offsetParent !== null && !th.classList.contains('ant-table-cell-scrollbar'),
      )
      const last = header.at(-1)
      if (!last) continue
      const right = last.getBoundingClientRect().right
      if (right > viewport + 0.5) {
        found.push({
          table: header[0]?.textContent?.trim() ?? '',
          column: last.textContent?.trim() ?? '',
          right: Math.round(right),
          viewport,
        })
      }
    }
    return found
  })
}
