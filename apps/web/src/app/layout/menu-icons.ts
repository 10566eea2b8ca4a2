import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  ContainerOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  LoginOutlined,
  NodeIndexOutlined,
  RollbackOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons'
import type { ComponentType } from 'react'
import type { MenuLabelKey } from '../router/app-route'

/**
 * The icon of each menu item and submenu, by its label. Kept here, in the lazily loaded layout, rather
 * than in the route table: the route table is part of the sign-in page's first load, the icons are not.
 */
export const menuIcons: Record<MenuLabelKey, ComponentType> = {
  orders: ShoppingCartOutlined,
  invoices: FileTextOutlined,
  warehouse: DatabaseOutlined,
  locations: EnvironmentOutlined,
  waves: NodeIndexOutlined,
  packing: ContainerOutlined,
  handover: ExportOutlined,
  products: AppstoreOutlined,
  shipments: CarOutlined,
  goods: InboxOutlined,
  parcels: GiftOutlined,
  finance: BankOutlined,
  bills: AuditOutlined,
  codTransfers: SwapOutlined,
  refunds: RollbackOutlined,
  reports: BarChartOutlined,
  noGoods: StopOutlined,
  stockTurnover: LineChartOutlined,
  settings: SettingOutlined,
  companyProfile: IdcardOutlined,
  eshops: ShopOutlined,
  signIn: LoginOutlined,
  signUp: UserAddOutlined,
}
