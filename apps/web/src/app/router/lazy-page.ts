import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** React.lazy for a module's named export (the code base uses named exports only). */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }))
}
