import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { atLeastOneField, dayInput } from '../common/input.ts'
import { taxIdProblem } from '../invoices/vat-number.ts'
import { changeLogEventList } from './change-log.ts'
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
  stockAvailable: z
    .number()
    .int()
    .describe(
      'Available for this line: the free stock of the product (in the ship-from warehouse once allocated, ' +
        'else in all warehouses of the business client) plus what this order already blocks for the line',
    ),
  low_stock: z
    .boolean()
    .describe(
      '0 < stockAvailable < quantity (the list shows red); stockAvailable 0 shows yellow, enough green',
    ),
})

export const OrderChangeLogSchema = z.object({
  what: z.string().describe('The change in English'),
  who: z.object({ _id: IdSchema.nullable(), username: z.string() }),
  when: z.iso.datetime(),
  event: z
    .enum(changeLogEventList)
    .nullable()
    .describe(
      'The change as an event code, rendered in the reader’s language; null for an entry older than codes',
    ),
  params: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The event’s parameters (statuses, field key and values, item, amounts …); null with event'),
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
    eshop: z.object({
      eshopUrl: z.string().describe('The shop the order came from; empty for manual orders'),
    }),
    shipping: z.object({
      courier: ref.nullable(),
      shipFrom: ref.nullable().describe('The warehouse the order ships from (set by allocation)'),
      shipTo: OrderShipToSchema,
      deliveryDate: z.iso.date().nullable(),
      shippingCost: z.number().describe('The shipping price'),
      trackingId: z.string(),
      trackingUrl: z.string(),
      tracking_awbPdf: z.string().describe('Link to the AWB label PDF; empty when there is none'),
      weight: z.number().int().nullable().describe('grams'),
    }),
    payment: z.object({
      status: z.string(),
      type: z.string(),
      total: z.number(),
      COD: z.object({ apply: z.boolean(), amount: z.number(), amountInit: z.number() }),
    }),
    processing: z.object({
      instructions: z.string().describe('Packing instructions (the detail page warns with them)'),
      generate_invoice: z.boolean(),
      codTransfferId: IdSchema.nullable().describe('The COD transfer that paid this order out'),
      isOpenUser: z
        .object({ _id: IdSchema, username: z.string(), since: z.iso.datetime() })
        .nullable()
        .describe('The user who has the order open (seen in the last 2 minutes), or null'),
      assignedUser: z.object({ _id: IdSchema, username: z.string() }).nullable(),
    }),
    api_request: z.object({
      to_office: z.string().describe('Office pick-up (ECONT, ECONT_GR): the office name'),
      office_code: z.string(),
    }),
    invoice: z
      .object({
        _id: IdSchema,
        sequenceNumber: z.string().nullable().describe('null: DRAFT'),
        creditNote: z.object({ _id: IdSchema, sequenceNumber: z.string().nullable() }).nullable(),
        currency: z.string(),
        NETTO_total: z.number(),
        VAT_total: z.number(),
        BRUTTO_total: z.number(),
      })
      .nullable()
      .describe('The order’s invoice (the latest), or null'),
    invoicing: z
      .enum(['expedo', 'shoptet'])
      .describe(
        'Who invoices the order: shoptet for an order of a Shoptet shop set to Shoptet invoices (Expedo then issues none), else expedo',
      ),
    shoptetInvoice: z
      .object({
        code: z.string().describe('Shoptet’s invoice number'),
        varSymbol: z.string().nullable(),
        isValid: z.boolean(),
        issuedAt: z.iso.datetime().nullable(),
        dueDate: z.iso.date().nullable(),
        currency: z.string(),
        total: z.number().nullable().describe('With VAT'),
        paid: z.boolean().nullable().describe('null: Shoptet does not know'),
        pdfUrl: z.string().describe('The PDF, fetched from Shoptet through Expedo'),
      })
      .nullable()
      .describe('Shoptet’s invoice of the order (invoicing shoptet), as last synced; null when none yet'),
    print: z
      .array(z.object({ name: z.string(), url: z.string() }))
      .describe('Documents to print (name and link), e.g. the AWB label'),
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

/**
 * The customer's tax id, when it is one of an EU member state, is a valid VAT number (its format and check digit,
 * vat-number.ts): it decides whether the invoice is an exempt intra-Community supply. Checked by its prefix, else
 * by the customer's or the shipping country.
 */
function customerTaxIdIssue(
  shipTo: { country?: string; client?: { taxId?: string; country?: string } },
  ctx: z.RefinementCtx,
) {
  const problem = taxIdProblem(shipTo.client?.taxId ?? '', shipTo.client?.country || shipTo.country)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['client', 'taxId'] })
}

