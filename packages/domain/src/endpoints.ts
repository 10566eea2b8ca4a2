import { authEndpoints } from './auth/auth.endpoints.ts'
import { billsEndpoints } from './bills/bills.endpoints.ts'
import { businessClientsEndpoints } from './business-clients/business-clients.endpoints.ts'
import { codEndpoints } from './cod/cod.endpoints.ts'
import { commentsEndpoints } from './comments/comments.endpoints.ts'
import { costCalculatorEndpoints } from './costcalculator/costcalculator.endpoints.ts'
import { couriersEndpoints } from './couriers/couriers.endpoints.ts'
import { eshopsEndpoints } from './eshops/eshops.endpoints.ts'
import { shoptetEndpoints } from './eshops/shoptet.endpoints.ts'
import { shoptetOrdersEndpoints } from './eshops/shoptet-orders.endpoints.ts'
import { filesEndpoints } from './files/files.endpoints.ts'
import { handoversEndpoints } from './handovers/handovers.endpoints.ts'
import { healthEndpoints } from './health/health.endpoints.ts'
import { inboundEndpoints } from './inbound/inbound.endpoints.ts'
import { invoicesEndpoints } from './invoices/invoices.endpoints.ts'
import { labelsEndpoints } from './labels/labels.endpoints.ts'
import { locationsEndpoints } from './locations/locations.endpoints.ts'
import { ordersEndpoints } from './orders/orders.endpoints.ts'
import { packingEndpoints } from './packing/packing.endpoints.ts'
import { parcelsEndpoints } from './parcels/parcels.endpoints.ts'
import { productGroupsEndpoints } from './product-groups/product-groups.endpoints.ts'
import { productsEndpoints } from './products/products.endpoints.ts'
import { refundsEndpoints } from './refunds/refunds.endpoints.ts'
import { reportsEndpoints } from './reports/reports.endpoints.ts'
import { servicesEndpoints } from './services/services.endpoints.ts'
import { stockEndpoints } from './stock/stock.endpoints.ts'
import { usersEndpoints } from './users/users.endpoints.ts'
import { warehousesEndpoints } from './warehouses/warehouses.endpoints.ts'
import { wavesEndpoints } from './waves/waves.endpoints.ts'

/** Every HTTP call of the API, by area. The server registers each one; the web calls them by reference. */
export const endpoints = {
  auth: authEndpoints,
  businessClients: businessClientsEndpoints,
  files: filesEndpoints,
  health: healthEndpoints,
  inbound: inboundEndpoints,
  stock: stockEndpoints,
  locations: locationsEndpoints,
  waves: wavesEndpoints,
  packing: packingEndpoints,
  labels: labelsEndpoints,
  handovers: handoversEndpoints,
  warehouses: warehousesEndpoints,
  users: usersEndpoints,
  products: productsEndpoints,
  productGroups: productGroupsEndpoints,
  eshops: eshopsEndpoints,
  shoptet: shoptetEndpoints,
  shoptetOrders: shoptetOrdersEndpoints,
  orders: ordersEndpoints,
  comments: commentsEndpoints,
  couriers: couriersEndpoints,
  reports: reportsEndpoints,
  invoices: invoicesEndpoints,
  costCalculator: costCalculatorEndpoints,
  bills: billsEndpoints,
  services: servicesEndpoints,
  cod: codEndpoints,
  parcels: parcelsEndpoints,
  refunds: refundsEndpoints,
}
