import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiClientError } from './api-client'
import { errorMessage } from './error-message'
import { notificationsStore } from './notifications'

/** Failed calls put their message into the top notification (spec part 1 §8), translated by error code. */
function report(error: unknown) {
  if (error instanceof ApiClientError && (error.status === 401 || error.code === 'NETWORK')) return
  notificationsStore.push('error', errorMessage(error), 5000)
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A query whose screen shows its own error (e.g. a not-found result) sets meta.silent.
    onError: (error, query) => {
      if (!query.meta?.silent) report(error)
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      // A mutation that shows its own error (e.g. a form under its fields) sets meta.silent.
      if (!mutation.meta?.silent) report(error)
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => error instanceof ApiClientError && error.code === 'NETWORK' && count < 3,
      refetchOnWindowFocus: false,
    },
  },
})
