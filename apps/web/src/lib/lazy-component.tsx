import { type ComponentType, lazy, Suspense } from 'react'

/**
 * A component whose code loads when it first renders: for what a screen shows only on demand (a modal),
 * so that it, and what it alone uses (antd's Modal and Form...), stays out of the screen's first load.
 * It renders nothing while it loads, inside its own Suspense boundary, so the screen around it does not
 * give way to a spinner. `lazyComponent(() => import('./my-modal').then((m) => m.MyModal))`.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }))
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}
