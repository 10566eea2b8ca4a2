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

/**
 * What a reader of a list screen at desktop width trips over (issue 27, "Tables that read at 1280 px"), one
 * line each, empty when the screen reads well:
 * - the page, or a table in its own box, scrolls sideways;
 * - a column header breaks inside a word ("Objedná/vka");
 * - a cell's content spills out of its cell over the next one, or is cut without an ellipsis;
 * - an identifier (document number, IBAN, tracking id, date-time: an element marked `data-identifier` by the
 *   shared cells) wraps onto a second line or is cut at all.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el === document.body
    const short = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
    /** The distinct line tops of an element's text (a text that wraps has more than one). */
    const lineTops = (node: Node) => {
      const range = document.createRange()
      range.selectNodeContents(node)
      const tops: number[] = []
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue
        if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top)
      }
      return tops
    }
    const cellName = (cell: Element) => {
      const table = cell.closest('table')
      const index = (cell as HTMLTableCellElement).cellIndex
      const header = table?.querySelectorAll('thead tr:last-child th')[index]
      return short(header?.textContent) || `column ${index + 1}`
    }

    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth})`)
    for (const box of document.querySelectorAll('.ant-table-content, .ant-table-body')) {
      if (visible(box) && box.scrollWidth > box.clientWidth + 1)
        problems.push(
          `the table "${short(box.querySelector('thead th:not(.ant-table-selection-column)')?.textContent)}" scrolls sideways (${box.scrollWidth} px in ${box.clientWidth})`,
        )
    }

    for (const th of document.querySelectorAll('thead th')) {
      if (!visible(th) || th.classList.contains('ant-table-cell-scrollbar')) continue
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(text, word.index)
          range.setEnd(text, word.index + word[0].length)
          const tops = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (tops.size > 1) problems.push(`the header "${short(th.textContent)}" breaks inside "${word[0]}"`)
        }
      }
    }

    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible'
    /**
     * The texts inside `container` that a box clips without an ellipsis: a box that cuts and shows no '…',
     * or one whose '…' cannot apply because what overflows is a box of its own (a tag in a one-line cell).
     */
    const cutsWithoutEllipsis = (container: Element) => {
      const cuts: string[] = []
      for (const inner of container.querySelectorAll('*')) {
        const own = getComputedStyle(inner)
        if (!visible(inner) || !clips(own) || own.position === 'absolute') continue
        // A field scrolls its own value (an editable quantity or price of a bill's item).
        if (inner.matches('input, textarea') || inner.closest('.ant-input-number, .ant-select, .ant-picker'))
          continue
        if (inner.scrollWidth <= inner.clientWidth + 1) continue
        if (own.textOverflow !== 'ellipsis') {
          cuts.push(`${short(inner.textContent)}" without an ellipsis`)
          continue
        }
        // Its '…' hides a box on the line (an icon, a tag) that follows some text, but not one that starts the
        // line (Chromium clips that one bare), nor a block-level box inside it.
        const box = inner.getBoundingClientRect()
        for (const child of inner.querySelectorAll('*')) {
          const style = getComputedStyle(child)
          if (style.display === 'inline' || (clips(style) && style.textOverflow === 'ellipsis')) continue
          // Not the drawing inside an icon or a tag (that box is the one to judge).
          let inAtom = false
          for (let up = child.parentElement; up && up !== inner; up = up.parentElement)
            if (getComputedStyle(up).display.startsWith('inline-')) inAtom = true
          if (inAtom) continue
          const rect = child.getBoundingClientRect()
          const startsLine = rect.left <= box.left + parseFloat(own.paddingLeft) + 1
          if (rect.right > box.right + 1 && (startsLine || !style.display.startsWith('inline')))
            cuts.push(`${short(child.textContent)}" without an ellipsis (a box of its own)`)
        }
      }
      return cuts
    }
    for (const td of document.querySelectorAll('tbody tr.ant-table-row > td')) {
      if (!visible(td)) continue
      const style = getComputedStyle(td)
      const row = short(td.closest('tr')?.querySelector('td:not(.ant-table-selection-column)')?.textContent)
      if (td.scrollWidth > td.clientWidth + 1 && !(clips(style) && style.textOverflow === 'ellipsis'))
        problems.push(
          clips(style)
            ? `"${cellName(td)}" of the row "${row}" is cut without an ellipsis`
            : `"${cellName(td)}" of the row "${row}" spills over its neighbour (${td.scrollWidth} px in ${td.clientWidth})`,
        )
      for (const cut of cutsWithoutEllipsis(td))
        problems.push(`"${cellName(td)}" of the row "${row}" cuts "${cut}`)
    }
    // The cards that replace a table on a phone.
    for (const card of document.querySelectorAll('li > .ant-card'))
      if (visible(card))
        for (const cut of cutsWithoutEllipsis(card))
          problems.push(`the card "${short(card.querySelector('.ant-card-head')?.textContent)}" cuts "${cut}`)

    for (const id of document.querySelectorAll<HTMLElement>('[data-identifier]')) {
      if (!visible(id) || !id.closest('tbody, .ant-card')) continue
      const text = short(id.textContent)
      if (lineTops(id).length > 1) problems.push(`the identifier "${text}" wraps`)
      // Cut: its text, laid out whole on one line, would end beyond the nearest box that clips it (itself
      // included). Measured on a copy: Chromium reports an ellipsis-cut text's rectangles as cut.
      const probe = document.createElement('span')
      probe.textContent = id.textContent
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0'
      id.appendChild(probe)
      const natural = probe.getBoundingClientRect().width
      probe.remove()
      const right = id.getBoundingClientRect().left + natural
      for (let box: HTMLElement | null = id; box && box.tagName !== 'TR'; box = box.parentElement) {
        if (!clips(getComputedStyle(box))) continue
        const edge = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight)
        // A phone's card may end a truly long one in '…', its title having it whole; a table row may not.
        const titled = id.closest('.ant-card') && id.title === id.textContent
        if (right > edge + 0.1 && !titled)
          problems.push(`the identifier "${text}" is cut (${Math.round(right - edge)} px)`)
        break
      }
    }
    return [...new Set(problems)]
  })
}
