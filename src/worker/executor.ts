import { event } from '../control/instances.js';
import {
  type Operation,
  type OperationStatus,
  type OperationStep,
  type StoredServiceSpec,
  toInstance,
  toOperation,
} from '../control/model.js';
import type { OperationSignal } from '../control/operation-signal.js';
import type { SecretService } from '../control/secrets.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { lockInstanceById, releaseLease } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import { findReleasesByIds } from '../db/repositories/release-repository.js';
import type { Logger } from '../logger.js';
import {
  type CallContext,
  type InstanceStatus,
  isReadinessWaiter,
  type Provider,
  type ReadinessPolicy,
  type ServiceDeploySpec,
  type ServiceSpec,
} from '../providers/provider.js';
import { CanceledError, ProviderError, ProviderNotFoundError } from '../providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../providers/readiness.js';
import type { Registry } from '../providers/registry.js';
import { Masker } from './masking.js';
import { fromStatus, recordObservation, transitionEvents } from './observation.js';

export interface ExecutorOptions {
  db: DbHandle;
  registry: Registry;
  secrets: SecretService;
  signal: OperationSignal;
  logger: Logger;
  /** Unique per process: whose lease a row holds. */
  owner: string;
  /** How long a claim lasts without a heartbeat; a crashed executor's work is re-claimed after it. */
  leaseMs?: number;
  /** Operations run at once (on different instances). */
  concurrency?: number;
  /** How often to look for work other replicas queued. */
  pollMs?: number;
}

/** A re-claimed operation that keeps failing to finish is given up after this many attempts. */
const MAX_ATTEMPTS = 5;

/** Thrown inside a run to end it with a given code. */
class OperationFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Claims queued operations with a lease (FOR UPDATE SKIP LOCKED), one at a
 * time per instance and several instances at once, calls the provider, waits
 * for readiness and records the outcome. A lease that expires because its
 * process died is re-claimed by any executor; provider calls converge, so the
 * re-run finishes the work instead of doubling it.
 */
export class Executor {
  readonly #o: Required<ExecutorOptions>;
  readonly #running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  #stopped = true;
  /** What each running operation must not write in clear, by operation id. */
  readonly #maskers = new Map<string, Masker>();
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #offQueued: (() => void) | undefined;

  constructor(options: ExecutorOptions) {
    this.#o = { leaseMs: 30_000, concurrency: 4, pollMs: 1_000, ...options };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#offQueued = this.#o.signal.onQueued(() => this.#wake?.());
    this.#loop = this.#run();
  }

