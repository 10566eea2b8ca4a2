import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { businessClients, courierLabels, couriers, orders, warehouses } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type LabelRow = typeof courierLabels.$inferSelect

/** The statuses whose parcel the tracking pass asks about. */
export const TRACKED_STATUSES = ['Packed', 'Shipping', 'COD WAITING']

export function createLabelsRepository(db: DbOrTx) {
  return {
    /** The order (within the scope) with its courier's name and its label row, if any. */
    async find(scope: TenantScope, orderId: string) {
      const [row] = await db
        .select({ order: orders, courier: couriers.name, label: courierLabels })
        .from(orders)
        .leftJoin(couriers, eq(couriers.id, orders.courierId))
        .leftJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
      return row
    },

    /** The order locked (within the scope), with its courier's name. */
    async lockOrder(scope: TenantScope, orderId: string) {
      const [row] = await db
        .select({ order: orders, courier: couriers.name })
        .from(orders)
        .leftJoin(couriers, eq(couriers.id, orders.courierId))
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
        .for('update', { of: orders })
      return row
    },

    /** The label row locked, or undefined. */
    async lockLabel(orderId: string): Promise<LabelRow | undefined> {
      const [row] = await db
        .select()
        .from(courierLabels)
        .where(eq(courierLabels.orderId, orderId))
        .for('update')
      return row
    },

    /**
     * Claims a requested label for one job run until `seconds` from now: answers the row, 'busy' while
     * another run holds it, or undefined when there is nothing to do (not requested).
     */
    async claim(orderId: string, seconds: number): Promise<LabelRow | 'busy' | undefined> {
      const label = await this.lockLabel(orderId)
      if (label?.status !== 'requested') return undefined
      if (label.claimedUntil && label.claimedUntil.getTime() > Date.now()) return 'busy'
      await db
        .update(courierLabels)
        .set({ claimedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(courierLabels.orderId, orderId))
      return label
    },

    /** What a label request is made of: the order, its courier, its warehouse (the sender's address) and its business client's name (the sender). */
    async labelSource(orderId: string) {
      const [row] = await db
        .select({
          order: orders,
          courier: couriers.name,
          warehouse: warehouses,
          client: businessClients.name,
        })
        .from(orders)
        .leftJoin(couriers, eq(couriers.id, orders.courierId))
        .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .where(eq(orders.id, orderId))
      return row
    },

    /** Asks for the label (again): requested, attempts and error cleared; the reference stays. */
    async upsertRequested(
      order: { id: string; businessclientId: string; internalNumericId: number },
      courier: string,
      /** A person checked the courier's portal after an in-doubt label: the courier holds none. */
      doubtCleared = false,
    ) {
      await db
        .insert(courierLabels)
        .values({
          orderId: order.id,
          businessclientId: order.businessclientId,
          courier,
          status: 'requested',
          reference: `EXP-${order.internalNumericId}`,
        })
        .onConflictDoUpdate({
          target: courierLabels.orderId,
          set: {
            courier,
            status: 'requested',
            attempts: 0,
            lastError: null,
            claimedUntil: null,
            ...(doubtCleared ? { outcomeUnknown: false } : {}),
            updatedAt: sql`now()`,
          },
        })
    },

    async update(orderId: string, values: Partial<typeof courierLabels.$inferInsert>): Promise<void> {
      await db
        .update(courierLabels)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(courierLabels.orderId, orderId))
    },

    /** The order's tracking fields and error messages. */
    async updateOrder(
      orderId: string,
      values: Partial<
        Pick<typeof orders.$inferInsert, 'trackingId' | 'trackingUrl' | 'trackingAwbPdf' | 'errMsgs'>
      >,
    ): Promise<void> {
      await db.update(orders).set(values).where(eq(orders.id, orderId))
    },

    /** Requested labels untouched for `olderThanSeconds` (a job lost to a crash): their jobs again. */
    async staleRequested(olderThanSeconds: number, limit = 500): Promise<string[]> {
      const rows = await db
        .select({ orderId: courierLabels.orderId })
        .from(courierLabels)
        .where(
          and(
            eq(courierLabels.status, 'requested'),
            sql`${courierLabels.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`,
          ),
        )
        .orderBy(asc(courierLabels.updatedAt))
        .limit(limit)
      return rows.map((r) => r.orderId)
    },

    /** Created labels of orders the courier still carries (Packed, Shipping, COD WAITING), oldest check first. */
    async tracked(limit: number) {
      return db
        .select({
          orderId: courierLabels.orderId,
          courier: courierLabels.courier,
          trackingId: courierLabels.trackingId,
        })
        .from(courierLabels)
        .innerJoin(orders, eq(orders.id, courierLabels.orderId))
        .where(and(eq(courierLabels.status, 'created'), inArray(orders.status, TRACKED_STATUSES)))
        .orderBy(sql`${courierLabels.trackingCheckedAt} asc nulls first`, asc(courierLabels.orderId))
        .limit(limit)
    },
  }
}
