import { canonicalJson } from '../control/canonical-json.js';
import { event } from '../control/event-rows.js';
import { type Instance, toInstance } from '../control/model.js';
import type { InstanceRow } from '../db/database.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { lockInstanceById } from '../db/repositories/lease-repository.js';
import type { InstanceState, InstanceStatus, ServiceStatus } from '../providers/provider.js';

/** What to write about an instance: only fields that are set change. */
export interface Observed {
  state?: InstanceState;
  ready?: boolean;
  restarts?: number;
  message?: string | null;
  services?: Record<string, ServiceStatus>;
  endpoints?: InstanceStatus['endpoints'];
  providerRef?: string | null;
}

export function fromStatus(st: InstanceStatus): Observed {
  return {
    state: st.state,
    ready: st.ready,
    restarts: st.restarts,
    message: st.message ?? null,
    services: st.services,
    ...(st.endpoints.length ? { endpoints: st.endpoints } : {}),
  };
}

/**
 * The columns an observation writes (JSON columns as plain values): the
 * state and readiness, each field it sets, and a first start's stamp. One
 * list for the write and for the check that skips it.
 */
function observedColumns(before: Instance, obs: Observed) {
  const state = obs.state ?? before.state;
  return {
    state,
    ready: obs.ready ?? before.ready,
    ...(obs.restarts !== undefined ? { restarts: obs.restarts } : {}),
    ...(obs.message !== undefined ? { message: obs.message } : {}),
    ...(obs.services ? { service_status: obs.services } : {}),
    ...(obs.endpoints ? { endpoints: obs.endpoints } : {}),
    ...(obs.providerRef !== undefined ? { provider_ref: obs.providerRef } : {}),
    ...(state === 'running' && !before.startedAt ? { started_at: new Date() } : {}),
  };
}

/**
 * Whether writing `obs` would change the instance as it is in `row`: a
 * column it writes to another value, or a first start to stamp. The
 * supervisor skips the write of an observation that changes nothing (the
 * claim stamped the row observed already), which is most of them in a fleet
 * at rest.
 */
export function observationChanges(row: InstanceRow, obs: Observed): boolean {
  const columns: Record<string, unknown> = observedColumns(toInstance(row), obs);
  const stored = row as unknown as Record<string, unknown>;
  return Object.entries(columns).some(
    ([column, value]) => column === 'started_at' || canonicalJson(value) !== canonicalJson(stored[column]),
  );
}

/** Who made an observation, and what else to write with it. */
export interface ObservationOptions {
  operationId?: string | null;
  extra?: Partial<Parameters<typeof instances.updateInstance>[2]>;
}

/**
 * Records an observation of an instance in its own transaction (see
 * writeObservation). Returns the instance as written.
 */
export async function recordObservation(
  db: DbHandle,
  instanceId: string,
  obs: Observed,
  opts: ObservationOptions = {},
): Promise<Instance | undefined> {
  return withTransaction(db, (tx) => writeObservation(tx, instanceId, obs, opts));
}

/**
 * Writes an observation of an instance in the caller's transaction: the row
 * changes only where the observation differs, and each difference a watcher
 * cares about becomes an Event (instance transition, per-service
 * transition). Returns the instance as written.
 */
export async function writeObservation(
  tx: DbTransaction,
  instanceId: string,
  obs: Observed,
  opts: ObservationOptions = {},
): Promise<Instance | undefined> {
  const row = await lockInstanceById(tx, instanceId);
  if (!row) return undefined;
  const before = toInstance(row);
  const { service_status, endpoints, ...columns } = observedColumns(before, obs);
  const events = transitionEvents(
    row,
    before,
    { state: columns.state, ready: columns.ready, message: obs.message, services: obs.services },
    opts.operationId ?? null,
  );
  const set: Parameters<typeof instances.updateInstance>[2] = {
    ...columns,
    observed_at: new Date(),
    ...(service_status ? { service_status: json(service_status) } : {}),
    ...(endpoints ? { endpoints: json(endpoints) } : {}),
    ...opts.extra,
  };
  const updated = await instances.updateInstance(tx, row.id, set);
  await appendEvents(tx, events);
  return toInstance(updated);
}

/**
 * The Events one observation makes of an instance: an instance transition when
 * its state or readiness changed, and a service transition for each service
 * whose state or readiness changed. Shared by every writer of observations.
 */
export function transitionEvents(
  row: { id: string; tenant_id: string },
  before: Pick<Instance, 'state' | 'ready' | 'serviceStatus'>,
  now: { state: InstanceState; ready: boolean; message?: string | null; services?: Record<string, ServiceStatus> },
  operationId: string | null,
) {
  const events = [];
  if (now.state !== before.state || now.ready !== before.ready) {
    events.push(
      event(row, operationId, 'instance.state_changed', null, {
        fromState: before.state,
        toState: now.state,
        ready: now.ready,
        message:
          now.message ?? `${before.state} → ${now.state}${now.ready !== before.ready ? `, ready ${now.ready}` : ''}`,
      }),
    );
  }
  for (const [name, s] of Object.entries(now.services ?? {})) {
    const prev = before.serviceStatus[name];
    if (!prev || prev.state !== s.state || prev.ready !== s.ready) {
      events.push(
        event(row, operationId, 'service.state_changed', null, {
          fromState: prev?.state ?? null,
          toState: s.state,
          ready: s.ready,
          message: `${name}: ${prev?.state ?? 'none'} → ${s.state}${s.message ? ` (${s.message})` : ''}`,
          data: { service: name, restarts: s.restarts },
        }),
      );
    }
  }
  return events;
}
