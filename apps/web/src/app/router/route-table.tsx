import { SignInPage } from '@/features/auth/pages/sign-in-page'
import type { AppRoute, PageTitleKey, RouteAccess } from './app-route'
import { lazyPage } from './lazy-page'

const SignUpPage = lazyPage(() => import('@/features/auth/pages/sign-up-page'), 'SignUpPage')
const DemoLoginPage = lazyPage(() => import('@/features/auth/pages/demo-login-page'), 'DemoLoginPage')
const LoginAsPage = lazyPage(() => import('@/features/auth/pages/login-as-page'), 'LoginAsPage')
const HomePage = lazyPage(() => import('../routes/home-page'), 'HomePage')
const ProfilePage = lazyPage(() => import('@/features/business-clients/pages/profile-page'), 'ProfilePage')
const ProfileSettingsPage = lazyPage(
  () => import('@/features/business-clients/pages/profile-settings-page'),
  'ProfileSettingsPage',
)
const ProductListPage = lazyPage(() => import('../routes/product-list-page'), 'ProductListPage')
const ProductsRedirectPage = lazyPage(() => import('../routes/product-list-page'), 'ProductsRedirectPage')
const ProductCreatePage = lazyPage(
  () => import('@/features/products/pages/product-create-page'),
  'ProductCreatePage',
)
const ProductDetailPage = lazyPage(
  () => import('@/features/products/pages/product-detail-page'),
  'ProductDetailPage',
)
const GroupCreatePage = lazyPage(
  () => import('@/features/product-groups/pages/group-create-page'),
  'GroupCreatePage',
)
const GroupEditPage = lazyPage(
  () => import('@/features/product-groups/pages/group-edit-page'),
  'GroupEditPage',
)
const StockPage = lazyPage(() => import('@/features/stock/pages/stock-page'), 'StockPage')
const MovementsPage = lazyPage(() => import('@/features/stock/pages/movements-page'), 'MovementsPage')
const LocationsPage = lazyPage(() => import('@/features/locations/pages/locations-page'), 'LocationsPage')
const FloorScanPage = lazyPage(() => import('@/features/locations/pages/floor-scan-page'), 'FloorScanPage')
const WavesPage = lazyPage(() => import('@/features/waves/pages/waves-page'), 'WavesPage')
const WavePage = lazyPage(() => import('@/features/waves/pages/wave-page'), 'WavePage')
const PickPage = lazyPage(() => import('@/features/waves/pages/pick-page'), 'PickPage')
const PackingPage = lazyPage(() => import('@/features/packing/pages/packing-page'), 'PackingPage')
const HandoversPage = lazyPage(() => import('@/features/handovers/pages/handovers-page'), 'HandoversPage')
const HandoverPage = lazyPage(() => import('@/features/handovers/pages/handover-page'), 'HandoverPage')
const HandoverManifestPage = lazyPage(
  () => import('@/features/handovers/pages/handover-manifest-page'),
  'HandoverManifestPage',
)
const InboundListPage = lazyPage(
  () => import('@/features/inbound/pages/inbound-list-page'),
  'InboundListPage',
)
const InboundDetailPage = lazyPage(
  () => import('@/features/inbound/pages/inbound-detail-page'),
  'InboundDetailPage',
)
const InboundCreatePage = lazyPage(
  () => import('@/features/inbound/pages/inbound-create-page'),
  'InboundCreatePage',
)
const ParcelsListPage = lazyPage(
  () => import('@/features/parcels/pages/parcels-list-page'),
  'ParcelsListPage',
)
const ParcelDetailPage = lazyPage(() => import('../routes/parcel-detail-page'), 'ParcelDetailPage')
const OrderDetailPage = lazyPage(() => import('../routes/order-detail-page'), 'OrderDetailPage')
const OrdersListPage = lazyPage(() => import('@/features/orders/pages/orders-list-page'), 'OrdersListPage')
const UnpairedPage = lazyPage(() => import('@/features/inbound/pages/unpaired-page'), 'UnpairedPage')
const OrderCreatePage = lazyPage(() => import('@/features/orders/pages/order-create-page'), 'OrderCreatePage')
const NoGoodsPage = lazyPage(() => import('@/features/reports/pages/no-goods-page'), 'NoGoodsPage')
const InvoicesListPage = lazyPage(
  () => import('@/features/invoices/pages/invoices-list-page'),
  'InvoicesListPage',
)
const InvoiceEditPage = lazyPage(
  () => import('@/features/invoices/pages/invoice-edit-page'),
  'InvoiceEditPage',
)
const InvoicePdfPage = lazyPage(() => import('@/features/invoices/pages/invoice-pdf-page'), 'InvoicePdfPage')
const ShoptetInvoicePdfPage = lazyPage(
  () => import('@/features/orders/pages/shoptet-invoice-pdf-page'),
  'ShoptetInvoicePdfPage',
)
const NumberSeriesPage = lazyPage(
  () => import('@/features/invoices/pages/number-series-page'),
  'NumberSeriesPage',
)
const InvoicesReportPage = lazyPage(
  () => import('@/features/reports/pages/invoices-report-page'),
  'InvoicesReportPage',
)
const CouriersListPage = lazyPage(
  () => import('@/features/couriers/pages/couriers-list-page'),
  'CouriersListPage',
)
const CourierPage = lazyPage(() => import('@/features/couriers/pages/courier-page'), 'CourierPage')
const CostCalculatorPage = lazyPage(
  () => import('@/features/costcalculator/pages/cost-calculator-page'),
  'CostCalculatorPage',
)
const CostCalculatorRoPage = lazyPage(
  () => import('@/features/costcalculator/pages/cost-calculator-page'),
  'CostCalculatorRoPage',
)
const StockTurnoverPage = lazyPage(
  () => import('@/features/reports/pages/stock-turnover-page'),
  'StockTurnoverPage',
)
const BillsListPage = lazyPage(() => import('@/features/bills/pages/bills-list-page'), 'BillsListPage')
const BillDetailPage = lazyPage(() => import('@/features/bills/pages/bill-detail-page'), 'BillDetailPage')
const BillPrintPage = lazyPage(() => import('@/features/bills/pages/bill-print-page'), 'BillPrintPage')
const IssuersPage = lazyPage(() => import('@/features/bills/pages/issuers-page'), 'IssuersPage')
const ServicesListPage = lazyPage(
  () => import('@/features/services/pages/services-list-page'),
  'ServicesListPage',
)
const RateCardsPage = lazyPage(() => import('@/features/services/pages/rate-cards-page'), 'RateCardsPage')
const RefundsListPage = lazyPage(
  () => import('@/features/refunds/pages/refunds-list-page'),
  'RefundsListPage',
)
const TransfersListPage = lazyPage(
  () => import('@/features/cod/pages/transfers-list-page'),
  'TransfersListPage',
)
const TransferDetailPage = lazyPage(
  () => import('@/features/cod/pages/transfer-detail-page'),
  'TransferDetailPage',
)
const CodReconciliationPage = lazyPage(
  () => import('@/features/cod/pages/cod-reconciliation-page'),
  'CodReconciliationPage',
)
const EshopsListPage = lazyPage(() => import('@/features/eshops/pages/eshops-list-page'), 'EshopsListPage')
const EshopSettingsPage = lazyPage(
  () => import('@/features/eshops/pages/eshop-settings-page'),
  'EshopSettingsPage',
)
const ShoptetActivationPage = lazyPage(
  () => import('@/features/eshops/pages/shoptet-activation-page'),
  'ShoptetActivationPage',
)