/** Spec §5: country, city, street and post code are required; province, street number and phone are not. */
export const CreateOrderBodySchema = z.strictObject({
  businessclient: IdSchema.optional().describe(
    'Staff must name the business client; a client creates for itself',
  ),
  clientOrderNr: text(100).optional(),
  isAdressAsShipping: z.boolean().optional().describe('The company address is the shipping address'),
  shipTo: z
    .strictObject({
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
    })
    .superRefine(customerTaxIdIssue),
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

const grams = z
  .number()
  .int({ message: 'must be a whole number of grams' })
  .min(0, { message: 'must be 0 or more' })
  .max(10_000_000, { message: 'is too large' })

/**
 * The order-field update (spec §7 `PUT /orders/{id}`: "changed field names and values"): any subset of the
 * editable fields, each validated on its own; every change writes a change-log row. `status` follows the
 * transition table (client actions need orders.write, the warehouse flow orders.process).
 */
export const UpdateOrderBodySchema = atLeastOneField(
  z.strictObject({
    status: orderStatuses.optional(),
    clientOrderNr: text(100).optional(),
    shipTo: z
      .strictObject({
        country: requiredText().optional(),
        province: text().optional(),
        city: requiredText().optional(),
        district: text().optional(),
        street: requiredText().optional(),
        streetNr: text(50).optional(),
        postcode: requiredText(20).optional(),
        phone: text(50).optional(),
        isCompany: z.boolean().optional(),
        client: shipToClientInput.optional(),
      })
      .superRefine(customerTaxIdIssue)
      .optional(),
    shipping: z
      .strictObject({
        courier: IdSchema.nullable().optional(),
        shipFrom: IdSchema.nullable().optional().describe('Moving an allocated order re-allocates it'),
        deliveryDate: dayInput().nullable().optional(),
        shippingCost: money.optional(),
        trackingId: text(100).optional(),
        trackingUrl: text(500).optional(),
        weight: grams.nullable().optional(),
      })
      .optional(),
    payment: z
      .strictObject({
        status: text(50).optional(),
        COD: z.strictObject({ apply: z.boolean().optional(), amount: money.optional() }).optional(),
      })
      .optional(),
    processing: z
      .strictObject({
        instructions: text(2000).optional(),
        generate_invoice: z.boolean().optional(),
        assignedUser: IdSchema.nullable().optional(),
      })
      .optional(),
    api_request: z
      .strictObject({ to_office: text(200).optional(), office_code: text(50).optional() })
      .optional(),
  }),
)
export type UpdateOrderBody = z.infer<typeof UpdateOrderBodySchema>

/** Spec §5 add-product form: quantity ≥ 1 (default 1), price ≥ 0 (default 0); price is the line price. */
export const AddOrderItemBodySchema = z.strictObject({
  product: IdSchema,
  quantity: z.number().int({ message: 'must be a whole number' }).min(1, { message: 'must be 1 or more' }),
  price: money.describe('The line price (unit price × quantity)'),
  sku: text(100).optional().describe("Ignored: the product's SKU is used"),
  name: text().optional().describe("Ignored: the product's name is used"),
  weight: grams.nullable().optional().describe("grams; default the product's weight"),
})
export const OrderItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema })

/**
 * One change for many orders (the change-status, warehouse, assign-user and assign-courier modals):
 * exactly one of status, shipFrom, courier, assignedUser. Each order is changed in its own transaction;
 * the ones refused are listed, the others stay changed.
 */
export const BulkUpdateOrdersBodySchema = z
  .strictObject({
    orders: z
      .array(IdSchema)
      .min(1, { message: 'is required' })
      .max(1000, { message: 'must have at most 1000 orders' }),
    status: orderStatuses.optional(),
    shipFrom: IdSchema.optional(),
    courier: IdSchema.optional(),
    assignedUser: IdSchema.nullable().optional(),
  })
  .refine(
    (b) => [b.status, b.shipFrom, b.courier, b.assignedUser].filter((v) => v !== undefined).length === 1,
    { message: 'name exactly one of status, shipFrom, courier, assignedUser' },
  )
export type BulkUpdateOrdersBody = z.infer<typeof BulkUpdateOrdersBodySchema>

/**
 * Why a bulk change left an order as it was, for the record's translated reason: not found (or another
 * tenant's), a transition the table refuses, a Canceled order, a field fixed once picking started, an
 * order without a warehouse to ship from, an order number another active order holds; 'other' shows the
 * server's message.
 */
export const bulkFailureReasons = z.enum([
  'notFound',
  'invalidTransition',
  'canceled',
  'fixedAfterPicking',
  'noWarehouse',
  'duplicateNumber',
  'other',
])
export type BulkFailureReason = z.infer<typeof bulkFailureReasons>

/** The failed-status-change record of the list (spec §3 client-side list state): message, status, failed orders. */
export const BulkUpdateOrdersResultSchema = z.object({
  message: z.string().describe("e.g. '998 orders updated, 2 failed'"),
  status: orderStatuses.nullable().describe('The status asked for, when the change was a status'),
  updated: z.number().int(),
  failedOrders: z.array(
    z.object({
      _id: IdSchema,
      clientOrderNr: z.string(),
      internalNumericId: z.number().int().nullable(),
      status: z.string().nullable().describe('The status it stayed in; null when not found'),
      message: z.string().describe('Why it was refused (English)'),
      reason: bulkFailureReasons.describe('Why it was refused, as a key the screen translates'),
    }),
  ),
})
export type BulkUpdateOrdersResult = z.infer<typeof BulkUpdateOrdersResultSchema>

/** `POST /orders/{id}/open`: the caller has the order open (the list shows who). */
export const OrderOpenSchema = z.object({
  isOpenUser: z.object({ _id: IdSchema, username: z.string(), since: z.iso.datetime() }),
})

/** Users an order can be assigned to (staff who process orders). */
export const OrderAssigneesSchema = z.array(z.object({ _id: IdSchema, username: z.string() }))

/** Office pick-up (ECONT, ECONT_GR): spec §3 Office, name and code. */
export const OfficeSchema = z
  .object({
    name: z.string(),
    code: z.string(),
    city: z.string().describe('Empty when the courier does not say'),
    address: z.string().describe('Empty when the courier does not say'),
  })
  .meta({ id: 'Office' })
export type Office = z.infer<typeof OfficeSchema>

export const GetOfficesBodySchema = z.strictObject({
  country: requiredText(100).describe("The order's ship-to country"),
  courierId: IdSchema,
})
export const OfficeListSchema = z.array(OfficeSchema)

export const ParcelshopsBodySchema = z.strictObject({
  city: text(100).default(''),
  courierId: IdSchema.nullable().optional(),
})
export const ParcelshopsSchema = z.object({
  list: z.array(OfficeSchema).describe('Parcel shops of the courier in the city (the web only logs them)'),
})
