import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import JSZip from 'jszip'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { ZipWriter } from './zip-writer.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'expedo-zip-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function archive(files: [string, Uint8Array, Date?][]): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const zip = new ZipWriter(out)
  for (const [name, data, date] of files) await zip.add(name, data, date)
  await zip.finish()
  return Buffer.concat(chunks)
}

/** `unzip -t` (Info-ZIP) checks every entry's CRC and the directory; answers its output. */
function unzipTest(bytes: Buffer): string {
  const file = path.join(dir, `t${Math.random().toString(36).slice(2)}.zip`)
  writeFileSync(file, bytes)
  const r = spawnSync(ensureDebianTool('unzip', 'unzip'), ['-t', file], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  expect(r.status, r.stdout + r.stderr).toBe(0)
  return r.stdout
}

describe('ZipWriter', () => {
  it('writes an archive unzip and JSZip read back byte for byte, with UTF-8 names and the dates given', async () => {
    const pdf = Buffer.from('%PDF-1.7\n…binary \u0000\u00ff…\n%%EOF')
    const bytes = await archive([
      ['FV2026000001.pdf', pdf, new Date('2026-11-23T12:00:00Z')],
      ['Dobropis č. 1.pdf', Buffer.alloc(0), new Date('2026-01-02T03:04:06Z')],
    ])
    expect(unzipTest(bytes)).toMatch(/No errors detected/)
    const zip = await JSZip.loadAsync(bytes)
    expect(Object.keys(zip.files)).toEqual(['FV2026000001.pdf', 'Dobropis č. 1.pdf'])
    expect(await zip.file('FV2026000001.pdf')!.async('nodebuffer')).toEqual(pdf)
    expect(zip.file('FV2026000001.pdf')!.date.toISOString()).toBe('2026-11-23T12:00:00.000Z')
    expect(zip.file('Dobropis č. 1.pdf')!.date.toISOString()).toBe('2026-01-02T03:04:06.000Z')
  })

  it('an empty archive is valid', async () => {
    const bytes = await archive([])
    expect(bytes.length).toBe(22)
    expect(Object.keys((await JSZip.loadAsync(bytes)).files)).toEqual([])
  })

  it('switches to ZIP64 past 65,535 entries: 70,000 files all listed and intact', async () => {
    const files: [string, Uint8Array][] = []
    for (let i = 0; i < 70_000; i++) files.push([`f${i}.txt`, Buffer.from(`file ${i}`)])
    const bytes = await archive(files)
    const out = unzipTest(bytes)
    expect(out).toMatch(/No errors detected in compressed data/)
    expect(out.match(/ OK$/gm)).toHaveLength(70_000)
    // The classic end record says "see ZIP64" (0xffff entries); the ZIP64 record holds the real count.
    const end = bytes.subarray(-22)
    expect(end.readUInt16LE(10)).toBe(0xffff)
    const zip64End = bytes.subarray(-22 - 20 - 56)
    expect(zip64End.readUInt32LE(0)).toBe(0x06064b50)
    expect(zip64End.readBigUInt64LE(32)).toBe(70_000n)
  })

  it('records offsets past 4 GiB in ZIP64 extra fields', async () => {
    // Counts the bytes and keeps only the tail, where the central directory is.
    let written = 0
    let tail = Buffer.alloc(0)
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length
        tail =
          chunk.length > 4096
            ? Buffer.from(chunk.subarray(-4096))
            : Buffer.concat([tail, chunk]).subarray(-4096)
        done()
      },
    })
    const zip = new ZipWriter(sink)
    const block = Buffer.alloc(256 << 20, 7) // 256 MiB
    for (let i = 0; i < 17; i++) await zip.add(`big${i}.bin`, block)
    await zip.add('last.txt', Buffer.from('after 4 GiB'))
    await zip.finish()
    expect(written).toBeGreaterThan(2 ** 32)

    const locator = tail.subarray(-22 - 20)
    expect(locator.readUInt32LE(0)).toBe(0x07064b50)
    const zip64EndAt = Number(locator.readBigUInt64LE(8))
    const record = tail.subarray(zip64EndAt - (written - tail.length))
    const directoryAt = Number(record.readBigUInt64LE(48))
    expect(directoryAt).toBeGreaterThan(2 ** 32)
    // The last entry's central header: offset field 0xffffffff and the real offset in the extra field.
    const lastName = Buffer.from('last.txt')
    const at = tail.lastIndexOf(lastName)
    const header = tail.subarray(at - 46)
    expect(header.readUInt32LE(0)).toBe(0x02014b50)
    expect(header.readUInt32LE(42)).toBe(0xffffffff)
    const extra = tail.subarray(at + lastName.length)
    expect(extra.readUInt16LE(0)).toBe(0x0001)
    // 17 local headers (30 bytes + names big0.bin … big16.bin) and 17 blocks come before it.
    const names = 10 * 'big0.bin'.length + 7 * 'big10.bin'.length
    expect(Number(extra.readBigUInt64LE(4))).toBe(17 * 30 + names + 17 * (256 << 20))
  }, 120_000)

  it('fails when the output fails, and refuses more entries after', async () => {
    const sink = new Writable({
      highWaterMark: 16,
      write(_chunk, _encoding, done) {
        done(new Error('disk full'))
      },
    })
    const zip = new ZipWriter(sink)
    await expect(
      (async () => {
        for (let i = 0; i < 10; i++) await zip.add(`f${i}`, Buffer.alloc(1024))
      })(),
    ).rejects.toThrow(/disk full/)
  })
  it('streams a deflated entry beside stored ones: unzip checks its CRC, JSZip reads it back whole', async () => {
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (c: Buffer) => chunks.push(c))
    const zip = new ZipWriter(out)
    const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}">Řádek ${i}</row>`)
    await zip.add('first.xml', Buffer.from('<a/>'))
    await zip.addDeflated(
      'sheet.xml',
      (async function* () {
        for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).join('')
        yield Buffer.from('<end/>')
      })(),
    )
    await zip.add('last.xml', Buffer.from('<z/>'))
    await zip.finish()
    const bytes = Buffer.concat(chunks)
    const expected = `${rows.join('')}<end/>`
    expect(unzipTest(bytes)).toMatch(/No errors detected/)
    // Deflated: far smaller than the text it holds.
    expect(bytes.length).toBeLessThan(Buffer.byteLength(expected) / 4)
    const read = await JSZip.loadAsync(bytes)
    expect(Object.keys(read.files)).toEqual(['first.xml', 'sheet.xml', 'last.xml'])
    expect(await read.file('sheet.xml')!.async('string')).toBe(expected)
    expect(await read.file('last.xml')!.async('string')).toBe('<z/>')
  })

  it('stops a deflated entry when the output is destroyed, and says so', async () => {
    const out = new PassThrough()
    const zip = new ZipWriter(out)
    let pulled = 0
    const source = (async function* () {
      for (;;) {
        pulled++
        yield 'x'.repeat(100_000) + Math.random()
      }
    })()
    const writing = zip.addDeflated('endless.xml', source)
    setTimeout(() => out.destroy(), 50)
    await expect(writing).rejects.toThrow(/closed before the archive was complete/)
    expect(pulled).toBeGreaterThan(0)
  })
})