/** A screen inside the app layout. */
function screen(
  path: string,
  access: RouteAccess,
  title: PageTitleKey,
  options: Pick<AppRoute, 'page'> & Partial<Pick<AppRoute, 'menu' | 'namespaces' | 'prefetch'>>,
): AppRoute {
  return { path, access, title, shell: 'layout', ...options }
}

/**
 * Every route of the spec (part 1 §2, part 2 §2), exact match. The order of the rows with a menu
 * placement is the order of the left menu (spec part 1 §2 "Layout").
 * Spec `:param+` (one or more segments) is written `:param/*`; the page reads it with `usePlusParam`.
 */
export const appRoutes: AppRoute[] = [
  // Sign-in shell: light, in the first bundle.
  {
    path: '/signin',
    page: SignInPage,
    access: 'guest',
    shell: 'guest',
    title: 'signIn',
    menu: { label: 'signIn' },
  },
  {
    path: '/signup',
    page: SignUpPage,
    access: 'guest',
    shell: 'guest',
    title: 'signUp',
    menu: { label: 'signUp' },
  },
  {
    path: '/demoacount/login/:username/:password',
    page: DemoLoginPage,
    access: 'public',
    shell: 'bare',
    title: 'demoLogin',
  },
  // The page itself checks the admin right and otherwise goes to /signin (spec: `:password+`).
  {
    path: '/internal/loginas/:username/:password/*',
    page: LoginAsPage,
    access: 'public',
    shell: 'bare',
    title: 'loginAs',
  },

  screen('/', 'authenticated', 'home', { page: HomePage }),

  // Orders (part 2)
  screen('/orders', 'orders.read', 'orders', {
    page: OrdersListPage,
    menu: { label: 'orders' },
    namespaces: ['orders'],
    prefetch: (search) =>
      import('@/features/orders/api/prefetch-order-list').then((m) => {
        void m.prefetchOrderList(search)
      }),
  }),
  screen('/orders/create/new', 'orders.write', 'orderCreate', { page: OrderCreatePage }),
  screen('/orders/:id', 'orders.read', 'orderDetail', { page: OrderDetailPage }),
  screen('/orders/v2/:id', 'orders.read', 'orderDetail', { page: OrderDetailPage }),

  // Invoices
  screen('/invoices', 'invoices.read', 'invoices', { page: InvoicesListPage, menu: { label: 'invoices' } }),
  // A client reads and edits its invoices; finance and admin all (staff read-only where invoices.write lacks).
  screen('/invoices/:id', 'invoices.read', 'invoiceEdit', {
    page: InvoiceEditPage,
    namespaces: ['documents'],
  }),
  screen('/invoices/:id/pdf', 'invoices.read', 'invoicePdf', { page: InvoicePdfPage }),
  // Shoptet's invoice of an order of a shop set to Shoptet invoices (Expedo issues none for it).
  screen('/orders/:id/shoptet-invoice', 'invoices.read', 'shoptetInvoicePdf', {
    page: ShoptetInvoicePdfPage,
  }),
  screen('/creditnote/:id', 'invoices.read', 'creditNote', {
    page: InvoiceEditPage,
    namespaces: ['documents'],
  }),
  screen('/settings/sequences', 'invoices.write', 'numberSeries', { page: NumberSeriesPage }),

  // Stock (part 1)
  screen('/warehouse', 'stock.read', 'warehouse', {
    page: StockPage,
    menu: { label: 'warehouse' },
  }),
  screen('/:warehouse_id/inventory/:sku/movement/:skip/:limit', 'stock.read', 'stockMovements', {
    page: MovementsPage,
  }),
  // Locations and putaway (issue 25)
  screen('/warehouse/locations', 'stock.read', 'locations', {
    page: LocationsPage,
    menu: { label: 'locations' },
    namespaces: ['locations'],
  }),
  screen('/warehouse/floor', 'locations.write', 'floorScan', {
    page: FloorScanPage,
    namespaces: ['locations'],
  }),
  // Waves and picking (issue 25)
  screen('/warehouse/waves', 'orders.process', 'waves', {
    page: WavesPage,
    menu: { label: 'waves' },
    namespaces: ['waves'],
  }),
  screen('/warehouse/waves/:id', 'orders.process', 'wave', { page: WavePage, namespaces: ['waves'] }),
  screen('/warehouse/waves/:id/pick', 'orders.process', 'wavePick', {
    page: PickPage,
    namespaces: ['waves'],
  }),
  // Scan-to-pack (issue 25): the open order's id in ?order= so a reload resumes it
  screen('/warehouse/packing', 'orders.process', 'packing', {
    page: PackingPage,
    menu: { label: 'packing' },
    namespaces: ['packing'],
  }),
  // Courier handover (issue 25): manifests of Packed, labelled parcels; confirmed → Shipping
  screen('/warehouse/handover', 'orders.process', 'handovers', {
    page: HandoversPage,
    menu: { label: 'handover' },
    namespaces: ['handovers'],
  }),
  screen('/warehouse/handover/:id', 'orders.process', 'handover', {
    page: HandoverPage,
    namespaces: ['handovers'],
  }),
  screen('/warehouse/handover/:id/manifest', 'orders.process', 'handoverManifest', {
    page: HandoverManifestPage,
    namespaces: ['handovers'],
  }),

  // Products and product groups
  screen('/products', 'products.read', 'products', {
    page: ProductsRedirectPage,
    menu: { label: 'products' },
  }),
  screen('/products/list/:activeTab', 'products.read', 'productList', { page: ProductListPage }),
  screen('/products/create/new', 'products.write', 'productCreate', { page: ProductCreatePage }),
  screen('/products/:id', 'products.read', 'productDetail', { page: ProductDetailPage }),
  screen('/productgroup/create/new', 'products.write', 'productGroupCreate', { page: GroupCreatePage }),
  screen('/productgroup/:id', 'products.write', 'productGroupEdit', { page: GroupEditPage }),

  // Shipments
  screen('/shipments/inbound', 'inbound.read', 'inboundShipments', {
    page: InboundListPage,
    menu: { label: 'goods', group: 'shipments' },
  }),
  screen('/shipments/inbound/:id', 'inbound.read', 'inboundShipment', { page: InboundDetailPage }),
  screen('/shipments/inbound/create/new', 'inbound.receive', 'inboundCreate', { page: InboundCreatePage }),
  screen('/shipments/inbound/lists/unpaired', 'stock.read', 'unpairedGoods', { page: UnpairedPage }),
  screen('/parcels/inbound', 'parcels.read', 'parcels', {
    page: ParcelsListPage,
    menu: { label: 'parcels', group: 'shipments' },
    namespaces: ['parcels'],
  }),
  screen('/parcels/inbound/:id', 'parcels.read', 'parcels', {
    page: ParcelDetailPage,
    namespaces: ['parcels'],
  }),

  // Finance: bills, services, COD transfers, refunds
  screen('/billing/bills', 'bills.read', 'bills', {
    page: BillsListPage,
    menu: { label: 'bills', group: 'finance' },
  }),
  screen('/billing/bills/:id', 'bills.read', 'billDetail', {
    page: BillDetailPage,
    namespaces: ['documents'],
  }),
  screen('/bill/:id', 'bills.read', 'billPrint', { page: BillPrintPage }),
  screen('/billing/issuers', 'issuers.read', 'issuers', { page: IssuersPage }),
  screen('/billing/services', 'services.read', 'services', { page: ServicesListPage }),
  // The provider's prices: finance reads them, admin changes them (the page hides the actions).
  screen('/billing/ratecards', 'rates.read', 'rateCards', { page: RateCardsPage }),
  screen('/transfers', 'transfers.read', 'codTransfers', {
    page: TransfersListPage,
    menu: { label: 'codTransfers', group: 'finance' },
  }),
  screen('/transfers/reconciliation', 'transfers.write', 'codReconciliation', {
    page: CodReconciliationPage,
  }),
  screen('/transfers/:id', 'transfers.read', 'codTransfer', { page: TransferDetailPage }),
  screen('/refunds', 'refunds.read', 'refunds', {
    page: RefundsListPage,
    menu: { label: 'refunds', group: 'finance' },
  }),

  // Reports
  screen('/reports/nogoods', 'reports.read', 'noGoods', {
    page: NoGoodsPage,
    menu: { label: 'noGoods', group: 'reports' },
  }),
  screen('/reports/stockturnover', 'reports.read', 'stockTurnover', {
    page: StockTurnoverPage,
    menu: { label: 'stockTurnover', group: 'reports' },
  }),
  // The invoices report reads invoices: finance, admin and clients (not the warehouse).
  screen('/reports/invoices', 'invoices.read', 'invoicesReport', { page: InvoicesReportPage }),

  // Couriers
  screen('/couriers', 'couriers.read', 'couriers', { page: CouriersListPage, namespaces: ['couriers'] }),
  screen('/couriers/:id', 'couriers.read', 'courier', { page: CourierPage, namespaces: ['couriers'] }),

  // Settings: business client profile ('null' = none yet), business profile settings, e-shops
  screen('/profile/:id', 'profile.read', 'companyProfile', {
    page: ProfilePage,
    menu: {
      label: 'companyProfile',
      group: 'settings',
      to: (user) => `/profile/${user?.businessclient ?? 'null'}`,
    },
  }),
  screen('/user-profile-settings', 'settings.write', 'profileSettings', { page: ProfileSettingsPage }),
  screen('/eshops', 'eshops.read', 'eshops', {
    page: EshopsListPage,
    menu: { label: 'eshops', group: 'settings' },
    namespaces: ['eshops'],
  }),
  screen('/eshops/shoptet/:id', 'eshops.read', 'eshopSettings', {
    page: EshopSettingsPage,
    namespaces: ['eshops'],
  }),
  // Reached from the e-shop platform's add-on installation, before the user has a password (spec:
  // `:syslang/:username/:activationkey+`, the language optional): public, in the light frame of sign-in (no
  // menu), in the link's language. The page reads the segments itself (activationLinkParts).
  {
    path: '/shoptet/newinstall/activation/*',
    page: ShoptetActivationPage,
    access: 'public',
    shell: 'guest',
    title: 'shoptetActivation',
    namespaces: ['eshops'],
  },

  // Storage-cost calculator: a sales tool with no data behind it, open to visitors too.
  screen('/costcalculator', 'public', 'costCalculator', {
    page: CostCalculatorPage,
    namespaces: ['costcalculator'],
  }),
  screen('/costcalculator/ro', 'public', 'costCalculatorRo', {
    page: CostCalculatorRoPage,
    namespaces: ['costcalculator'],
  }),
]
