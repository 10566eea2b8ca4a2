import {
  SpreadsheetFormatError,
  SpreadsheetLimitError,
  type SpreadsheetLimits,
} from './spreadsheet-limits.ts'

/**
 * Inflates one raw-deflated ZIP entry as chunks (Node: a zlib stream; a browser: DecompressionStream).
 * The reader stops iterating the moment a limit is passed: the inflater must then stop too.
 */
export type Inflate = (compressed: Uint8Array) => AsyncIterable<Uint8Array>

export interface ZipEntry {
  name: string
  method: number
  flags: number
  compressedSize: number
  /** As the ZIP says: checked against what it really inflates to, never trusted. */
  declaredSize: number
  localOffset: number
}

const END_OF_CENTRAL = 0x06054b50
const CENTRAL_HEADER = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
const ENCRYPTED = 0x0001
const MAX_32 = 0xffffffff
const unreadable = () => new SpreadsheetFormatError('is not a readable .xlsx spreadsheet')

/**
 * The central directory of a ZIP held in memory (the upload, already bounded by fileBytes): name, method
 * and sizes of each entry, by lower-case name. ZIP64 is not needed below 4 GB and is refused.
 */
export function zipEntries(bytes: Uint8Array, limits: SpreadsheetLimits): Map<string, ZipEntry> {
  if (bytes.length > limits.fileBytes) throw new SpreadsheetLimitError('fileBytes', limits.fileBytes)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL) {
      end = at
      break
    }
  }
  if (end < 0) throw unreadable()
  const count = view.getUint16(end + 10, true)
  const directorySize = view.getUint32(end + 12, true)
  let at = view.getUint32(end + 16, true)
  if (count > limits.entries) throw new SpreadsheetLimitError('entries', limits.entries)
  if (at + directorySize > end) throw unreadable()
  const entries = new Map<string, ZipEntry>()
  const names = new TextDecoder()
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_HEADER) throw unreadable()
    const nameLength = view.getUint16(at + 28, true)
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    }
    if (entry.compressedSize === MAX_32 || entry.localOffset === MAX_32) throw unreadable()
    entries.set(entry.name.toLowerCase(), entry)
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return entries
}

/** The entry's compressed bytes, located through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const at = entry.localOffset
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw unreadable()
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  if (start + entry.compressedSize > bytes.length) throw unreadable()
  return bytes.subarray(start, start + entry.compressedSize)
}

/** Bytes inflated so far across the entries of one file (the inflatedBytes limit). */
export interface InflatedTotal {
  bytes: number
}

/**
 * The entry's content as text, chunk by chunk as it inflates. Counts every inflated byte against the
 * entry's and the file's limits and the size the ZIP declared, and stops the inflater the moment one is
 * passed: no more than one chunk beyond a limit is ever made.
 */
export async function* entryText(
  bytes: Uint8Array,
  entry: ZipEntry,
  inflate: Inflate,
  limits: SpreadsheetLimits,
  total: InflatedTotal,
): AsyncGenerator<string> {
  if (entry.flags & ENCRYPTED) throw new SpreadsheetFormatError('is encrypted (save it without a password)')
  if (entry.method !== STORED && entry.method !== DEFLATED) throw unreadable()
  if (entry.declaredSize > limits.entryBytes) throw new SpreadsheetLimitError('entryBytes', limits.entryBytes)
  const data = entryData(bytes, entry)
  const decoder = new TextDecoder('utf-8')
  let size = 0
  const chunks = entry.method === STORED ? [data] : inflate(data)
  try {
    for await (const chunk of chunks) {
      size += chunk.length
      total.bytes += chunk.length
      if (size > limits.entryBytes) throw new SpreadsheetLimitError('entryBytes', limits.entryBytes)
      if (total.bytes > limits.inflatedBytes)
        throw new SpreadsheetLimitError('inflatedBytes', limits.inflatedBytes)
      // A part larger than its header says is a forged ZIP (its declared sizes are what zip bombs lie in).
      if (size > entry.declaredSize) throw unreadable()
      yield decoder.decode(chunk, { stream: true })
    }
  } catch (error) {
    if (error instanceof SpreadsheetLimitError || error instanceof SpreadsheetFormatError) throw error
    throw unreadable() // the inflater's own error: corrupt deflate data
  }
  if (size !== entry.declaredSize) throw unreadable()
  yield decoder.decode()
}