  /**
   * Stops claiming, aborts what runs and hands its operations back (queued,
   * lease cleared) so another replica picks them up at once.
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#offQueued?.();
    this.#wake?.();
    for (const r of this.#running.values()) r.abort.abort(new Error('executor stopping'));
    await this.#loop;
    await Promise.allSettled([...this.#running.values()].map((r) => r.done));
  }

  /**
   * Stops without handing anything back, as a killed process would: leases
   * stay until they expire. Tests use it to prove re-claiming works.
   */
  async crash(): Promise<void> {
    this.#stopped = true;
    this.#offQueued?.();
    this.#wake?.();
    for (const r of this.#running.values()) r.abort.abort(new CrashSignal());
    await this.#loop;
    await Promise.allSettled([...this.#running.values()].map((r) => r.done));
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      let claimed = false;
      if (this.#running.size < this.#o.concurrency) {
        try {
          const row = await operations.claimNextOperation(
            this.#o.db,
            this.#o.owner,
            this.#o.leaseMs,
            this.#reachableProviders(),
            [...this.#running.keys()],
          );
          if (row) {
            claimed = true;
            const abort = new AbortController();
            const done = this.#execute(toOperation(row), abort).finally(() => {
              this.#running.delete(row.id);
              this.#wake?.();
            });
            this.#running.set(row.id, { abort, done });
          }
        } catch (err) {
          if (!this.#stopped) this.#o.logger.warn({ err }, 'claiming operations failed; retrying');
        }
      }
      if (!claimed && !this.#stopped) await this.#sleep();
    }
  }

  /** Registry keys and type names this executor can run operations for (see claimNextOperation). */
  #reachableProviders(): string[] {
    const names = new Set<string>();
    for (const [key, p] of this.#o.registry.all()) {
      names.add(key);
      // Older rows may hold the type name; the registry resolves it only when one provider has it.
      const name = p.info().name;
      try {
        if (this.#o.registry.resolve(name).key === key) names.add(name);
      } catch {
        // ambiguous: left to the key
      }
    }
    return [...names];
  }

  #sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#o.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        done();
      };
    });
  }

  async #execute(op: Operation, abort: AbortController): Promise<void> {
    const { db, logger } = this.#o;
    const log = logger.child({ operationId: op.id, instanceId: op.instanceId, kind: op.kind, attempt: op.attempts });
    const heartbeat = setInterval(
      () => {
        operations
          .renewLease(db, op.id, this.#o.owner, this.#o.leaseMs)
          .then(({ held, cancelRequested }) => {
            if (!held) abort.abort(new CrashSignal());
            else if (cancelRequested) abort.abort(new CanceledError('canceled by request'));
          })
          .catch(() => {});
      },
      Math.max(250, Math.floor(this.#o.leaseMs / 3)),
    );
    // A step an earlier attempt left running was cut short when that attempt's executor stopped or died.
    const steps = op.steps.map(
      (s): OperationStep =>
        s.status === 'running'
          ? {
              ...s,
              status: 'failed',
              finishedAt: s.finishedAt ?? new Date().toISOString(),
              message: `interrupted: attempt ${op.attempts - 1} ended before this step finished`,
            }
          : s,
    );
    const masker = new Masker();
    this.#maskers.set(op.id, masker);
    try {
      if (op.cancelRequested) throw new CanceledError('canceled by request');
      if (op.attempts > MAX_ATTEMPTS)
        throw new OperationFailure('TOO_MANY_ATTEMPTS', `gave up after ${MAX_ATTEMPTS} attempts`);
      const result = await this.#perform(op, abort.signal, steps);
      await this.#finish(op, steps, 'succeeded', result);
      log.info({ outcome: result.outcome }, 'operation succeeded');
    } catch (err) {
      if (
        abort.signal.reason instanceof CrashSignal ||
        (abort.signal.aborted && this.#stopped && !(abort.signal.reason instanceof CanceledError))
      ) {
        if (!(abort.signal.reason instanceof CrashSignal)) await this.#release(op);
        return;
      }
      const canceled = err instanceof CanceledError || abort.signal.reason instanceof CanceledError;
      const described = describeFailure(err, canceled);
      const failure = { ...described, message: masker.text(described.message) };
      if (failure.code === 'INTERNAL') log.error({ err }, 'operation failed unexpectedly');
      else log.info({ code: failure.code }, 'operation failed');
      await this.#finish(op, steps, canceled ? 'canceled' : 'failed', failure).catch((e: unknown) =>
        log.error({ err: e }, 'recording the failure failed; the lease will expire and the operation re-run'),
      );
    } finally {
      clearInterval(heartbeat);
      this.#maskers.delete(op.id);
      this.#o.signal.ended(op.id);
    }
  }

  /** Hands a claimed operation back: queued again, no lease. */
  async #release(op: Operation): Promise<void> {
    await releaseLease(this.#o.db, op.id, this.#o.owner).catch(() => {});
  }

  async #perform(
    op: Operation,
    signal: AbortSignal,
    steps: OperationStep[],
  ): Promise<{
    outcome: string | null;
    status?: InstanceStatus;
    endpoints?: InstanceStatus['endpoints'];
    providerRef?: string;
  }> {
    const { db, registry } = this.#o;
    const row = await instances.findInstanceAnyTenant(db, op.instanceId);
    if (!row) throw new OperationFailure('NOT_FOUND', 'the instance no longer exists');
    const inst = toInstance(row);
    let acquired: { ctx: CallContext; provider: Provider };
    try {
      acquired = await registry.acquire({ signal }, inst.providerKey);
    } catch (err) {
      if (err instanceof ProviderNotFoundError) throw new OperationFailure('PROVIDER_NOT_FOUND', err.message);
      throw err;
    }
    const { ctx, provider } = acquired;
    const specs = (op.params.changed ?? op.params.services ?? inst.services) as StoredServiceSpec[];
    const transitional = {
      provision: 'provisioning',
      start: 'starting',
      restart: 'starting',
      stop: 'stopping',
      deprovision: 'destroying',
    } as const;
    const during = transitional[op.kind as keyof typeof transitional];
    if (during && inst.state !== during)
      await recordObservation(db, inst.id, { state: during, ready: false }, { operationId: op.id });

    let endpoints: InstanceStatus['endpoints'] | undefined;
    let providerRef: string | undefined;
    await this.#step(op, steps, `apply ${op.kind}`, async () => {
      switch (op.kind) {
        case 'provision': {
          const full = await this.#materialise(inst.tenantId, specs, this.#maskers.get(op.id));
          const r = await provider.provision(ctx, {
            instanceId: inst.id,
            tenantId: inst.tenantId,
            name: inst.name,
            kind: inst.kind,
            services: full.services,
            labels: inst.labels,
            ...(op.releaseId ? { releaseId: op.releaseId } : {}),
            secretValues: full.secretValues,
          });
          endpoints = r.endpoints;
          providerRef = r.providerRef;
          return `provisioned ${specs.length} service(s)`;
        }
        case 'deploy':
        case 'rollback': {
          const full = await this.#materialise(inst.tenantId, specs, this.#maskers.get(op.id));
          const deploySpecs = specs.map(toDeploySpec);
          if (op.kind === 'deploy') {
            const r = await provider.deploy(ctx, {
              instanceId: inst.id,
              releaseId: op.releaseId ?? '',
              services: deploySpecs,
              strategy: (op.params.strategy ?? 'rolling') as 'rolling',
              secretValues: full.secretValues,
            });
            endpoints = r.endpoints;
          } else {
            await provider.rollback(ctx, {
              instanceId: inst.id,
              releaseId: op.releaseId ?? '',
              services: deploySpecs,
              secretValues: full.secretValues,
            });
          }
          return `${op.kind === 'deploy' ? 'deployed' : 'rolled back'} ${specs.map((s) => `${s.name}=${s.image}`).join(', ')}`;
        }
        case 'scale':
          await provider.scale(ctx, {
            instanceId: inst.id,
            service: op.params.service,
            resources: op.params.resources ?? {},
          });
          return `scaled ${op.params.service}`;
        case 'start':
          await provider.start(ctx, inst.id);
          return 'started';
        case 'stop':
          await provider.stop(ctx, inst.id);
          return 'stopped';
        case 'restart':
          await provider.restart(ctx, inst.id);
          return 'restarted';
        case 'deprovision':
          await provider.deprovision(ctx, inst.id);
          await this.#o.secrets.deleteInternal(inst.tenantId, `_config/${inst.id}/`).catch(() => 0);
          return 'deprovisioned';
      }
    });

    if (op.kind === 'deprovision') return { outcome: null };
    if (op.kind === 'provision' && (endpoints || providerRef)) {
      await recordObservation(
        db,
        inst.id,
        {
          state: 'starting',
          ready: false,
          ...(endpoints ? { endpoints } : {}),
          ...(providerRef ? { providerRef } : {}),
        },
        { operationId: op.id },
      );
    }
    if (op.kind === 'stop') {
      const st = await provider.status(ctx, inst.id).catch(() => undefined);
      return { outcome: null, ...(st ? { status: st } : {}) };
    }

    const policy = this.#policy(provider, inst.readinessPolicy);
    let result!: Awaited<ReturnType<typeof waitReady>>;
    await this.#step(op, steps, 'wait for readiness', async () => {
      result = await waitReady(
        policy,
        async (s) => {
          const st = await provider.status({ ...ctx, signal: s }, inst.id);
          await recordObservation(db, inst.id, fromStatus(this.#maskers.get(op.id)?.status(st) ?? st), {
            operationId: op.id,
          });
          return st;
        },
        signal,
      );
      const outcome = readinessOutcome(result.status, result.error);
      if (outcome === 'canceled') throw new CanceledError('canceled while waiting for readiness');
      if (outcome !== 'ready') throw new ReadinessFailure(outcome, result.error?.message ?? outcome);
      return 'ready';
    });
    return {
      outcome: 'ready',
      ...(result.status ? { status: result.status } : {}),
      ...(endpoints ? { endpoints } : {}),
      ...(providerRef ? { providerRef } : {}),
    };
  }

  #policy(provider: Provider, own: ReadinessPolicy | null): ReadinessPolicy {
    if (own && (own.timeoutMs || own.intervalMs)) return own;
    if (isReadinessWaiter(provider)) return provider.readinessPolicy();
    return {};
  }

  /** Turns stored specs into provider specs: vault values for secret refs and config file contents. */
  async #materialise(
    tenantId: string,
    specs: StoredServiceSpec[],
    masker?: Masker,
  ): Promise<{ services: ServiceSpec[]; secretValues: Record<string, string> }> {
    const keys = [
      ...new Set(specs.flatMap((s) => [...s.secrets.map((r) => r.key), ...s.configFiles.map((f) => f.contentKey)])),
    ];
    let values: Record<string, string>;
    try {
      values = keys.length ? await this.#o.secrets.resolve(tenantId, keys) : {};
    } catch (err) {
      throw new OperationFailure('SECRET_NOT_FOUND', err instanceof Error ? err.message : 'a secret is missing');
    }
    const services = specs.map((s) => ({
      ...s,
      configFiles: s.configFiles.map((f) => ({
        name: f.name,
        path: f.path,
        format: f.format,
        content: values[f.contentKey] ?? '',
      })),
    }));
    const secretValues = Object.fromEntries(specs.flatMap((s) => s.secrets.map((r) => [r.key, values[r.key] ?? ''])));
    masker?.add(Object.values(values));
    return { services, secretValues };
  }

  /** Runs one step, recording its start and end on the operation and as events. */
  async #step(op: Operation, steps: OperationStep[], name: string, fn: () => Promise<string>): Promise<void> {
    const step: OperationStep = {
      name,
      status: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      message: null,
    };
    steps.push(step);
    await this.#saveSteps(op, steps, step);
    try {
      const mask = this.#maskers.get(op.id);
      step.message = mask ? mask.text(await fn()) : await fn();
      step.status = 'succeeded';
    } catch (err) {
      step.status = err instanceof CanceledError ? 'canceled' : 'failed';
      const message = err instanceof Error ? err.message : String(err);
      step.message = this.#maskers.get(op.id)?.text(message) ?? message;
      throw err;
    } finally {
      step.finishedAt = new Date().toISOString();
      if (!(step.status === 'failed' || step.status === 'canceled')) await this.#saveSteps(op, steps, step);
    }
  }

  async #saveSteps(op: Operation, steps: OperationStep[], step: OperationStep): Promise<void> {
    await withTransaction(this.#o.db, async (tx) => {
      await operations.updateOperation(tx, op.id, { steps: json(steps) });
      await appendEvents(tx, [
        event({ id: op.instanceId, tenant_id: op.tenantId }, op.id, 'operation.step', null, {
          message: `${step.name}: ${step.status}${step.message ? ` (${step.message})` : ''}`,
          data: { step: step.name, status: step.status },
        }),
      ]);
    });
  }

  /** Records the outcome, the instance's state and the events in one transaction. */
  async #finish(
    op: Operation,
    steps: OperationStep[],
    status: OperationStatus,
    r: {
      outcome: string | null;
      code?: string;
      message?: string;
      status?: InstanceStatus;
      endpoints?: InstanceStatus['endpoints'];
      providerRef?: string;
    },
  ): Promise<void> {
    const { db } = this.#o;
    const succeeded = status === 'succeeded';
    let observed: InstanceStatus | undefined = r.status;
    if (!succeeded && op.kind !== 'deprovision') observed = await this.#statusAfterFailure(op).catch(() => undefined);
    const masker = this.#maskers.get(op.id);
    if (masker) observed = masker.status(observed);
    await withTransaction(db, async (tx) => {
      // NO KEY UPDATE, as in lockInstance: a FOR UPDATE here deadlocks with a cancel appending its event.
      const row = await lockInstanceById(tx, op.instanceId);
      const finished = await operations.finishOperation(tx, op.id, this.#o.owner, {
        status,
        readiness_outcome: r.outcome,
        error_code: succeeded ? null : (r.code ?? 'INTERNAL'),
        error_message: succeeded ? null : (r.message ?? null),
        steps: json(steps),
        finished_at: new Date(),
        lease_owner: null,
        lease_expires_at: null,
      });
      // Our lease lapsed and another executor re-claimed the operation: its attempt records the outcome.
      if (!finished || !row) return;
      const inst = toInstance(row);
      const producesRelease = op.kind === 'provision' || op.kind === 'deploy' || op.kind === 'rollback';
      let state = inst.state;
      let ready = inst.ready;
      const set: Parameters<typeof instances.updateInstance>[2] = { observed_at: new Date() };
      if (observed) {
        state = observed.state;
        ready = observed.ready;
        Object.assign(set, {
          restarts: observed.restarts,
          message: observed.message ?? null,
          service_status: json(observed.services),
          ...(observed.endpoints.length ? { endpoints: json(observed.endpoints) } : {}),
        });
      }
      if (r.endpoints?.length) set.endpoints = json(r.endpoints);
      if (r.providerRef) set.provider_ref = r.providerRef;
      if (succeeded) {
        set.observed_generation = op.params.generation ?? inst.generation;
        if (producesRelease && op.releaseId) set.current_release_id = op.releaseId;
        if (op.kind === 'deprovision') {
          state = 'destroyed';
          ready = false;
          Object.assign(set, { destroyed_at: new Date(), endpoints: json([]), service_status: json({}) });
        }
        if (op.kind === 'scale' && op.params.service) set.message = inst.message;
      } else {
        if (op.kind === 'provision') state = observed?.state === 'running' && observed.ready ? state : 'failed';
        if (!observed && op.kind !== 'provision') state = 'failed';
        set.message = r.message ?? null;
        if ((op.kind === 'deploy' || op.kind === 'rollback') && inst.currentReleaseId) {
          // The previous release stays current: put its specs back as the desired ones.
          const [current] = await findReleasesByIds(tx, op.tenantId, [inst.currentReleaseId]);
          const snaps = (current?.snapshots ?? []) as { name: string; image: string; env: Record<string, string> }[];
          set.services = json(
            inst.services.map((s) => {
              const snap = snaps.find((x) => x.name === s.name);
              return snap ? { ...s, image: snap.image, env: snap.env } : s;
            }),
          );
        }
      }
      if (state === 'running' && !inst.startedAt) set.started_at = new Date();
      set.state = state;
      set.ready = ready;
      const evs = transitionEvents(
        row,
        inst,
        { state, ready, ...(observed ? { services: observed.services } : {}) },
        op.id,
      );
      evs.push(
        event(row, op.id, `operation.${status}`, null, {
          message: succeeded ? `${op.kind} succeeded` : `${op.kind} ${status}: ${r.message ?? ''}`,
          data: { kind: op.kind, outcome: r.outcome, ...(succeeded ? {} : { code: r.code ?? 'INTERNAL' }) },
        }),
      );
      await instances.updateInstance(tx, row.id, set);
      await appendEvents(tx, evs);
    });
  }

  async #statusAfterFailure(op: Operation): Promise<InstanceStatus | undefined> {
    const row = await instances.findInstanceAnyTenant(this.#o.db, op.instanceId);
    if (!row) return undefined;
    const provider = this.#o.registry.get(row.provider_key);
    return provider.status({ signal: AbortSignal.timeout(10_000) }, row.id);
  }
}

