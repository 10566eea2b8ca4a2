import { describe, expect, it } from 'vitest'
import { SpreadsheetFormatError } from './spreadsheet-limits.ts'
import { decodeXmlText, MAX_MARKUP_CHARS, XmlTokenizer } from './xml-tokenizer.ts'

/** The events of `xml` fed in pieces of `size` characters, text pieces joined and decoded. */
function events(xml: string, size: number): string[] {
  const out: string[] = []
  let text = ''
  const flush = () => {
    if (text) out.push(`text ${decodeXmlText(text)}`)
    text = ''
  }
  const tokenizer = new XmlTokenizer({
    open(name, attributes, selfClosing) {
      flush()
      out.push(`open ${name} ${JSON.stringify(attributes)}${selfClosing ? ' /' : ''}`)
    },
    close(name) {
      flush()
      out.push(`close ${name}`)
    },
    text(piece, raw) {
      text += raw ? piece : piece.replace(/&/g, '&amp;')
    },
  })
  for (let at = 0; at < xml.length; at += size) tokenizer.write(xml.slice(at, at + size))
  tokenizer.end()
  flush()
  return out
}

const XML =
  '<?xml version="1.0"?><!-- a comment with <c> --><x:row r="1" note=\'a > b &amp; c\'>' +
  '<c t="s"><v>A &lt;1&gt; &#x17D;&#382;</v></c><c><is><t><![CDATA[<raw & text>]]></t></is></c><c/></x:row>'

describe('XmlTokenizer', () => {
  it('reports the same events whatever the chunk boundaries (one character at a time or all at once)', () => {
    const whole = events(XML, XML.length)
    expect(whole).toEqual([
      'open row {"r":"1","note":"a > b & c"}',
      'open c {"t":"s"}',
      'open v {}',
      'text A <1> Žž',
      'close v',
      'close c',
      'open c {}',
      'open is {}',
      'open t {}',
      'text <raw & text>',
      'close t',
      'close is',
      'close c',
      'open c {} /',
      'close row',
    ])
    for (const size of [1, 2, 3, 7, 64]) expect(events(XML, size)).toEqual(whole)
  })

  it('refuses a DOCTYPE (entity expansion bombs) and a tag longer than it holds', () => {
    expect(() => events('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 5)).toThrow(SpreadsheetFormatError)
    expect(() => events(`<c r="${'1'.repeat(2 * MAX_MARKUP_CHARS)}"/>`, 4096)).toThrow(SpreadsheetFormatError)
  })
})
