import { createContext, useContext } from 'react'
import type { PlacedMenuEntry } from './build-menu'

/**
 * The menu items of the signed-in user, computed once by the layout from the route table and read by
 * the menu and the home tiles (pages do not import the route table, which imports them).
 */
export const MenuEntriesContext = createContext<readonly PlacedMenuEntry[]>([])

export const useMenuEntries = () => useContext(MenuEntriesContext)
