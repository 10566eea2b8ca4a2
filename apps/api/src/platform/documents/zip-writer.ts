import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { crc32 } from 'node:zlib'

const LOCAL_HEADER = 0x04034b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_CENTRAL = 0x06054b50
const ZIP64_END_OF_CENTRAL = 0x06064b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EXTRA = 0x0001
/** Version 4.5: ZIP64. Names are UTF-8 (general purpose bit 11). */
const VERSION = 45
const UTF8_NAMES = 0x0800
const MAX_16 = 0xffff
const MAX_32 = 0xffffffff

interface Entry {
  name: Buffer
  crc: number
  size: number
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
 * A streaming ZIP of stored (uncompressed) entries — PDFs and images are compressed already. Each entry is
 * written whole with its CRC and size in the local header, so nothing but the small central directory is
 * kept; offsets past 4 GiB and more than 65,535 entries switch to ZIP64 (APPNOTE 6.3.10, 4.3.14–4.3.16).
 * Waits for `out` to drain, so memory stays flat whatever the archive's size.
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
      offset: this.#offset,
      ...dosDateTime(modified),
    }
    const header = Buffer.alloc(30)
    header.writeUInt32LE(LOCAL_HEADER, 0)
    header.writeUInt16LE(VERSION, 4)
    header.writeUInt16LE(UTF8_NAMES, 6)
    header.writeUInt16LE(0, 8) // stored
    header.writeUInt16LE(entry.time, 10)
    header.writeUInt16LE(entry.date, 12)
    header.writeUInt32LE(entry.crc, 14)
    header.writeUInt32LE(entry.size, 18)
    header.writeUInt32LE(entry.size, 22)
    header.writeUInt16LE(entry.name.length, 26)
    header.writeUInt16LE(0, 28)
    this.#entries.push(entry)
    await this.#write(header)
    await this.#write(entry.name)
    await this.#write(data)
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

  #centralHeader(entry: Entry): Buffer {
    const zip64 = entry.offset >= MAX_32
    const extra = zip64 ? 12 : 0
    const header = Buffer.alloc(46 + entry.name.length + extra)
    header.writeUInt32LE(CENTRAL_HEADER, 0)
    header.writeUInt16LE(VERSION, 4)
    header.writeUInt16LE(VERSION, 6)
    header.writeUInt16LE(UTF8_NAMES, 8)
    header.writeUInt16LE(0, 10)
    header.writeUInt16LE(entry.time, 12)
    header.writeUInt16LE(entry.date, 14)
    header.writeUInt32LE(entry.crc, 16)
    header.writeUInt32LE(entry.size, 20)
    header.writeUInt32LE(entry.size, 24)
    header.writeUInt16LE(entry.name.length, 28)
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
