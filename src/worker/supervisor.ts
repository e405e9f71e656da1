import { driftOf, missingServices } from '../control/desired-state.js';
import { DEFAULT_HEAL_BACKOFF, type HealBackoffSettings } from '../control/heal-backoff.js';
import { supervisorRecoveries } from '../control/metrics.js';
import type { OperationKind, OperationParams } from '../control/model.js';
import { enqueueOperation } from '../control/operation-queue.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { providerFor } from '../control/provider-calls.js';
import type { InstanceRow } from '../db/database.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { claimDueInstances, claimInstanceNow, lockInstanceForRecovery } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { findOrphans } from '../db/repositories/orphan-repository.js';
import { findLatestRelease } from '../db/repositories/release-repository.js';
import type { Logger } from '../logger.js';
import { type InstanceStatus, type Provider, type ServiceStatus, worseState } from '../providers/provider.js';
import { isProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { Autoscaler } from './autoscaler.js';
import { ChangeScheduler } from './change-scheduler.js';
import { fromStatus, type Observed, observationChanges, recordObservation } from './observation.js';
import { type HealContext, healDrifted, healedWithin, healsOf, withHeals } from './supervisor-heal.js';

type HealingProvider = Provider & Required<Pick<Provider, 'heal'>>;

export interface SupervisorOptions {
  db: DbHandle;
  registry: Registry;
  signal: OperationSignal;
  logger: Logger;
  /** How often a running instance is re-observed (the seed's DefaultPoll is 60 s). */
  intervalMs?: number;
  /** Instances claimed at a time; a pass claims batch after batch while full ones come back. */
  batch?: number;
  /** Instances reconciled at once within a batch. Default 4. */
  concurrency?: number;
  /** Remove provider objects that carry our labels, name a tenant of ours, and belong to no live instance. */
  sweepOrphans?: boolean;
  /** First recovery waits this long after a failure is seen; each further one doubles it. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * How heals of one service back off (`control/heal-backoff.ts`): the first
   * at once, then doubling from `baseMs` to `maxMs`, forgotten after
   * `resetAfterMs` up. Default 10 s, 5 min, 10 min.
   */
  healBackoff?: Partial<HealBackoffSettings>;
  /**
   * Follow the providers' change signals (`subscribeChanges`: Docker's engine
   * events, Kubernetes watches) and reconcile the instance named at once, the
   * interval staying as the fallback. Default true.
   */
  followChanges?: boolean;
  /** Signals for one instance within this window become one reconcile. Default 250 ms. */
  changeDebounceMs?: number;
  /**
   * A signalled instance observed (by any replica, or by an operation) less
   * than this long ago is not observed again at once but after this delay:
   * every replica hears the same engine event. Default 1 s.
   */
  claimGapMs?: number;
  /** A signalled instance with an operation open is looked at again this often until none is. Default 2 s. */
  busyRetryMs?: number;
  /** How often the autoscaler samples and decides each autoscaled service (`worker/autoscaler.ts`). Default 15 s. */
  autoscaleIntervalMs?: number;
  /** Run the autoscaler in this loop. Default true. */
  autoscale?: boolean;
  /**
   * The process's one autoscaler (`server/workers.ts` builds it; the edge's
   * waker shares it), whose pass this loop runs every autoscale interval.
   * Without one the loop does not autoscale.
   */
  autoscaler?: Pick<Autoscaler, 'tick'>;
}

/**
 * Holds every instance in its desired state, level-triggered as in the seed's
 * service supervisor: handed only an instance id, it re-reads the record and
 * drives it toward `desired_state`. Observations are written only when they
 * differ (a transition becomes an Event). With no operation in flight, a
 * long-running service found failed or stopped is healed alone
 * (`Provider.heal`, each service on its own back-off, an event per attempt:
 * supervisor-heal.ts), unless what is down is only what its owner scaled to
 * zero; a service gone from the provider is re-created by a recovery
 * operation, with backoff (see `driftOf`); a failed INIT service is reported
 * as the instance's problem and not retried; an instance meant to be destroyed
 * whose teardown did not finish is torn down again. Replicas share the work:
 * each tick claims due instances with SKIP LOCKED, and recoveries are enqueued
 * under the instance row lock.
 *
 * Besides the interval it follows every provider's change signal
 * (`subscribeChanges`): an instance named there is claimed and reconciled
 * within the debounce window, so a killed container is healed in seconds; the
 * interval remains the fallback that converges when a signal is lost.
 */
export class Supervisor {
  readonly #o: Required<Omit<SupervisorOptions, 'autoscaler' | 'healBackoff'>>;
  readonly #heal: HealContext;
  readonly #backoff = new Map<string, { failures: number; nextAt: number }>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;
  #stopped = true;
  /** Set by stop(): a pass under way ends after the reconciles in flight (a pass run by hand, unstarted, is not cut). */
  #halting = false;
  #ticks = 0;
  /** Coalesces change signals into reconciles; made afresh on each start. */
  #changes: ChangeScheduler | undefined;
  #unsubscribe: (() => void)[] = [];
  readonly #autoscaler: Pick<Autoscaler, 'tick'> | undefined;
  #autoscaleTimer: NodeJS.Timeout | undefined;
  #autoscaling: Promise<void> | undefined;

  constructor(options: SupervisorOptions) {
    this.#o = {
      intervalMs: 60_000,
      batch: 50,
      concurrency: 4,
      sweepOrphans: true,
      backoffBaseMs: 30_000,
      backoffMaxMs: 600_000,
      followChanges: true,
      changeDebounceMs: 250,
      claimGapMs: 1000,
      busyRetryMs: 2000,
      autoscaleIntervalMs: 15_000,
      autoscale: true,
      ...options,
    };
    this.#autoscaler = options.autoscaler;
    this.#heal = {
      db: options.db,
      logger: options.logger,
      backoff: { ...DEFAULT_HEAL_BACKOFF, ...options.healBackoff },
      timeoutMs: 60_000,
    };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#halting = false;
    if (this.#o.followChanges) this.#follow();
    const loop = () => {
      if (this.#stopped) return;
      this.#ticking = this.tick()
        .catch((err: unknown) => this.#o.logger.warn({ err }, 'supervisor tick failed'))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, Math.min(this.#o.intervalMs, 5_000));
        });
    };
    this.#timer = setTimeout(loop, 0);
    if (this.#o.autoscale && this.#autoscaler) this.#autoscaleLoop(this.#autoscaler);
  }

  /** The autoscaler's pass every autoscale interval, beside the reconcile loop (claims keep replicas apart). */
  #autoscaleLoop(autoscaler: Pick<Autoscaler, 'tick'>): void {
    const loop = () => {
      if (this.#stopped) return;
      const startedAt = Date.now();
      this.#autoscaling = autoscaler
        .tick()
        .catch((err: unknown) => this.#o.logger.warn({ err }, 'autoscale tick failed'))
        .finally(() => {
          const wait = Math.max(0, this.#o.autoscaleIntervalMs - (Date.now() - startedAt));
          if (!this.#stopped) this.#autoscaleTimer = setTimeout(loop, wait);
        });
    };
    this.#autoscaleTimer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#halting = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#autoscaleTimer) clearTimeout(this.#autoscaleTimer);
    for (const off of this.#unsubscribe.splice(0)) off();
    await this.#changes?.stop();
    await this.#ticking;
    await this.#autoscaling;
  }

  /** Subscribes to the change signal of every registered provider that has one. */
  #follow(): void {
    const changes = new ChangeScheduler({
      debounceMs: this.#o.changeDebounceMs,
      run: (id) => this.#onChange(id),
      onError: (err, instanceId) => this.#o.logger.warn({ err, instanceId }, 'reconcile on change failed'),
    });
    this.#changes = changes;
    for (const [key, provider] of this.#o.registry.all()) {
      if (!provider.subscribeChanges) continue;
      this.#unsubscribe.push(
        provider.subscribeChanges((change) => {
          // Ids that cannot be ours (another installation on the engine, a hand-made label) are not looked up.
          if (!UUID.test(change.instanceId)) return;
          this.#o.logger.debug({ provider: key, ...change }, 'provider reported a change');
          changes.notify(change.instanceId);
        }),
      );
    }
  }

  /** A change signal's reconcile: once between the replicas that all heard it, then as reconcile asks. */
  async #onChange(instanceId: string): Promise<number | undefined> {
    if (this.#stopped) return undefined;
    const claim = await claimInstanceNow(this.#o.db, instanceId, new Date(Date.now() - this.#o.claimGapMs));
    if (claim === 'absent') return undefined;
    // Observed a moment ago, perhaps before the change: look again once that observation is a gap old.
    if (claim === 'recent') return this.#o.claimGapMs;
    return this.reconcile(instanceId);
  }

  /**
   * One pass: reconcile every instance due for observation, a batch at a time
   * (for at most an interval, so the orphan sweep still comes round), and
   * sweep orphans now and then.
   */
  async tick(): Promise<void> {
    const startedAt = Date.now();
    for (;;) {
      // Claimed: several replicas split the due instances, none observes one twice.
      const due = await claimDueInstances(this.#o.db, new Date(Date.now() - this.#o.intervalMs), this.#o.batch);
      await this.#reconcileAll(due);
      // A full batch means more are due: with one batch per pause, a fleet larger than batch × (interval / pause)
      // would never be observed within its interval (the scale bench saw 16 of the 333 instances/s it needed).
      if (due.length < this.#o.batch || this.#halting || Date.now() - startedAt >= this.#o.intervalMs) break;
    }
    if (this.#o.sweepOrphans && this.#ticks++ % 10 === 0) await this.sweepOrphans();
  }

  /** Reconciles `ids`, `concurrency` at a time: most of a reconcile is waiting on the provider and the database. */
  async #reconcileAll(ids: readonly string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length && !this.#halting) {
        const id = ids[next++]!;
        await this.reconcile(id).catch((err: unknown) =>
          this.#o.logger.warn({ err, instanceId: id }, 'reconcile failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#o.concurrency, ids.length) }, worker));
  }

  /**
   * Drives one instance toward its desired state. Safe to call any time, from
   * any replica. Resolves to the delay after which the instance is worth
   * looking at again (an operation is open, or a recovery waits out its
   * backoff), or undefined when there is nothing to follow up.
   */
  async reconcile(instanceId: string): Promise<number | undefined> {
    const { db, registry, logger } = this.#o;
    const row = await instances.findInstanceAnyTenant(db, instanceId);
    if (!row || row.destroyed_at) return undefined;
    // Never beside an operation of the instance: it owns the workload until it ends.
    if ((await operations.openOperations(db, row.id)).length > 0) return this.#o.busyRetryMs;
    const desired = row.desired_state;
    if (desired === 'destroyed') return this.#recover(row, 'deprovision', 'teardown did not finish');
    let provider: ReturnType<Registry['get']>;
    try {
      provider = providerFor(registry, row.provider_key);
    } catch {
      logger.warn({ instanceId, provider: row.provider_key }, 'provider not registered here; not observed');
      return undefined;
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
        return undefined;
      }
    }
    // Re-check: an operation may have been queued while we asked the provider.
    if ((await operations.openOperations(db, row.id)).length > 0) return this.#o.busyRetryMs;
    const heals = await healsOf(db, row.id);
    const observed: Observed = missing
      ? { state: 'failed' as const, ready: false, message: 'the workload is gone from the provider' }
      : withHeals(withMissing(fromStatus(status!), missingServices(row.services, status!.services)), heals);
    const drift = driftOf(desired, row.services, {
      state: observed.state ?? row.state,
      ready: observed.ready ?? false,
      // What the provider reported: a missing service must stay missing to be re-created, not restarted.
      services: status?.services,
      missing,
    });
    // A failed INIT is the instance's own problem: said as such, and left for its owner.
    const toRecord = drift.action === 'none' && drift.blocked ? { ...observed, message: drift.blocked } : observed;
    // Nothing new: the claim stamped it observed, and a write (a transaction of four statements) would change nothing.
    if (observationChanges(row, toRecord)) await recordObservation(db, row.id, toRecord);
    if (drift.action === 'none') {
      if (drift.settled) this.#backoff.delete(row.id);
      // Just healed and not ready yet, with no engine event to come (its readiness floor, a probe due): look then.
      else if (status?.recheckAt && healedWithin(heals, Date.now(), this.#heal.backoff.maxMs))
        return Math.max(0, status.recheckAt.getTime() - Date.now()) + 50;
      return undefined;
    }
    if (drift.action === 'heal') {
      // A provider without a heal of its own can only restart the whole instance.
      if (!provider.heal) return this.#recover(row, 'restart', drift.why);
      // Never beside an operation: one may have been queued while we recorded.
      if ((await operations.openOperations(db, row.id)).length > 0) return this.#o.busyRetryMs;
      return healDrifted(this.#heal, row, provider as HealingProvider, drift.services, heals, drift.why, observed);
    }
    return this.#recover(row, drift.action, drift.why);
  }

  /**
   * Enqueues a recovery operation unless one ran too recently (exponential
   * backoff). Resolves to when to look again: after the backoff when it held
   * the recovery back, soon when an operation is now open (to see it worked).
   */
  async #recover(row: InstanceRow, kind: OperationKind, why: string): Promise<number | undefined> {
    const now = Date.now();
    const b = this.#backoff.get(row.id) ?? { failures: 0, nextAt: 0 };
    if (now < b.nextAt) return b.nextAt - now;
    const delay = Math.min(this.#o.backoffBaseMs * 2 ** b.failures, this.#o.backoffMaxMs);
    const queued = await enqueueRecovery(this.#o.db, row.id, kind, why);
    if (queued) {
      this.#backoff.set(row.id, { failures: b.failures + 1, nextAt: now + delay });
      this.#o.logger.info({ instanceId: row.id, kind, why }, 'recovery queued');
      supervisorRecoveries.inc({ kind });
      this.#o.signal.queued();
    }
    return this.#o.busyRetryMs;
  }

  /**
   * Removes what the providers hold for instances that no live record owns.
   * Only workloads labelled with one of this database's tenants are touched,
   * so two installations sharing an engine never remove each other's work.
   */
  async sweepOrphans(): Promise<string[]> {
    const removed: string[] = [];
    for (const [key, provider] of this.#o.registry.all()) {
      if (!provider.managedWorkloads) continue;
      let held: { instanceId: string; tenantId: string }[];
      try {
        held = await provider.managedWorkloads({ signal: AbortSignal.timeout(15_000) });
      } catch {
        continue;
      }
      const candidates = held.filter((w) => UUID.test(w.instanceId) && UUID.test(w.tenantId));
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

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * An observation with the services the provider did not report marked
 * failed, so a container removed by hand is recorded (a service transition,
 * the instance failed and not ready) like one that died.
 */
function withMissing(observed: Observed, absent: string[]): Observed {
  if (absent.length === 0) return observed;
  const gone: ServiceStatus = { state: 'failed', ready: false, restarts: 0, message: 'missing from the provider' };
  const message = `service(s) ${absent.join(', ')} missing from the provider`;
  return {
    ...observed,
    state: worseState(observed.state ?? 'failed', 'failed'),
    ready: false,
    message,
    services: { ...observed.services, ...Object.fromEntries(absent.map((name) => [name, gone])) },
  };
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
