import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'

/**
 * A warehouse's sender address and contact (issue 25): the sender on its courier labels, the pickup address
 * of a courier's van, the header of its handover manifests.
 */
export const WarehouseAddressSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    country: z.string().describe('As the warehouse list names it (e.g. Czech)'),
    contactName: z.string(),
    phone: z.string(),
    email: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    postCode: z.string(),
    city: z.string(),
    complete: z.boolean().describe('Street, post code, city and a phone are filled: couriers accept it'),
  })
  .meta({ id: 'WarehouseAddress' })
export type WarehouseAddress = z.infer<typeof WarehouseAddressSchema>

const phone = text(40).regex(/^\+?[0-9 ()/-]{6,}$/, { message: 'must be a phone number' })

export const WarehouseAddressBodySchema = z.strictObject({
  contactName: requiredText(100),
  phone,
  email: z.union([z.literal(''), z.email({ message: 'must be an e-mail address' }).max(200)]).default(''),
  street: requiredText(150),
  houseNumber: text(20).default(''),
  postCode: requiredText(20),
  city: requiredText(100),
})
export type WarehouseAddressBody = z.infer<typeof WarehouseAddressBodySchema>
