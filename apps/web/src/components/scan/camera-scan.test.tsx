import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAMERA_FORMATS, CameraScanButton } from './camera-scan'

const view = (onScan: (text: string) => void) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <CameraScanButton onScan={onScan} />
    </ConfigProvider>,
  )

describe('CameraScanButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('is not offered where the browser has no camera API', () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true })
    view(vi.fn())
    expect(screen.queryByRole('button', { name: /Scan with the camera/ })).toBeNull()
  })

  it('is offered without a BarcodeDetector too (ZXing reads the picture then)', () => {
    vi.stubGlobal('BarcodeDetector', undefined)
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true })
    view(vi.fn())
    expect(screen.getByRole('button', { name: /Scan with the camera/ })).toBeTruthy()
  })

  it('reads the floor’s symbologies from the back camera, hands the first code over and stops the camera', async () => {
    const stop = vi.fn()
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream)
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const detect = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValue([{ rawValue: 'A-01-02-1' }])
    const created: { formats: string[] }[] = []
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        constructor(options: { formats: string[] }) {
          created.push(options)
        }
        detect = detect
      },
    )
    const onScan = vi.fn()
    view(onScan)
    fireEvent.click(screen.getByRole('button', { name: /Scan with the camera/ }))
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('A-01-02-1'), { timeout: 5000 })
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false })
    expect(created).toEqual([{ formats: CAMERA_FORMATS }])
    expect(onScan).toHaveBeenCalledTimes(1)
    await act(async () => {})
    expect(stop).toHaveBeenCalled()
  })
})
