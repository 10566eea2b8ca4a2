import { SpreadsheetFormatError } from './spreadsheet-limits.ts'

/** What the tokenizer reports: names without their namespace prefix, attribute values decoded. */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void
  close(name: string): void
  /** Character data, in pieces (one text node may come in several); `raw` pieces still hold entities. */
  text(piece: string, raw: boolean): void
}

/** Longest tag, comment or CDATA section held while waiting for its end (a cell's CDATA fits many times). */
export const MAX_MARKUP_CHARS = 256 * 1024

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** XML character data with its five predefined entities and character references decoded. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1)
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function parseTag(body: string, handler: XmlHandler): void {
  if (body[0] === '/') {
    handler.close(localName(body.slice(1).trim()))
    return
  }
  const selfClosing = body.endsWith('/')
  const inner = selfClosing ? body.slice(0, -1) : body
  const nameEnd = inner.search(/[\s/]|$/)
  const attributes: Record<string, string> = {}
  for (const m of inner.slice(nameEnd).matchAll(ATTRIBUTE)) {
    attributes[localName(m[1]!)] = decodeXmlText(m[2] ?? m[3] ?? '')
  }
  handler.open(localName(inner.slice(0, nameEnd)), attributes, selfClosing)
}

/** The index just past the tag's closing '>' (quotes respected), or -1 if it has not come yet. */
function tagEnd(buffer: string, from: number): number {
  let quote = ''
  for (let i = from; i < buffer.length; i++) {
    const c = buffer[i]!
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '>') return i + 1
  }
  return -1
}

/**
 * A streaming XML tokenizer for the parts of an .xlsx: fed text as it inflates, it holds only one unfinished
 * tag (at most MAX_MARKUP_CHARS) and passes character data on as it comes. Comments and processing
 * instructions are skipped; a DOCTYPE is refused (a spreadsheet never has one, and its entities are the
 * "billion laughs" bomb).
 */
export class XmlTokenizer {
  readonly #handler: XmlHandler
  #buffer = ''

  constructor(handler: XmlHandler) {
    this.#handler = handler
  }

  write(chunk: string): void {
    const buffer = this.#buffer + chunk
    let at = 0
    while (at < buffer.length) {
      const lt = buffer.indexOf('<', at)
      if (lt < 0) {
        this.#handler.text(buffer.slice(at), true)
        at = buffer.length
        break
      }
      if (lt > at) this.#handler.text(buffer.slice(at, lt), true)
      const end = this.#markup(buffer, lt)
      if (end < 0) {
        at = lt
        break
      }
      at = end
    }
    this.#buffer = buffer.slice(at)
    if (this.#buffer.length > MAX_MARKUP_CHARS)
      throw new SpreadsheetFormatError('has an XML tag too long to be a spreadsheet’s')
  }

  end(): void {
    if (this.#buffer.trim()) throw new SpreadsheetFormatError('has an XML part that ends inside a tag')
  }

  /** Handles the markup at `lt`; returns the index after it, or -1 when it is not complete yet. */
  #markup(buffer: string, lt: number): number {
    const next = buffer[lt + 1]
    if (next === undefined) return -1
    if (next === '!') {
      if (buffer.startsWith('<!--', lt)) {
        const end = buffer.indexOf('-->', lt + 4)
        return end < 0 ? -1 : end + 3
      }
      if (buffer.startsWith('<![CDATA[', lt)) {
        const end = buffer.indexOf(']]>', lt + 9)
        if (end < 0) return -1
        this.#handler.text(buffer.slice(lt + 9, end), false)
        return end + 3
      }
      if (buffer.length - lt < 9) return -1
      throw new SpreadsheetFormatError('has an XML part with a DOCTYPE, which a spreadsheet never has')
    }
    if (next === '?') {
      const end = buffer.indexOf('?>', lt + 2)
      return end < 0 ? -1 : end + 2
    }
    const end = tagEnd(buffer, lt + 1)
    if (end < 0) return -1
    parseTag(buffer.slice(lt + 1, end - 1), this.#handler)
    return end
  }
}
