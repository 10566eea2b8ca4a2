import type { HandoversService } from '../../features/handovers/index.ts'
import type { LabelsService } from '../../features/labels/index.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createHandoverDemoRepository } from './handover-demo.repository.ts'

/** The demo's parcels for the courier handover: Zahradní ráj's Packed orders on the Praha floor. */
const CLIENT = 'Zahradní ráj s.r.o.'
const WAREHOUSE = 'Praha Hostivař'
const PARCELS = 6
/** Of them, on the demo's open handover (the rest stay ready for the next one). */
const ON_HANDOVER = 3
const LABELS_WITHIN_MS = 60_000

/**
 * The first start's demo handover (README "Demo"), after the seed and once the job queue runs: a few of
 * Zahradní ráj's Packed orders in Praha ship with Zásilkovna and get their labels through the local Packeta
 * fake (the label jobs, as a packer's Packed would), so the handover screen has parcels ready; when the labels
 * are there within the wait, three of them go on one open handover made by the demo operator.
 */
export async function seedDemoHandovers(deps: {
  db: Db
  labels: LabelsService
  handovers: HandoversService
}): Promise<{ ready: number; handover: number | null }> {
  const repo = createHandoverDemoRepository(deps.db)
  const operator = await repo.user('operator')
  const courier = await repo.courier('Zásilkovna', 'Czech')
  const packed = await repo.packedOrders(CLIENT, WAREHOUSE, PARCELS)
  if (!operator || !courier || !packed.length) return { ready: 0, handover: null }
  const auth: AuthContext = {
    userId: operator.id,
    username: operator.username,
    roles: ['operator'],
    businessclientId: null,
    sysLang: operator.sysLang as AuthContext['sysLang'],
    scope: { kind: 'all' },
  }
  const ids = packed.map((o) => o.id)
  await repo.setCourier(ids, courier.id)
  for (const id of ids) await deps.labels.request(auth, id)
  const until = Date.now() + LABELS_WITHIN_MS
  let labelled = await repo.labelled(ids)
  while (labelled.length < ids.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    labelled = await repo.labelled(ids)
  }
  if (labelled.length < ON_HANDOVER) return { ready: labelled.length, handover: null }
  const made = await deps.handovers.create(auth, {
    warehouse: packed[0]!.warehouseId!,
    courier: courier.id,
    orders: ids.filter((id) => labelled.includes(id)).slice(0, ON_HANDOVER),
  })
  return { ready: labelled.length - ON_HANDOVER, handover: made.handover.number }
}
