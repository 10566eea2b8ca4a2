import { Suspense } from 'react'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers/app-providers'
import { router } from './router/router'
import { PageSpinner } from './routes/page-spinner'

export function App() {
  return (
    <AppProviders>
      {/* A catalogue or page still loading outside the layout's own boundaries. */}
      <Suspense fallback={<PageSpinner fullScreen />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  )
}
