import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { orderActions, orderStatuses } from './orders-rules.ts'

const money = z.number().min(0, { message: 'must be 0 or more' }).max(1e12, { message: 'is too large' })
const ref = z.object({ _id: IdSchema, name: z.string() })

/** The ship-to client block (a person or a company), spec §3 `shipping.shipTo.client`. */
export const OrderShipToClientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isCompany: z.boolean(),
  companyName: z.string(),
  taxId: z.string(),
  nr_reg_com: z.string(),
  phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  streetNr: z.string(),
  postcode: z.string(),
})

export const OrderShipToSchema = z.object({
  country: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
  streetNr: z.string(),
  postcode: z.string(),
  phone: z.string(),
  isCompany: z.boolean(),
  client: OrderShipToClientSchema,
})

export const OrderItemSchema = z.object({
  _id: IdSchema,
  product: IdSchema.nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number().describe('The line price (unit price × quantity)'),
  weight: z.number().int().nullable().describe('grams'),
})

export const OrderChangeLogSchema = z.object({
  what: z.string(),
  who: z.object({ _id: IdSchema.nullable(), username: z.string() }),
  when: z.iso.datetime(),
})

/** An order as the API answers it; field names are the spec's (§3 Order). */
export const OrderSchema = z
  .object({
    _id: IdSchema,
    clientOrderNr: z.string(),
    internalNumericId: z.number().int().describe('From a database sequence'),
    status: orderStatuses,
    scope: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    errMsgs: z.array(z.string()),
    businessclient: ref,
    items: z.array(OrderItemSchema),
    shipping: z.object({
      courier: ref.nullable(),
      shipFrom: ref.nullable().describe('The warehouse the order ships from (set by allocation)'),
      shipTo: OrderShipToSchema,
    }),
    payment: z.object({
      status: z.string(),
      type: z.string(),
      total: z.number(),
      COD: z.object({ apply: z.boolean(), amount: z.number(), amountInit: z.number() }),
    }),
    changeLogs: z.array(OrderChangeLogSchema).describe('Oldest first'),
    allowedActions: z.array(z.enum(orderActions)).describe('Spec §4: the client actions offered now'),
  })
  .meta({ id: 'Order' })
export type Order = z.infer<typeof OrderSchema>

const shipToClientInput = z.strictObject({
  firstName: text().optional(),
  lastName: text().optional(),
  email: text().optional(),
  isCompany: z.boolean().optional(),
  companyName: text().optional(),
  taxId: text(50).optional(),
  nr_reg_com: text(50).optional(),
  phone: text(50).optional(),
  country: text().optional(),
  province: text().optional(),
  city: text().optional(),
  street: text().optional(),
  streetNr: text(50).optional(),
  postcode: text(20).optional(),
})

/** Spec §5: country, city, street and post code are required; province, street number and phone are not. */
export const CreateOrderBodySchema = z.strictObject({
  businessclient: IdSchema.optional().describe(
    'Staff must name the business client; a client creates for itself',
  ),
  clientOrderNr: text(100).optional(),
  isAdressAsShipping: z.boolean().optional().describe('The company address is the shipping address'),
  shipTo: z.strictObject({
    country: requiredText(),
    province: text().optional(),
    city: requiredText(),
    district: text().optional(),
    street: requiredText(),
    streetNr: text(50).optional(),
    postcode: requiredText(20),
    phone: text(50).optional(),
    isCompany: z.boolean().optional(),
    client: shipToClientInput.optional(),
  }),
  items: z
    .array(
      z.strictObject({
        product: IdSchema,
        quantity: z
          .number()
          .int({ message: 'must be a whole number' })
          .min(1, { message: 'must be 1 or more' }),
        price: money.default(0).describe('The line price (unit price × quantity)'),
      }),
    )
    .max(500, { message: 'must have at most 500 items' })
    .default([]),
  payment: z.strictObject({ COD: z.strictObject({ amount: money }).optional() }).optional(),
})

/** The order-field update; this foundation handles `status` (client actions and the warehouse flow). */
export const UpdateOrderBodySchema = z.strictObject({ status: orderStatuses })
