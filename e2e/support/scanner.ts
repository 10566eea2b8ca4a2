import type { Page } from 'playwright-core'

/**
 * A hardware scanner's scan: a burst of key presses ending with Enter, sent to whatever has the focus.
 * - Focus in a text field: the field takes the text and its own Enter handles it (as when a scanner types
 *   into it), so the text goes in at once and Enter follows.
 * - Anywhere else: the whole burst is dispatched inside the page in one go, as a scanner types it
 *   (milliseconds a key), for the screen's burst detection. Typed key by key from the test, each key waits
 *   for the previous one's round trip, and on a loaded machine the burst slowed past what the screen takes
 *   for a scan (the putaway journey's scan was ignored at load 12).
 */
export async function scan(page: Page, text: string): Promise<void> {
  const inField = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el) return false
    if (el.tagName === 'TEXTAREA' || el.isContentEditable) return true
    return (
      el.tagName === 'INPUT' &&
      !['radio', 'checkbox', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type)
    )
  })
  if (inField) {
    await page.keyboard.insertText(text)
    await page.keyboard.press('Enter')
    return
  }
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body
    for (const key of [...keys.split(''), 'Enter']) {
      for (const type of ['keydown', 'keyup'] as const)
        target.dispatchEvent(
          new KeyboardEvent(type, { key, bubbles: true, cancelable: true, composed: true }),
        )
    }
  }, text)
}
