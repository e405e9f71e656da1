import { driftOf } from '../control/desired-state.js';
import { supervisorRecoveries } from '../control/metrics.js';
import type { OperationKind, OperationParams } from '../control/model.js';
import { enqueueOperation } from '../control/operation-queue.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { providerFor } from '../control/provider-calls.js';
import type { InstanceRow } from '../db/database.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { claimDueInstances, lockInstanceForRecovery } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { findOrphans } from '../db/repositories/orphan-repository.js';
import { findLatestRelease } from '../db/repositories/release-repository.js';
import type { Logger } from '../logger.js';
import { type InstanceStatus, isWorkloadLister } from '../providers/provider.js';
import { isProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import { fromStatus, recordObservation } from './observation.js';

export interface SupervisorOptions {
  db: DbHandle;
  registry: Registry;
  signal: OperationSignal;
  logger: Logger;
  /** How often a running instance is re-observed (the seed's DefaultPoll is 60 s). */
  intervalMs?: number;
  /** Instances observed per tick, at most. */
  batch?: number;
  /** Remove provider objects that carry our labels, name a tenant of ours, and belong to no live instance. */
  sweepOrphans?: boolean;
  /** First recovery waits this long after a failure is seen; each further one doubles it. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

/**
 * Holds every instance in its desired state, level-triggered as in the seed's
 * service supervisor: handed only an instance id, it re-reads the record and
 * drives it toward `desired_state`. Observations are written only when they
 * differ (a transition becomes an Event); a running instance found failed or
 * stopped with no operation in flight gets a recovery operation, with
 * backoff (unless what is down is only what its owner scaled to zero: see
 * `driftOf`); an instance meant to be destroyed whose teardown did not finish is
 * torn down again. Replicas share the work: each tick claims due instances
 * with SKIP LOCKED, and recoveries are enqueued under the instance row lock.
 */
export class Supervisor {
  readonly #o: Required<SupervisorOptions>;
  readonly #backoff = new Map<string, { failures: number; nextAt: number }>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;
  #stopped = true;
  #ticks = 0;

  constructor(options: SupervisorOptions) {
    this.#o = {
      intervalMs: 60_000,
      batch: 50,
      sweepOrphans: true,
      backoffBaseMs: 30_000,
      backoffMaxMs: 600_000,
      ...options,
    };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = () => {
      if (this.#stopped) return;
      this.#ticking = this.tick()
        .catch((err: unknown) => this.#o.logger.warn({ err }, 'supervisor tick failed'))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, Math.min(this.#o.intervalMs, 5_000));
        });
    };
    this.#timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#ticking;
  }

  /** One pass: reconcile the instances due for observation, and sweep orphans now and then. */
  async tick(): Promise<void> {
    // Claimed: several replicas split the due instances, none observes one twice.
    const due = await claimDueInstances(this.#o.db, new Date(Date.now() - this.#o.intervalMs), this.#o.batch);
    for (const id of due) {
      if (this.#stopped) break;
      await this.reconcile(id).catch((err: unknown) =>
        this.#o.logger.warn({ err, instanceId: id }, 'reconcile failed'),
      );
    }
    if (this.#o.sweepOrphans && this.#ticks++ % 10 === 0) await this.sweepOrphans();
  }

  /** Drives one instance toward its desired state. Safe to call any time, from any replica. */
  async reconcile(instanceId: string): Promise<void> {
    const { db, registry, logger } = this.#o;
    const row = await instances.findInstanceAnyTenant(db, instanceId);
    if (!row || row.destroyed_at) return;
    if ((await operations.openOperations(db, row.id)).length > 0) return;
    const desired = row.desired_state;
    if (desired === 'destroyed') {
      await this.#recover(row, 'deprovision', 'teardown did not finish');
      return;
    }
    let provider: ReturnType<Registry['get']>;
    try {
      provider = providerFor(registry, row.provider_key);
    } catch {
      logger.warn({ instanceId, provider: row.provider_key }, 'provider not registered here; not observed');
      return;
    }
    let status: InstanceStatus | undefined;
    let missing = false;
    try {
      status = await provider.status({ signal: AbortSignal.timeout(15_000) }, row.id);
    } catch (err) {
      if (isProviderError(err, 'not_found')) missing = true;
      else {
        // Not seen is not gone: the instance keeps its last observed state and says why it is not current.
        if (isProviderError(err, 'unavailable'))
          await recordObservation(db, row.id, {
            message: `provider "${row.provider_key}" cannot be reached: ${(err as Error).message}`,
          });
        logger.info({ instanceId, err: (err as Error).message }, 'status unavailable; will observe again');
        return;
      }
    }
    // Re-check: an operation may have been queued while we asked the provider.
    if ((await operations.openOperations(db, row.id)).length > 0) return;
    const observed = missing
      ? { state: 'failed' as const, ready: false, message: 'the workload is gone from the provider' }
      : fromStatus(status!);
    await recordObservation(db, row.id, observed);
    const drift = driftOf(desired, row.services, {
      state: observed.state ?? row.state,
      ready: observed.ready ?? false,
      services: observed.services,
      missing,
    });
    if (drift.action === 'none') {
      if (drift.settled) this.#backoff.delete(row.id);
      return;
    }
    await this.#recover(row, drift.action, drift.why);
  }

  /** Enqueues a recovery operation unless one ran too recently (exponential backoff). */
  async #recover(row: InstanceRow, kind: OperationKind, why: string): Promise<void> {
    const now = Date.now();
    const b = this.#backoff.get(row.id) ?? { failures: 0, nextAt: 0 };
    if (now < b.nextAt) return;
    const delay = Math.min(this.#o.backoffBaseMs * 2 ** b.failures, this.#o.backoffMaxMs);
    const queued = await enqueueRecovery(this.#o.db, row.id, kind, why);
    if (queued) {
      this.#backoff.set(row.id, { failures: b.failures + 1, nextAt: now + delay });
      this.#o.logger.info({ instanceId: row.id, kind, why }, 'recovery queued');
      supervisorRecoveries.inc({ kind });
      this.#o.signal.queued();
    }
  }

  /**
   * Removes what the providers hold for instances that no live record owns.
   * Only workloads labelled with one of this database's tenants are touched,
   * so two installations sharing an engine never remove each other's work.
   */
  async sweepOrphans(): Promise<string[]> {
    const removed: string[] = [];
    for (const [key, provider] of this.#o.registry.all()) {
      if (!isWorkloadLister(provider)) continue;
      let held: { instanceId: string; tenantId: string }[];
      try {
        held = await provider.managedWorkloads({ signal: AbortSignal.timeout(15_000) });
      } catch {
        continue;
      }
      const uuid = /^[0-9a-f-]{36}$/i;
      const candidates = held.filter((w) => uuid.test(w.instanceId) && uuid.test(w.tenantId));
      for (const orphan of await findOrphans(this.#o.db, candidates)) {
        try {
          await provider.deprovision({ signal: AbortSignal.timeout(60_000) }, orphan.instanceId);
          removed.push(orphan.instanceId);
          this.#o.logger.info({ provider: key, instanceId: orphan.instanceId }, 'orphan removed');
          await withTransaction(this.#o.db, (tx) =>
            appendEvents(tx, [
              {
                tenant_id: orphan.tenantId,
                instance_id: null,
                operation_id: null,
                type: 'orphan.removed',
                message: `removed ${key} objects of instance ${orphan.instanceId}, which no live instance owns`,
                data: json({ provider: key, instanceId: orphan.instanceId }),
              },
            ]),
          );
        } catch (err) {
          this.#o.logger.warn({ err, instanceId: orphan.instanceId }, 'orphan removal failed; will retry');
        }
      }
    }
    return removed;
  }
}

/**
 * Queues a system-requested operation under the instance row lock, unless an
 * operation is already open (another replica got there first). True when queued.
 */
export async function enqueueRecovery(
  db: DbHandle,
  instanceId: string,
  kind: OperationKind,
  why: string,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const row = await lockInstanceForRecovery(tx, instanceId);
    if (!row || row.destroyed_at) return false;
    if ((await operations.openOperations(tx, row.id)).length > 0) return false;
    const params: OperationParams = {
      ...(kind === 'provision' ? { services: row.services } : {}),
      generation: row.generation,
    };
    // A re-provision rolls out what should be running: the current release, else the newest.
    const releaseId =
      kind === 'provision' ? (row.current_release_id ?? (await findLatestRelease(tx, row.id))?.id ?? null) : null;
    await enqueueOperation(tx, {
      instance: row,
      kind,
      params,
      caller: null,
      release: releaseId ? { id: releaseId, owned: false } : null,
      message: `supervisor: ${kind} (${why})`,
      data: { kind, reason: why },
    });
    await instances.updateInstance(tx, row.id, { version: row.version + 1 });
    return true;
  });
}
