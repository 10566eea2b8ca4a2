import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { crc32, createDeflateRaw } from 'node:zlib'

const LOCAL_HEADER = 0x04034b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_CENTRAL = 0x06054b50
const ZIP64_END_OF_CENTRAL = 0x06064b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EXTRA = 0x0001
const DATA_DESCRIPTOR = 0x08074b50
/** Version 4.5: ZIP64. Names are UTF-8 (general purpose bit 11). */
const VERSION = 45
const UTF8_NAMES = 0x0800
/** General purpose bit 3: the CRC and sizes follow the data (an entry streamed as it is made). */
const SIZES_AFTER = 0x0008
const STORED = 0
const DEFLATED = 8
const MAX_16 = 0xffff
const MAX_32 = 0xffffffff

interface Entry {
  name: Buffer
  crc: number
  size: number
  /** Bytes in the archive (the size when stored). */
  compressed: number
  method: number
  flags: number
  offset: number
  time: number
  date: number
}

/** MS-DOS time and date of a moment (UTC, 2-second precision), as ZIP headers store them. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107)
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}

/**
 * The fields the local and the central header share, in the same order from `at`: flags, method, time,
 * date, CRC, compressed and uncompressed sizes (zeros unless `known`), the name's length.
 */
function writeEntryFields(header: Buffer, at: number, entry: Entry, known: boolean): void {
  header.writeUInt16LE(entry.flags, at)
  header.writeUInt16LE(entry.method, at + 2)
  header.writeUInt16LE(entry.time, at + 4)
  header.writeUInt16LE(entry.date, at + 6)
  header.writeUInt32LE(known ? entry.crc : 0, at + 8)
  header.writeUInt32LE(known ? entry.compressed : 0, at + 12)
  header.writeUInt32LE(known ? entry.size : 0, at + 16)
  header.writeUInt16LE(entry.name.length, at + 20)
}

/**
 * A streaming ZIP: stored entries written whole (`add`: PDFs and images are compressed already), with their
 * CRC and size in the local header, and deflated entries streamed as they are made (`addDeflated`: a
 * spreadsheet's sheet), with their CRC and sizes in a data descriptor after the data. Nothing but the small
 * central directory is kept; offsets past 4 GiB and more than 65,535 entries switch to ZIP64 (APPNOTE
 * 6.3.10, 4.3.14–4.3.16); one entry stays under 4 GiB. Waits for `out` to drain, so memory stays flat
 * whatever the archive's size.
 */
export class ZipWriter {
  readonly #out: Writable
  readonly #entries: Entry[] = []
  #offset = 0
  #failure: Error | null = null

  constructor(out: Writable) {
    this.#out = out
    out.on('error', (error: Error) => {
      this.#failure ??= error
    })
  }

  get entries(): number {
    return this.#entries.length
  }

