import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * Noto Sans regular and bold (Latin Extended with Czech, Slovak, Romanian comma-below ș ț, Cyrillic),
 * read from node_modules and parsed ONCE per process (per worker thread): parsing is about 80 % of the
 * cost of a small invoice when done per document (research/finance-pdf-shoptet.md §1.2). pdfkit 0.20
 * accepts the parsed fontkit font and subsets it per document.
 */

/** A parsed fontkit font; pdfkit recognises it by its layout method. */
export interface ParsedFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): unknown
  characterSet: number[]
  glyphForCodePoint(codePoint: number): unknown
}

export interface DocumentFonts {
  regular: ParsedFont
  bold: ParsedFont
}

const require = createRequire(import.meta.url)
let fonts: DocumentFonts | undefined

function parse(file: string): ParsedFont {
  // The CommonJS build pdfkit itself loads, so both use one fontkit.
  const fontkit = require('fontkit') as { create(data: Uint8Array): ParsedFont }
  const font = fontkit.create(readFileSync(require.resolve(file)))
  // fontkit caches a glyph with the characters it was first asked for. Subsetting a composite glyph
  // (Ô = O + ˆ) asks for its components without characters, so on a shared font the next document's
  // "O" would lose its text mapping (drawn, but not extractable or searchable). Creating every
  // glyph from its code point first keeps the mappings right for every later document.
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint)
  // No ligatures: with them "ff", "fi" and "fl" become one glyph that copies, searches and extracts as
  // U+FB00… (a client "Staff s.r.o." read back as "Staﬀ s.r.o."), and a tax document's text must read back
  // as written. Set on the font, not per text call: pdfkit caches its layouts by word only when a call
  // names no features (naming them made a 2-page invoice cost 64 ms of CPU instead of 17).
  const layout = font.layout.bind(font)
  font.layout = (text, features, ...rest) => layout(text, features ?? NO_LIGATURES, ...rest)
  return font
}

/** fontkit's feature overrides: the object form switches features off. */
const NO_LIGATURES = { liga: false, clig: false }

/** The process's parsed fonts (parsed on first use). */
export function documentFonts(): DocumentFonts {
  fonts ??= {
    regular: parse('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: parse('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  }
  return fonts
}
