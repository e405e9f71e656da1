import type { AutoscaleStateRow } from '../db/database.js';
import type { DbHandle } from '../db/db-types.js';
import { findAutoscaleStates } from '../db/repositories/autoscale-repository.js';

/** `InstanceService.autoscale`: the autoscaler's (or the platform HPA's) last sample and decision. */
export interface AutoscaleStatusView {
  currentReplicas: number;
  desiredReplicas: number;
  cpuPercent: number | null;
  requestsPerSecond: number | null;
  lastScaleAt: Date | null;
  message: string | null;
}

/** The autoscale states of a tenant's instances, keyed `instanceId/service`. */
export async function autoscaleStatuses(
  db: DbHandle,
  tenantId: string,
  instanceIds: readonly string[],
): Promise<Map<string, AutoscaleStateRow>> {
  const rows = await findAutoscaleStates(db, tenantId, instanceIds);
  return new Map(rows.map((r) => [`${r.instance_id}/${r.service}`, r]));
}

/**
 * A service's status: from its state row once the autoscaler has looked at it,
 * else what the spec says (the replicas it is desired at, nothing sampled yet).
 */
export function statusView(row: AutoscaleStateRow | undefined, specReplicas: number): AutoscaleStatusView {
  return {
    currentReplicas: row?.current_replicas ?? specReplicas,
    desiredReplicas: row?.desired_replicas ?? specReplicas,
    cpuPercent: row?.cpu_percent ?? null,
    requestsPerSecond: row?.requests_per_second ?? null,
    lastScaleAt: row?.last_scale_at ?? null,
    message: row?.message ?? (row?.sampled_at ? null : 'not sampled yet'),
  };
}
