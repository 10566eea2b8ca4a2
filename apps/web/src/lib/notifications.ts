import { useSyncExternalStore } from 'react'

/** Auto-dismiss of the top notifications that must stay readable, e.g. sign-in failures (spec part 1 §9). */
export const NOTIFICATION_AUTO_DISMISS_MS = 15_000

/** A message in the removable notification area at the top of every screen. */
export interface TopNotification {
  id: number
  type: 'error' | 'success' | 'warning' | 'info'
  message: string
}

let items: TopNotification[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export const notificationsStore = {
  get: () => items,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Shows a message; with `autoDismissMs` it goes away by itself (spec: 15000 ms for sign-in/up failures). */
  push(type: TopNotification['type'], message: string, autoDismissMs?: number): number {
    const id = nextId++
    // The same message twice in a row is shown once.
    items = [...items.filter((n) => n.message !== message), { id, type, message }]
    emit()
    if (autoDismissMs) setTimeout(() => notificationsStore.remove(id), autoDismissMs)
    return id
  },
  remove(id: number) {
    items = items.filter((n) => n.id !== id)
    emit()
  },
  clear() {
    items = []
    emit()
  },
}

export const useTopNotifications = () =>
  useSyncExternalStore(notificationsStore.subscribe, notificationsStore.get)
