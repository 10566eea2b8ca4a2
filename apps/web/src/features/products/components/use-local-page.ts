import { useState } from 'react'

/** Paging of a list held in the browser (a spreadsheet preview or its results): only one page is rendered. */
export function useLocalPage<T>(rows: readonly T[], initialSize = 50) {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(initialSize)
  const size = pageSize || rows.length
  const lastPage = Math.max(1, Math.ceil(rows.length / Math.max(1, size)))
  const current = Math.min(page, lastPage)
  return {
    rows: rows.slice((current - 1) * size, current * size),
    page: current,
    pageSize,
    total: rows.length,
    onPageChange: (nextPage: number, nextSize: number) => {
      setPage(nextSize === pageSize ? nextPage : 1)
      setPageSize(nextSize)
    },
  }
}
