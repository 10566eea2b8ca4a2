import { cents, divRound, moneyText } from '../common/money.ts'

/**
 * The storage-cost calculator (spec §9 "Storage-cost calculator", docs/domain.md "Cost calculator"): what a
 * shop spends running its own warehouse for a number of orders a month, beside the provider's offer.
 * Employees = ceil(orders / 19 / 150) (19 working days, 150 orders a person a day); own monthly cost =
 * employees × cost per employee + orders × material + the rent tier. Amounts are decimal text (2 decimals).
 */
export const costCalculatorVariants = ['cz', 'ro'] as const
export type CostCalculatorVariant = (typeof costCalculatorVariants)[number]

interface Tier {
  /** The tier holds up to this many orders a month (inclusive); null = every larger number. */
  upTo: number | null
  value: string | null
}

export interface CostCalculatorConstants {
  currency: 'CZK' | 'RON'
  defaultOrders: number
  costPerEmployee: string
  /** Material (CZ) or consumables (RO) per order. */
  materialPerOrder: string
  rent: Tier[]
  /** The provider's price per order; null value = 'individual' (a contact call to action, no comparison). */
  offer: Tier[]
}

export const WORKING_DAYS_PER_MONTH = 19
export const ORDERS_PER_EMPLOYEE_PER_DAY = 150
export const MAX_CALCULATOR_ORDERS = 10_000_000

export const costCalculatorConstants: Record<CostCalculatorVariant, CostCalculatorConstants> = {
  cz: {
    currency: 'CZK',
    defaultOrders: 1000,
    costPerEmployee: '33500',
    materialPerOrder: '6.5',
    rent: [
      { upTo: 1000, value: '12000' },
      { upTo: 4000, value: '24000' },
      { upTo: null, value: '50000' },
    ],
    offer: [{ upTo: null, value: '26' }],
  },
  ro: {
    currency: 'RON',
    defaultOrders: 1000,
    costPerEmployee: '2000',
    materialPerOrder: '1.25',
    rent: [
      { upTo: 1000, value: '400' },
      { upTo: 4000, value: '1200' },
      { upTo: null, value: '3500' },
    ],
    offer: [
      { upTo: 1000, value: '3.25' },
      { upTo: 4000, value: '2.5' },
      { upTo: null, value: null },
    ],
  },
}

export interface CostCalculation {
  orders: number
  employees: number
  staffCost: string
  materialCost: string
  rent: string
  ownMonthlyCost: string
  /** Own monthly cost / orders, rounded half up to the cent. */
  ownCostPerOrder: string
  /** null: 'individual' (RO above 4000 orders). */
  offerPerOrder: string | null
  /** Own cost per order − the offer per order (negative when running one's own warehouse is cheaper). */
  savingPerOrder: string | null
  /** Own monthly cost − offer × orders. */
  savingPerMonth: string | null
}

const tierOf = (tiers: Tier[], orders: number) =>
  (tiers.find((t) => t.upTo === null || orders <= t.upTo) ?? tiers[tiers.length - 1]!).value

/** Employees needed for `orders` a month: ceil(orders / 19 / 150), at least 1 for any order. */
export const employeesFor = (orders: number) =>
  Math.ceil(orders / (WORKING_DAYS_PER_MONTH * ORDERS_PER_EMPLOYEE_PER_DAY))

/** Whether `orders` is a number of orders the calculator takes (a whole number from 1). */
export const isCalculatorOrders = (orders: number) =>
  Number.isInteger(orders) && orders >= 1 && orders <= MAX_CALCULATOR_ORDERS

/** The costs of `orders` a month in a variant; `costPerEmployee` overrides the variant's default. */
export function calculateCosts(
  variant: CostCalculatorVariant,
  orders: number,
  costPerEmployee?: string | number,
): CostCalculation {
  if (!isCalculatorOrders(orders)) throw new RangeError(`not a number of orders: ${orders}`)
  const c = costCalculatorConstants[variant]
  const n = BigInt(orders)
  const employees = employeesFor(orders)
  const staff = BigInt(employees) * cents(costPerEmployee ?? c.costPerEmployee)
  const material = n * cents(c.materialPerOrder)
  const rent = cents(tierOf(c.rent, orders)!)
  const own = staff + material + rent
  const ownPerOrder = divRound(own, n)
  const offerText = tierOf(c.offer, orders)
  const offer = offerText === null ? null : cents(offerText)
  return {
    orders,
    employees,
    staffCost: moneyText(staff),
    materialCost: moneyText(material),
    rent: moneyText(rent),
    ownMonthlyCost: moneyText(own),
    ownCostPerOrder: moneyText(ownPerOrder),
    offerPerOrder: offer === null ? null : moneyText(offer),
    savingPerOrder: offer === null ? null : moneyText(ownPerOrder - offer),
    savingPerMonth: offer === null ? null : moneyText(own - offer * n),
  }
}
