import { defaultSysLang } from '@expedo/domain/common/sys-langs'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadRoute } from './app/router/preload-route'
import { startBuildCheck } from './lib/build-check'
import { guestLanguage } from './lib/guest-language'
import { initI18n } from './lib/i18n'
import { sessionStore } from './lib/session'
import './app/app.css'

// The session is restored from the stored token (lib/session); the interface starts in its language
// (or the one a visitor picked), default CZ. Until then index.html shows a small spinner. Meanwhile the
// page's code, catalogues, styles and first API call are already on their way (app/router/preload-route).
// No top-level await: the lazy chunks import the chunk that holds this module (vite.config.ts).
async function start() {
  const { currentUser } = sessionStore.get()
  const page = preloadRoute(window.location, currentUser)
  try {
    await initI18n(currentUser?.sys_lang ?? guestLanguage.get() ?? defaultSysLang, page.namespaces)
  } catch {
    // A catalogue that failed to load: start anyway, the next language change loads it again.
  }
  // antd's static styles (signed-in pages): asked for at the same time, usually in before the catalogues.
  await page.styles
  startBuildCheck()

  const rootElement = document.getElementById('root')!
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  rootElement.removeAttribute('aria-busy')
}

void start()
