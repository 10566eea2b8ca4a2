import { useParams } from 'react-router'

/**
 * A spec route parameter written `:name+` (one or more path segments, e.g. a password or an activation
 * key that contains '/'). React Router has no `+`, so such routes are declared `:name/*`; this joins
 * the parameter with the rest of the path back into one value.
 */
export function usePlusParam(name: string): string {
  const params = useParams()
  return [params[name], params['*']].filter(Boolean).join('/')
}
