/** Page-size choices of paginated lists; 0 stands for 'All' (spec part 1 §9: shipments send All as 0). */
export type PageSizeOption = number

/** Spec part 1 §9: 10, 20, 30, 50, All; default 10. */
export const defaultPageSizes: readonly PageSizeOption[] = [10, 20, 30, 50, 0]

/** Spec part 1 §9 and part 2 §9: shipments and bills offer 10, 30, 50, All. */
export const shipmentPageSizes: readonly PageSizeOption[] = [10, 30, 50, 0]

export const DEFAULT_PAGE_SIZE = 10

/** The page size that means "every row". */
export const ALL_ROWS = 0
