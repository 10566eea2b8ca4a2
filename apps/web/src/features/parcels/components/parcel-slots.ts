import type { InboundParcelDetails } from '@expedo/domain'
import { createContext, type ReactNode, useContext } from 'react'

/**
 * What other features add to the returned parcel's screen. Features never import each other: the app's route
 * for the screen (app/routes/parcel-detail-page.tsx) fills these in.
 */
export interface ParcelDetailSlots {
  /** 'Create New Refund' for the processed parcel's order (the refunds feature). */
  refundAction?: (parcel: InboundParcelDetails) => ReactNode
}

export const ParcelDetailSlotsContext = createContext<ParcelDetailSlots>({})
export const useParcelDetailSlots = (): ParcelDetailSlots => useContext(ParcelDetailSlotsContext)
