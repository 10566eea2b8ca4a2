import type auth from '../locales/en/auth.json'
import type bills from '../locales/en/bills.json'
import type businessClients from '../locales/en/business-clients.json'
import type cod from '../locales/en/cod.json'
import type common from '../locales/en/common.json'
import type components from '../locales/en/components.json'
import type costcalculator from '../locales/en/costcalculator.json'
import type couriers from '../locales/en/couriers.json'
import type dashboard from '../locales/en/dashboard.json'
import type documents from '../locales/en/documents.json'
import type errors from '../locales/en/errors.json'
import type eshops from '../locales/en/eshops.json'
import type handovers from '../locales/en/handovers.json'
import type inbound from '../locales/en/inbound.json'
import type invoices from '../locales/en/invoices.json'
import type layout from '../locales/en/layout.json'
import type locations from '../locales/en/locations.json'
import type orderCreate from '../locales/en/order-create.json'
import type orderDetail from '../locales/en/order-detail.json'
import type orders from '../locales/en/orders.json'
import type packing from '../locales/en/packing.json'
import type parcels from '../locales/en/parcels.json'
import type productGroups from '../locales/en/product-groups.json'
import type products from '../locales/en/products.json'
import type refunds from '../locales/en/refunds.json'
import type reports from '../locales/en/reports.json'
import type services from '../locales/en/services.json'
import type stock from '../locales/en/stock.json'
import type waves from '../locales/en/waves.json'

/** Typed keys: `t()` accepts only keys of the English catalogues (the reference language). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      auth: typeof auth
      layout: typeof layout
      errors: typeof errors
      components: typeof components
      'business-clients': typeof businessClients
      products: typeof products
      'product-groups': typeof productGroups
      stock: typeof stock
      locations: typeof locations
      waves: typeof waves
      packing: typeof packing
      handovers: typeof handovers
      inbound: typeof inbound
      orders: typeof orders
      'order-create': typeof orderCreate
      'order-detail': typeof orderDetail
      reports: typeof reports
      invoices: typeof invoices
      documents: typeof documents
      couriers: typeof couriers
      costcalculator: typeof costcalculator
      dashboard: typeof dashboard
      bills: typeof bills
      services: typeof services
      cod: typeof cod
      parcels: typeof parcels
      refunds: typeof refunds
      eshops: typeof eshops
    }
  }
}