/** Abort reason of a crash or a lost lease: nothing is recorded, the next claim re-runs the operation. */
class CrashSignal extends Error {
  constructor() {
    super('lease lost');
  }
}

class ReadinessFailure extends Error {
  constructor(
    readonly outcome: string,
    message: string,
  ) {
    super(message);
  }
}

function toDeploySpec(s: StoredServiceSpec): ServiceDeploySpec {
  return {
    name: s.name,
    image: s.image,
    env: s.env,
    ports: s.ports,
    resources: s.resources,
    ...(s.command ? { command: s.command } : {}),
    ...(s.args ? { args: s.args } : {}),
    ...(s.healthCheck ? { healthCheck: s.healthCheck } : {}),
  };
}

/** A failure as the operation records it: a stable code, a message safe to show, and the readiness outcome. */
function describeFailure(err: unknown, canceled: boolean): { outcome: string | null; code: string; message: string } {
  if (canceled)
    return { outcome: 'canceled', code: 'CANCELED', message: err instanceof Error ? err.message : 'canceled' };
  if (err instanceof ReadinessFailure)
    return {
      outcome: err.outcome,
      code: err.outcome === 'failed' ? 'NOT_READY' : 'READINESS_TIMEOUT',
      message: err.message,
    };
  if (err instanceof OperationFailure) return { outcome: null, code: err.code, message: err.message };
  if (err instanceof ProviderError) {
    const code = err.kind === 'unavailable' ? 'PROVIDER_UNAVAILABLE' : err.kind.toUpperCase();
    return { outcome: err.kind === 'workload_failed' ? 'failed' : null, code, message: err.message };
  }
  return { outcome: null, code: 'INTERNAL', message: 'internal error (see server log)' };
}
