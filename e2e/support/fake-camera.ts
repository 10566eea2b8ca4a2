import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { code128Widths } from '../../apps/api/src/platform/documents/code128.ts'

const WIDTH = 640
const HEIGHT = 480
/** Pixels per module: a 10-character code is ~140 modules, 420 px with its quiet zones inside 640. */
const MODULE = 3

/**
 * A camera that films one Code 128 label: a Y4M video (one grey frame, which Chromium loops) for
 * `--use-file-for-fake-video-capture`, so a journey scans with the camera as a phone would. Answers the
 * file's path.
 */
export function fakeCameraFilming(code: string, dir: string): string {
  const widths = code128Widths(code)
  const modules = widths.reduce((a, b) => a + b, 0)
  const left = Math.floor((WIDTH - modules * MODULE) / 2)
  if (left < 10 * MODULE) throw new Error(`${code} is too long for the fake camera's picture`)
  const row = Buffer.alloc(WIDTH, 255)
  let x = left
  widths.forEach((w, i) => {
    if (i % 2 === 0) row.fill(0, x, x + w * MODULE) // bars are the even elements, spaces the odd
    x += w * MODULE
  })
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255)
  for (let y = 140; y < 340; y++) row.copy(luma, y * WIDTH)
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128) // no colour
  const file = path.join(dir, `camera-${code.replace(/[^\w-]/g, '_')}.y4m`)
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
      luma,
      chroma,
    ]),
  )
  return file
}
