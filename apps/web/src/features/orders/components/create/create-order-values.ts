import type { EndpointInput, endpoints } from '@expedo/domain'

export type CreateOrderBody = EndpointInput<typeof endpoints.orders.create>['body']

/** The address fields shared by the shipping address and the company address block (spec §2 Create order). */
export const addressKeys = ['country', 'province', 'city', 'street', 'streetNr', 'postcode'] as const
export type AddressKey = (typeof addressKeys)[number]
export type AddressValues = Partial<Record<AddressKey, string>>

/** The company fields that unticking is-company clears (the company address included). */
export const companyKeys = ['companyName', 'taxId', 'phone', ...addressKeys] as const

export interface ItemValues {
  product?: string
  quantity?: number | null
  /** The unit price; the line price sent is unit price × quantity (spec §5). */
  unitPrice?: number | null
}

/**
 * The create-order form's values. Field names are the payload's (`shipTo`, `shipTo.client`,
 * `isAdressAsShipping`, `payment.COD.amount`), so the server's 400 details land on their fields;
 * only the items hold a unit price instead of the line price.
 */
export interface CreateOrderValues {
  businessclient?: string
  clientOrderNr?: string
  isAdressAsShipping?: boolean
  shipTo?: AddressValues & {
    phone?: string
    isCompany?: boolean
    client?: AddressValues & {
      firstName?: string
      lastName?: string
      companyName?: string
      taxId?: string
      phone?: string
    }
  }
  payment?: { COD?: { amount?: number | null } }
  items?: ItemValues[]
}

/** A form field change: its path and new value (antd's `setFields` shape). */
export interface FieldChange {
  name: (string | number)[]
  value: unknown
  errors?: string[]
}

/**
 * The address rules of spec §5, as the changes to make after the user changed `changed`:
 * with same-address on, an edit of the shipping address is copied to the company address; an edit of the
 * company address turns same-address off; ticking same-address copies the whole shipping address;
 * unticking is-company clears the company fields and same-address.
 */
export function addressRuleChanges(changed: CreateOrderValues, all: CreateOrderValues): FieldChange[] {
  if (changed.shipTo?.isCompany === false) {
    return [
      ...companyKeys.map((key) => ({ name: ['shipTo', 'client', key], value: undefined, errors: [] })),
      { name: ['isAdressAsShipping'], value: false },
    ]
  }
  const shipping = all.shipTo ?? {}
  if (changed.isAdressAsShipping === true) {
    return addressKeys.map((key) => ({ name: ['shipTo', 'client', key], value: shipping[key], errors: [] }))
  }
  if (!all.isAdressAsShipping) return []
  const companyEdited = addressKeys.some((key) => changed.shipTo?.client?.[key] !== undefined)
  if (companyEdited) return [{ name: ['isAdressAsShipping'], value: false }]
  return addressKeys
    .filter((key) => changed.shipTo && key in changed.shipTo)
    .map((key) => ({ name: ['shipTo', 'client', key], value: shipping[key], errors: [] }))
}

/** The line price sent for an item: unit price × quantity, in cents-exact 2 decimals. */
export function linePrice(unitPrice: number | null | undefined, quantity: number | null | undefined): number {
  return Math.round((unitPrice ?? 0) * (quantity ?? 0) * 100) / 100
}

const clean = (value: string | undefined) => value?.trim() || undefined

function pickAddress(values: AddressValues | undefined): AddressValues {
  return Object.fromEntries(addressKeys.map((key) => [key, clean(values?.[key])]))
}

/** The form's values → `POST /orders/create/new`'s body (empty texts left out; staff name the client). */
export function toCreateOrderBody(values: CreateOrderValues, isStaff: boolean): CreateOrderBody {
  const shipTo = values.shipTo ?? {}
  const client = shipTo.client ?? {}
  const isCompany = shipTo.isCompany === true
  const address = pickAddress(shipTo)
  const codAmount = values.payment?.COD?.amount
  return {
    businessclient: isStaff ? values.businessclient : undefined,
    clientOrderNr: clean(values.clientOrderNr),
    isAdressAsShipping: isCompany ? values.isAdressAsShipping === true : undefined,
    shipTo: {
      country: address.country ?? '',
      province: address.province,
      city: address.city ?? '',
      street: address.street ?? '',
      streetNr: address.streetNr,
      postcode: address.postcode ?? '',
      phone: clean(shipTo.phone),
      isCompany,
      client: {
        firstName: clean(client.firstName),
        lastName: clean(client.lastName),
        isCompany,
        ...(isCompany
          ? {
              companyName: clean(client.companyName),
              taxId: clean(client.taxId),
              phone: clean(client.phone),
              ...pickAddress(client),
            }
          : {}),
      },
    },
    items: (values.items ?? [])
      .filter((item): item is ItemValues & { product: string } => !!item?.product)
      .map((item) => ({
        product: item.product,
        quantity: item.quantity ?? 1,
        price: linePrice(item.unitPrice, item.quantity ?? 1),
      })),
    payment: typeof codAmount === 'number' ? { COD: { amount: codAmount } } : undefined,
  }
}
