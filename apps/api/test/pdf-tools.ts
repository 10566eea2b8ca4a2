import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ensureDebianTool } from './debian-tool.ts'

/** Reading a PDF back in tests with poppler-utils (pdftotext, pdfinfo, pdftoppm), installed on demand. */

function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'expedo-pdf-'))
  try {
    const file = path.join(dir, 'doc.pdf')
    writeFileSync(file, pdf)
    return use(file, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function run(command: string, args: string[]): string {
  const r = spawnSync(ensureDebianTool(command, 'poppler-utils'), args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`)
  return r.stdout
}

/** The text of the PDF (or of one page) as `pdftotext -layout` extracts it. */
export function pdfText(pdf: Buffer, page?: number): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : []
  return withFile(pdf, (file) => run('pdftotext', ['-layout', ...pages, file, '-']))
}

/** `pdfinfo`'s fields (Title, Pages, Page size, …). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = withFile(pdf, (file) => run('pdfinfo', [file]))
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
  )
}

/** One page rendered as PNG at `dpi`. */
export function pdfPagePng(pdf: Buffer, page: number, dpi = 150): Buffer {
  return withFile(pdf, (file, dir) => {
    run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      path.join(dir, 'p'),
    ])
    const png = readdirSync(dir).find((f) => f.endsWith('.png'))
    if (!png) throw new Error('pdftoppm wrote no page')
    return readFileSync(path.join(dir, png))
  })
}

/**
 * The barcodes zbarimg (zbar-tools) reads on one page rendered at `dpi`, as `TYPE:data` lines in its order
 * (top to bottom). Proves a printed barcode scans, not only that it was drawn.
 */
export function pdfPageBarcodes(pdf: Buffer, page: number, dpi = 200): string[] {
  const png = pdfPagePng(pdf, page, dpi)
  const dir = mkdtempSync(path.join(tmpdir(), 'expedo-zbar-'))
  try {
    const file = path.join(dir, 'page.png')
    writeFileSync(file, png)
    const r = spawnSync(ensureDebianTool('zbarimg', 'zbar-tools'), ['--quiet', file], { encoding: 'utf8' })
    // zbarimg exits 4 when it finds no barcode at all.
    if (r.status !== 0 && r.status !== 4) throw new Error(`zbarimg failed: ${r.stderr}`)
    return r.stdout.split('\n').filter(Boolean)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
