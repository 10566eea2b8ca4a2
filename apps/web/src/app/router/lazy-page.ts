import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A lazily loaded page that can be asked to start loading before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's chunk (the browser loads a module once, so React.lazy gets the same one). */
  preload: () => Promise<unknown>
}

/** React.lazy for a module's named export (the code base uses named exports only). */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  )
}
