import { randomUUID } from 'node:crypto';
import { appendSystemAuditEntry } from '../control/audit-chain.js';
import { type AutoscaleVerdict, autoscaleStep, decideAutoscale, decideWake } from '../control/autoscale-decision.js';
import { autoscaleDecisions } from '../control/autoscale-metrics.js';
import type { AutoscaleDecision } from '../control/autoscale-rule.js';
import { event } from '../control/event-rows.js';
import { globalIdOf } from '../control/global-id.js';
import type { StoredServiceSpec } from '../control/model.js';
import { enqueueOperation } from '../control/operation-queue.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { providerFor } from '../control/provider-calls.js';
import { assertAllowed } from '../control/state-machine.js';
import type { AutoscaleStateRow, InstanceRow } from '../db/database.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import * as autoscale from '../db/repositories/autoscale-repository.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { lockInstanceForRecovery } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { listInstanceRoutes } from '../db/repositories/route-repository.js';
import type { Logger } from '../logger.js';
import type { AutoscalePolicy } from '../providers/autoscaling.js';
import type { Provider } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';

/** The mark on the autoscaler's operations and events (`data.requestedBy`). */
export const AUTOSCALER = 'autoscaler';

/** A decision that changes nothing is still an event, but at most this often per service (the console's chart). */
const QUIET_EVENT_MS = 60_000;