  /** Appends one file; resolves when `out` can take more. */
  async add(name: string, data: Uint8Array, modified: Date = new Date()): Promise<void> {
    if (data.length >= MAX_32) throw new RangeError(`${name}: entries of 4 GiB or more are not supported`)
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: crc32(data),
      size: data.length,
      compressed: data.length,
      method: STORED,
      flags: UTF8_NAMES,
      offset: this.#offset,
      ...dosDateTime(modified),
    }
    this.#entries.push(entry)
    await this.#write(this.#localHeader(entry))
    await this.#write(entry.name)
    await this.#write(data)
  }

  /**
   * Appends one file deflated as its `chunks` come (text is written as UTF-8), holding no more than zlib's
   * window and what one chunk deflates to; resolves when `out` has taken it all. A chunk source that fails,
   * or `out` closing early, rejects (the archive is then incomplete: the caller destroys `out`).
   */
  async addDeflated(
    name: string,
    chunks: AsyncIterable<Uint8Array | string>,
    modified: Date = new Date(),
  ): Promise<void> {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: 0,
      size: 0,
      compressed: 0,
      method: DEFLATED,
      flags: UTF8_NAMES | SIZES_AFTER,
      offset: this.#offset,
      ...dosDateTime(modified),
    }
    await this.#write(this.#localHeader(entry))
    await this.#write(entry.name)
    const deflate = createDeflateRaw()
    const made: Buffer[] = []
    deflate.on('data', (chunk: Buffer) => made.push(chunk))
    const ended = once(deflate, 'end')
    ended.catch(() => {}) // awaited below; a failure meanwhile surfaces through the writes' waits
    const flush = async () => {
      for (let chunk = made.shift(); chunk; chunk = made.shift()) {
        entry.compressed += chunk.length
        await this.#write(chunk)
      }
    }
    try {
      for await (const piece of chunks) {
        const data = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece
        entry.crc = crc32(data, entry.crc)
        entry.size += data.length
        if (entry.size >= MAX_32) throw new RangeError(`${name}: entries of 4 GiB or more are not supported`)
        if (!deflate.write(data)) await once(deflate, 'drain')
        await flush()
      }
      deflate.end()
      await ended
      await flush()
    } finally {
      deflate.destroy()
    }
    if (entry.compressed >= MAX_32)
      throw new RangeError(`${name}: entries of 4 GiB or more are not supported`)
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0)
    descriptor.writeUInt32LE(entry.crc, 4)
    descriptor.writeUInt32LE(entry.compressed, 8)
    descriptor.writeUInt32LE(entry.size, 12)
    await this.#write(descriptor)
    this.#entries.push(entry)
  }

  /** Writes the central directory, ends `out` and waits until it has flushed. */
  async finish(): Promise<void> {
    const start = this.#offset
    for (const entry of this.#entries) await this.#write(this.#centralHeader(entry))
    const size = this.#offset - start
    const count = this.#entries.length
    if (count > MAX_16 || start >= MAX_32 || size >= MAX_32) {
      const record = Buffer.alloc(56)
      record.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0)
      record.writeBigUInt64LE(44n, 4) // the record's size after this field
      record.writeUInt16LE(VERSION, 12)
      record.writeUInt16LE(VERSION, 14)
      record.writeUInt32LE(0, 16) // this disk
      record.writeUInt32LE(0, 20) // the central directory's disk
      record.writeBigUInt64LE(BigInt(count), 24)
      record.writeBigUInt64LE(BigInt(count), 32)
      record.writeBigUInt64LE(BigInt(size), 40)
      record.writeBigUInt64LE(BigInt(start), 48)
      const locator = Buffer.alloc(20)
      locator.writeUInt32LE(ZIP64_LOCATOR, 0)
      locator.writeUInt32LE(0, 4)
      locator.writeBigUInt64LE(BigInt(this.#offset), 8)
      locator.writeUInt32LE(1, 16) // disks in all
      await this.#write(record)
      await this.#write(locator)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(END_OF_CENTRAL, 0)
    end.writeUInt16LE(Math.min(count, MAX_16), 8)
    end.writeUInt16LE(Math.min(count, MAX_16), 10)
    end.writeUInt32LE(Math.min(size, MAX_32), 12)
    end.writeUInt32LE(Math.min(start, MAX_32), 16)
    await this.#write(end)
    this.#out.end()
    await finished(this.#out)
  }

  /** The local header; an entry streamed as it is made (SIZES_AFTER) has zeros for its CRC and sizes. */
  #localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30)
    header.writeUInt32LE(LOCAL_HEADER, 0)
    header.writeUInt16LE(VERSION, 4)
    writeEntryFields(header, 6, entry, !(entry.flags & SIZES_AFTER))
    header.writeUInt16LE(0, 28)
    return header
  }

  #centralHeader(entry: Entry): Buffer {
    const zip64 = entry.offset >= MAX_32
    const extra = zip64 ? 12 : 0
    const header = Buffer.alloc(46 + entry.name.length + extra)
    header.writeUInt32LE(CENTRAL_HEADER, 0)
    header.writeUInt16LE(VERSION, 4)
    header.writeUInt16LE(VERSION, 6)
    writeEntryFields(header, 8, entry, true)
    header.writeUInt16LE(extra, 30)
    // comment length, disk, internal and external attributes: 0
    header.writeUInt32LE(zip64 ? MAX_32 : entry.offset, 42)
    entry.name.copy(header, 46)
    if (zip64) {
      const at = 46 + entry.name.length
      header.writeUInt16LE(ZIP64_EXTRA, at)
      header.writeUInt16LE(8, at + 2)
      header.writeBigUInt64LE(BigInt(entry.offset), at + 4)
    }
    return header
  }

  async #write(chunk: Uint8Array): Promise<void> {
    if (this.#failure) throw this.#failure
    // Destroyed without an error (a client that went away): its 'close' has passed, so no wait would end.
    if (this.#out.destroyed) throw new Error('the ZIP output closed before the archive was complete')
    this.#offset += chunk.length
    if (this.#out.write(chunk)) return
    // Wait for room; `once` rejects when the stream emits 'error', and a stream closed early fails too.
    const abort = new AbortController()
    const drained = once(this.#out, 'drain', { signal: abort.signal })
    const closed = once(this.#out, 'close', { signal: abort.signal }).then(() => {
      throw this.#failure ?? new Error('the ZIP output closed before the archive was complete')
    })
    drained.catch(() => {})
    closed.catch(() => {})
    try {
      await Promise.race([drained, closed])
    } finally {
      abort.abort() // the losing wait's listener must not stay on the stream
    }
  }
}
