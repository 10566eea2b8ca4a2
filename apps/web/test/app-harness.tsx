import type { Product, Role, SessionUser } from '@expedo/domain'
import { act, render } from '@testing-library/react'
import { flushSync } from 'react-dom'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, vi } from 'vitest'
import { AppProviders } from '@/app/providers/app-providers'
import { routeObjects } from '@/app/router/route-objects'
import * as downloads from '@/components/download-file'
import { type PdfFile, pdfEngine } from '@/components/pdf-viewer/pdf-engine'
import { notificationsStore } from '@/lib/notifications'
import { sessionStore } from '@/lib/session'

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

/** What the auth calls answer, with a decodable (unsigned) token. */
export function sessionUser(
  username: string,
  roles: Role[],
  businessclient: string | null = null,
  sysLang: SessionUser['sys_lang'] = 'ENG',
): SessionUser {
  const sub = '0190a0a0-0000-7000-8000-000000000001'
  const claims = { sub, username, roles, businessclient, sys_lang: sysLang, exp: Date.now() / 1000 + 3600 }
  const token = `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`
  return {
    _id: sub,
    user_id: sub,
    username,
    country: null,
    roles,
    status: 'active',
    sys_lang: sysLang,
    businessclient,
    token,
  }
}

/** A fake API: answers by 'METHOD /api/path', and the requests it got. */
type Answer = { status: number; body: unknown }
export const server = {
  answers: {} as Record<string, Answer>,
  requests: [] as { url: string; method: string; body: unknown; idempotencyKey?: string }[],
}

export function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] })
  render(
    <AppProviders>
      {/* As the app's RouterProvider from react-router/dom (which vitest loads as a second copy of the
          router, so its contexts would not match): navigations asked to flush synchronously can. */}
      <RouterProvider
        router={router}
        flushSync={(update) => {
          flushSync(update)
          return undefined
        }}
      />
    </AppProviders>,
  )
  return router
}

/** Installs the fake server and signs out after each test; call once at the top of a test file. */
export function installFakeServer() {
  beforeEach(() => {
    server.answers = {}
    server.requests = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        server.requests.push({
          url,
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
          // undefined (and so left out of toEqual) unless the call sent one
          idempotencyKey: (init?.headers as Record<string, string> | undefined)?.['idempotency-key'],
        })
        const answer = server.answers[`${init?.method ?? 'GET'} ${url}`] ?? {
          status: 404,
          body: { code: 'NOT_FOUND' },
        }
        return new Response(JSON.stringify(answer.body), { status: answer.status })
      }),
    )
  })
  afterEach(() => {
    act(() => {
      sessionStore.signOut()
      notificationsStore.clear()
    })
    vi.unstubAllGlobals()
  })
}

/**
 * A stand-in for pdf.js (jsdom has no canvas): a file whose bytes hold "%PDF" opens with `pages` pages of
 * 794 × 1123 px; page n's text layer then reads "Page n: " and the file's text. Other bytes fail to open.
 */
export function fakePdfOpen(pages = 2) {
  return async (data: ArrayBuffer): Promise<PdfFile> => {
    const text = new TextDecoder().decode(data)
    if (!text.includes('%PDF')) throw new Error('Invalid PDF structure')
    return {
      pageCount: pages,
      pageSize: async () => ({ width: 794, height: 1123 }),
      render: (page, { textLayer }) => {
        textLayer.textContent = `Page ${page}: ${text}`
        return { done: Promise.resolve(), cancel() {} }
      },
      close() {},
    }
  }
}

/**
 * For a page that shows a fetched PDF (PdfDocumentPage): pdf.js stood in for (fakePdfOpen), jsdom's
 * missing object URLs stubbed, and the file downloads caught. Answers the mock of downloadFile (calls:
 * [blob, filename]). A spy, not vi.mock: the test worker keeps the app's modules across files
 * (isolate: false), so a module mock would not reach a PdfDocumentPage that another file's test loaded first.
 */
export function stubPdfDownloads() {
  const { createObjectURL, revokeObjectURL } = URL
  const downloadFile = vi.fn()
  beforeEach(() => {
    vi.spyOn(downloads, 'downloadFile').mockImplementation(downloadFile)
    vi.spyOn(pdfEngine, 'open').mockImplementation(fakePdfOpen())
    URL.createObjectURL = vi.fn(() => 'about:blank')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    vi.mocked(downloads.downloadFile).mockRestore()
    vi.mocked(pdfEngine.open).mockRestore()
    downloadFile.mockClear()
  })
  return downloadFile
}

/** A product of Zahradní ráj as GET /api/products/:id answers it; tests name what differs. */
export function productAnswer(overrides: Partial<Product> & Pick<Product, '_id'>): Product {
  return {
    name: 'Konev zahradní 10 l',
    codes: { sku: 'ZR-KON-0001', barcode: '8590000000011', clientsku: '' },
    color: '',
    size: '',
    photos: [],
    businessclient: { _id: '0190a0a0-0000-7000-8000-0000000000c1', name: 'Zahradní ráj s.r.o.' },
    allowImportOrders: true,
    proprities: { weight: 250, dimentions: { height: null, lenght: null, width: null }, note: '' },
    storage: { temp: null, note: '' },
    client_ids: [],
    description: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}