export interface AutoscalerOptions {
  db: DbHandle;
  registry: Registry;
  signal: OperationSignal;
  logger: Logger;
  /** How often each autoscaled service is sampled and decided (WHEELHOUSE_AUTOSCALE_INTERVAL_SECONDS). */
  intervalMs: number;
  /** Services decided per tick, at most. Default 50. */
  batch?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * Wheelhouse's own autoscaler, for providers whose platform does not scale by
 * itself (Docker). Every interval it claims the autoscaled services due (one
 * replica of Wheelhouse decides per service: the claim is a row stamp taken
 * with SKIP LOCKED), samples their CPU from the provider (and requests/s from
 * the edge when the provider's traffic engine counts them), calls the pure
 * decision (`control/autoscale-decision.ts`: normalisation, requests per
 * replica, idle to zero, wake, and the HPA rule with the recommendation
 * history kept in Postgres), and acts on it once: it changes replicas only through a SCALE operation queued
 * under the instance row lock when no operation is open, so it takes its turn
 * in the instance's order. For a provider that autoscales natively
 * (Kubernetes' HPA) it only records the status the provider reports.
 */
export class Autoscaler {
  readonly #o: AutoscalerOptions & { batch: number; now: () => Date };

  constructor(options: AutoscalerOptions) {
    this.#o = { batch: 50, now: () => new Date(), ...options };
  }

  /** One pass: brings the service list up to date, then decides every service due. */
  async tick(): Promise<void> {
    const { db, logger } = this.#o;
    await autoscale.syncAutoscaledServices(db);
    // A little less than the interval, so a tick that runs a moment early does not skip a service.
    const gap = (this.#o.intervalMs * 0.8) / 1000;
    for (const due of await autoscale.claimDueAutoscaled(db, gap, this.#o.batch)) {
      await this.evaluate(due.instanceId, due.service).catch((err: unknown) =>
        logger.warn({ err, ...due }, 'autoscale decision failed'),
      );
    }
  }

  /** Samples and decides one service (callers hold its claim). */
  async evaluate(instanceId: string, service: string): Promise<void> {
    const { db, registry } = this.#o;
    const row = await instances.findInstanceAnyTenant(db, instanceId);
    if (!row || row.destroyed_at) return;
    const spec = row.services.find((s) => s.name === service);
    const policy = spec?.resources.autoscale;
    if (!spec || !policy) return;
    const state = await autoscale.findAutoscaleState(db, instanceId, service);
    let provider: Provider;
    try {
      provider = providerFor(registry, row.provider_key);
    } catch {
      return;
    }
    const ctx = { signal: AbortSignal.timeout(Math.max(10_000, this.#o.intervalMs)) };
    const engine = provider.engines.autoscaler;
    if (engine?.mode === 'native') {
      // The platform scales; Wheelhouse reports what it says.
      const st = await engine.autoscaleStatus(ctx, instanceId, service);
      await autoscale.updateAutoscaleState(db, instanceId, service, {
        sampled_at: this.#o.now(),
        current_replicas: st?.currentReplicas ?? null,
        desired_replicas: st?.desiredReplicas ?? null,
        cpu_percent: st?.cpuPercent ?? null,
        last_scale_at: st?.lastScaleAt ?? null,
        message: st?.message ?? (st ? null : 'the autoscaler is not created yet'),
      });
      return;
    }
    const current = spec.resources.replicas ?? 1;
    const running = row.desired_state === 'running';
    const operationOpen = running && (await operations.openOperations(db, row.id)).length > 0;
    // Routes matter only to a sleeping service (can a request still reach the waker?): read only then.
    const asleep = running && !operationOpen && policy.minReplicas === 0 && current === 0;
    const routed = !asleep || (await listInstanceRoutes(db, row.tenant_id, row.id)).some((r) => r.service === service);
    const step = autoscaleStep({
      current,
      policy,
      running,
      routed,
      operationOpen,
      canSample: engine?.mode === 'sampled',
      provider: row.provider_key,
    });
    if (step.kind === 'wait') return;
    if (step.kind === 'note') {
      await this.#note(row, service, current, step.message);
      return;
    }
    if (step.kind === 'wake') {
      await this.#wakeNow(row, spec, policy, step.decision);
      return;
    }
    // Sampling: the only provider and edge reads of a decision.
    const now = this.#o.now();
    const cpu = step.cpu && engine?.mode === 'sampled' ? await engine.sampleCpu(ctx, instanceId, service) : undefined;
    const counters =
      step.requests && provider.engines.traffic?.counters
        ? await provider.engines.traffic.counters(ctx, instanceId, service)
        : undefined;
    const longest = Math.max(policy.scaleUpStabilizationSeconds, policy.scaleDownStabilizationSeconds);
    const history = await autoscale.recommendationsSince(
      db,
      instanceId,
      service,
      new Date(now.getTime() - longest * 1000),
    );
    const verdict = decideAutoscale({
      current,
      policy,
      ...(spec.resources.cpuMillis != null ? { cpuMillis: spec.resources.cpuMillis } : {}),
      ...(cpu ? { replicaCpuPercents: cpu.replicaCpuPercents } : {}),
      ...(counters ? { requests: { total: counters.requests, at: counters.at } } : {}),
      ...(state
        ? {
            previous: {
              requestsTotal: state.requests_total,
              sampledAt: state.sampled_at,
              idleSince: state.idle_since,
            },
          }
        : {}),
      history,
      now,
    });
    await this.#act(row, spec, policy, state, verdict, now, longest);
  }

  /** Acts on one interval's verdict: the window's row, the SCALE when the count changes, the event, the state. */
  async #act(
    row: InstanceRow,
    spec: StoredServiceSpec,
    policy: AutoscalePolicy,
    state: AutoscaleStateRow | undefined,
    verdict: AutoscaleVerdict,
    now: Date,
    longest: number,
  ): Promise<void> {
    const { db } = this.#o;
    const { decision } = verdict;
    const service = spec.name;
    const current = spec.resources.replicas ?? 1;
    if (verdict.recordRecommendation)
      await autoscale.addRecommendation(
        db,
        row.id,
        service,
        now,
        decision.recommendation,
        // A minute past the longest window: older rows can no longer matter (kept a while, for whoever looks).
        new Date(now.getTime() - longest * 1000 - 60_000),
      );
    const sample = { cpuPercent: verdict.cpuPercent, requestsPerSecond: verdict.requestsPerSecond };
    let scaled = false;
    if (decision.desired !== current) scaled = await this.#scale(row, spec, policy, decision, sample);
    const quiet = !state?.last_event_at || now.getTime() - state.last_event_at.getTime() >= QUIET_EVENT_MS;
    const changed = state?.desired_replicas !== decision.desired;
    // A scale's decision event is written with its operation; the others, when they say something new or the chart needs a point.
    if (!scaled && (changed || quiet)) {
      await withTransaction(db, (tx) =>
        appendEvents(tx, [decisionEvent(row, null, service, current, decision, sample, false)]),
      );
    }
    autoscaleDecisions.inc({ outcome: scaled ? 'scaled' : decision.desired !== current ? 'held back' : 'kept' });
    await autoscale.updateAutoscaleState(db, row.id, service, {
      sampled_at: now,
      current_replicas: current,
      desired_replicas: decision.desired,
      cpu_percent: verdict.cpuPercent,
      requests_per_second: verdict.requestsPerSecond,
      requests_total: verdict.requestsTotal,
      idle_since: verdict.idleSince,
      message: decision.reason,
      ...(scaled ? { last_scale_at: now } : {}),
      ...(scaled || changed || quiet ? { last_event_at: now } : {}),
    });
  }

  /** Queues a sleeping service's SCALE 0 → 1 and records it; false when the instance changed meanwhile. */
  async #wakeNow(
    row: InstanceRow,
    spec: StoredServiceSpec,
    policy: AutoscalePolicy,
    decision: AutoscaleDecision,
  ): Promise<boolean> {
    if (!(await this.#scale(row, spec, policy, decision, { cpuPercent: null, requestsPerSecond: null }))) return false;
    autoscaleDecisions.inc({ outcome: 'scaled' });
    const now = this.#o.now();
    await autoscale.updateAutoscaleState(this.#o.db, row.id, spec.name, {
      current_replicas: 0,
      desired_replicas: 1,
      message: decision.reason,
      last_scale_at: now,
      last_event_at: now,
      idle_since: null,
    });
    return true;
  }

  /**
   * Scale to zero: a request is held at the waker for a service with no
   * replica. Queues the SCALE 0 → 1 as the autoscaler's (its decision event
   * says so) when the service sleeps and no operation is open; `pending` when
   * a replica is coming already (or an operation must end first: the waker
   * asks again); `refused` when the service does not scale to zero.
   */
  async wake(
    instanceId: string,
    service: string,
  ): Promise<{ outcome: 'queued' | 'pending' | 'refused'; reason: string }> {
    const { db } = this.#o;
    const found = await instances.findInstanceAnyTenant(db, instanceId);
    const row = found && !found.destroyed_at ? found : undefined;
    const spec = row?.services.find((s) => s.name === service);
    const current = spec?.resources.replicas ?? 1;
    const running = row?.desired_state === 'running';
    // The open operations are read only when they could change the answer: the waker asks only while no
    // replica is ready, for a sleeping service or one a backup stopped.
    const open = running && row !== undefined ? await operations.openOperations(db, row.id) : [];
    const answer = decideWake({
      exists: row !== undefined,
      policy: spec?.resources.autoscale,
      running,
      current,
      operationOpen: open.length > 0,
      copying: open.some((o) => o.kind === 'backup' || o.kind === 'restore'),
    });
    if (answer.outcome !== 'queue') return answer;
    const queued = await this.#wakeNow(row!, spec!, spec!.resources.autoscale!, answer.decision);
    if (!queued) return { outcome: 'pending', reason: 'the instance changed meanwhile' };
    return { outcome: 'queued', reason: answer.decision.reason };
  }

  /** Records why a service was not sampled (shown in `InstanceService.autoscale.message`). */
  async #note(row: InstanceRow, service: string, current: number, message: string): Promise<void> {
    await autoscale.updateAutoscaleState(this.#o.db, row.id, service, {
      current_replicas: current,
      desired_replicas: current,
      message,
    });
  }

  /**
   * Queues the SCALE under the instance row lock, unless an operation opened
   * meanwhile or the service changed since it was read (a deploy, a manual
   * policy change): then the next interval decides again. True when queued.
   */
  async #scale(
    seen: InstanceRow,
    spec: StoredServiceSpec,
    policy: AutoscalePolicy,
    decision: AutoscaleDecision,
    sample: Sample,
  ): Promise<boolean> {
    const current = spec.resources.replicas ?? 1;
    const queued = await withTransaction(this.#o.db, async (tx) => {
      const row = await lockInstanceForRecovery(tx, seen.id);
      if (!row || row.destroyed_at || row.version !== seen.version) return false;
      if ((await operations.openOperations(tx, row.id)).length > 0) return false;
      try {
        assertAllowed('scale', row.state, row.desired_state);
      } catch {
        return false;
      }
      const changed: StoredServiceSpec = { ...spec, resources: { ...spec.resources, replicas: decision.desired } };
      const generation = row.generation + 1;
      const verb = decision.desired > current ? 'up' : 'down';
      await instances.updateInstance(tx, row.id, {
        services: json(row.services.map((s) => (s.name === spec.name ? changed : s))),
        generation,
        version: row.version + 1,
      });
      const opId = randomUUID();
      await enqueueOperation(tx, {
        id: opId,
        instance: row,
        kind: 'scale',
        params: { changed: [changed], service: spec.name, resources: { replicas: decision.desired }, generation },
        caller: null,
        message: `autoscaler: scale ${spec.name} ${verb} ${current} → ${decision.desired} (${policy.minReplicas}–${policy.maxReplicas})`,
        data: {
          kind: 'scale',
          requestedBy: AUTOSCALER,
          service: spec.name,
          fromReplicas: current,
          toReplicas: decision.desired,
        },
        precededBy: [decisionEvent(row, opId, spec.name, current, decision, sample, true)],
      });
      await appendSystemAuditEntry(tx, row.tenant_id, AUTOSCALER, {
        action: 'autoscaler.scale',
        targetIds: [globalIdOf('Instance', row.id), globalIdOf('Operation', opId)],
        outcome: 'OK',
      });
      return true;
    });
    if (queued) {
      this.#o.logger.info(
        { instanceId: seen.id, service: spec.name, from: current, to: decision.desired, reason: decision.reason },
        'autoscaler queued a scale',
      );
      this.#o.signal.queued();
    }
    return queued;
  }
}

interface Sample {
  cpuPercent: number | null;
  requestsPerSecond: number | null;
}

/** The `autoscale.decision` event: what was sampled, what the rule said, whether it scaled. */
function decisionEvent(
  row: { id: string; tenant_id: string },
  operationId: string | null,
  service: string,
  current: number,
  decision: AutoscaleDecision,
  sample: Sample,
  scaled: boolean,
) {
  return event(row, operationId, 'autoscale.decision', null, {
    message: `${service}: ${decision.reason}`,
    data: {
      requestedBy: AUTOSCALER,
      service,
      currentReplicas: current,
      desiredReplicas: decision.desired,
      recommendation: decision.recommendation,
      cpuPercent: sample.cpuPercent === null ? null : Math.round(sample.cpuPercent * 10) / 10,
      requestsPerSecond: sample.requestsPerSecond === null ? null : Math.round(sample.requestsPerSecond * 100) / 100,
      proposals: decision.proposals,
      scaled,
    },
  });
}
