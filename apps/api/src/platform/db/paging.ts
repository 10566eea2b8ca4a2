/** Most rows one "All" page answers. */
export const ALL_ROWS_LIMIT = 100_000

/** `currentPage` (from 1) and `itemsPerPage` (0 = All) → offset and limit. */
export function pageOf(input: { currentPage: number; itemsPerPage: number }) {
  if (input.itemsPerPage === 0) return { offset: 0, limit: ALL_ROWS_LIMIT }
  return { offset: (input.currentPage - 1) * input.itemsPerPage, limit: input.itemsPerPage }
}
