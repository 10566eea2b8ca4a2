import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import {
  installFakeServer,
  renderAt,
  server,
  sessionUser,
  stubPdfDownloads,
} from '../../../../test/app-harness'
import { detail, ids } from './handover-test-fixtures'

installFakeServer()

const downloadFile = stubPdfDownloads()

describe('handover manifest page', () => {
  it('draws the manifest PDF in the page, names it by the handover and links back to it', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    server.answers[`GET /api/handovers/${ids.handover}`] = { status: 200, body: detail() }
    server.answers[`GET /api/handovers/${ids.handover}/manifest`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/warehouse/handover/${ids.handover}/manifest`)
    const viewer = await screen.findByRole('region', { name: 'Manifest H-000012' })
    expect(await within(viewer).findByText(/^Page 1: .*%PDF-1\.7/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the handover' }).getAttribute('href')).toBe(
      `/warehouse/handover/${ids.handover}`,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('manifest-H-000012.pdf'))
  })
})
