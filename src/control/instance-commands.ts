import { randomUUID } from 'node:crypto';
import type { InstanceRow, NewEvent } from '../db/database.js';
import { type DbHandle, type DbTransaction, json, withTransaction } from '../db/db-types.js';
import { isInstanceNameTaken } from '../db/errors.js';
import { announceEnded } from '../db/operation-notifications.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import * as rollouts from '../db/repositories/rollout-repository.js';
import * as routeRows from '../db/repositories/route-repository.js';
import type { Capability } from '../providers/capabilities.js';
import { measuresLatency } from '../providers/progressive.js';
import type { DeployStrategy, Provider, ServiceSnapshot } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import type { RenderedSource } from '../providers/sources.js';
import { requireRouteForScaleToZero, withAutoscaledReplicas } from './autoscale-validation.js';
import { ConflictError, InvalidStateError, NotFoundError, ValidationError } from './errors.js';
import { event } from './event-rows.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf } from './idempotency.js';
import type {
  DeployInput,
  DeprovisionInput,
  OnInstance,
  ProvisionInput,
  RollbackInput,
  ScaleInput,
} from './instance-inputs.js';
import {
  type DesiredState,
  type Instance,
  isTerminal,
  type Operation,
  type OperationKind,
  type OperationParams,
  type StoredRollout,
  type StoredServiceSpec,
  toInstance,
  toOperation,
} from './model.js';
import { enqueueOperation } from './operation-queue.js';
import type { OperationSignal } from './operation-signal.js';
import { providerFor, requireCapability } from './provider-calls.js';
import { snapshotFromDeploy, snapshotOf } from './release-snapshots.js';
import { blueGreenRollout, canaryRollout, checkStrategyInputs, refuseUnmeasuredLatency } from './rollout-inputs.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';
import { checkSource, renderSource, sourceTypeOf, type WorkloadSourceInput } from './source-specs.js';
import {
  checkArgv,
  checkEnv,
  checkHealthCheck,
  checkImage,
  checkInstanceLabels,
  checkName,
  checkNoNul,
  checkPorts,
  checkResources,
  Problems,
  validateServices,
} from './spec-validation.js';
import { assertAllowed, type InstanceAction } from './state-machine.js';

const STRATEGY_CAPABILITY: Record<DeployStrategy, Capability | undefined> = {
  rolling: 'strategy:rolling',
  recreate: undefined,
  blue_green: 'strategy:blue-green',
  canary: 'strategy:canary',
};

/**
 * Lifecycle mutations. Each validates, checks the provider's capability and
 * the state machine, then writes the queued Operation, the instance's new
 * desired state and the first Event in one transaction. The executor does the
 * provider work; nothing here calls a provider except exec, which is direct.
 */
export class InstanceCommands {
  constructor(
    readonly db: DbHandle,
    protected readonly registry: Registry,
    private readonly secrets: SecretService,
    readonly signal: OperationSignal,
  ) {}

  async provision(caller: Principal, input: ProvisionInput): Promise<Enqueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    checkName(p, input.name, ['input', 'name']);
    const instanceId = randomUUID();
    // Either services or exactly one source (issue 26).
    const source = input.source ? checkSource(p, input.source, ['input', 'source']) : undefined;
    if (source && input.services.length > 0) p.add(['input', 'services'], 'must be empty when a source is given');
    const { services, configContents } = source
      ? { services: [], configContents: {} }
      : validateServices(
          p,
          input.services,
          ['input', 'services'],
          (svc, file) => `_config/${instanceId}/${svc}/${file}`,
          new Set(input.routedServices ?? []),
        );
    const labels = checkInstanceLabels(p, input.labels, ['input', 'labels']);
    const r = input.readiness;
    if (
      r?.timeoutSeconds != null &&
      (!Number.isInteger(r.timeoutSeconds) || r.timeoutSeconds < 1 || r.timeoutSeconds > 3600)
    ) {
      p.add(['input', 'readiness', 'timeoutSeconds'], 'must be an integer from 1 to 3600');
    }
    if (
      r?.intervalSeconds != null &&
      (!Number.isInteger(r.intervalSeconds) || r.intervalSeconds < 1 || r.intervalSeconds > 300)
    ) {
      p.add(['input', 'readiness', 'intervalSeconds'], 'must be an integer from 1 to 300');
    }
    let providerKey = '';
    let provider: Provider | undefined;
    try {
      const resolved = input.provider ? this.registry.resolve(input.provider) : this.registry.resolveDefault();
      providerKey = resolved.key;
      provider = resolved.provider;
    } catch {
      p.add(
        ['input', 'provider'],
        input.provider ? `unknown provider "${input.provider}"` : 'no provider is registered',
      );
    }
    const sourceKeys = source?.secrets.map((ref) => ref.key) ?? [];
    const secretKeys = [...new Set([...services.flatMap((s) => s.secrets.map((ref) => ref.key)), ...sourceKeys])];
    p.throwIfAny();
    const missing = await this.secrets.missing(caller.tenantId, secretKeys);
    source?.secrets.forEach((ref, j) => {
      if (missing.includes(ref.key))
        p.add(['input', 'source', 'secrets', j, 'key'], `no secret "${ref.key}" in the vault`);
    });
    services.forEach((s, i) => {
      s.secrets.forEach((ref, j) => {
        if (missing.includes(ref.key))
          p.add(['input', 'services', i, 'secrets', j, 'key'], `no secret "${ref.key}" in the vault`);
      });
    });
    p.throwIfAny();
    if (!provider) throw new Error('unreachable: provider resolved above');
    requireCapability(provider, providerKey, 'provision');
    if (services.some((s) => s.volumes.length > 0)) requireCapability(provider, providerKey, 'volumes');
    if (services.some((s) => s.resources.gpu)) requireCapability(provider, providerKey, 'gpu');
    // Rendered and validated against the cluster before anything is written: a bad document applies nothing.
    const rendered = source
      ? await renderSource(
          this.registry,
          providerKey,
          provider,
          { instanceId, tenantId: caller.tenantId, name: input.name, source },
          ['input', 'source'],
        )
      : undefined;
    if (services.some((s) => s.resources.autoscale)) requireCapability(provider, providerKey, 'autoscale');

    return enqueueIdempotent(this, caller, input, 'provision', undefined, async (tx) => {
      for (const [key, value] of Object.entries(configContents)) {
        await this.secrets.putInternal(caller.tenantId, key, value, tx);
      }
      const policy = r
        ? {
            ...(r.timeoutSeconds ? { timeoutMs: r.timeoutSeconds * 1000 } : {}),
            ...(r.intervalSeconds ? { intervalMs: r.intervalSeconds * 1000 } : {}),
          }
        : null;
      let row: InstanceRow;
      try {
        row = await instances.insertInstance(tx, {
          id: instanceId,
          tenant_id: caller.tenantId,
          name: input.name,
          provider_key: providerKey,
          kind: input.kind ?? 'deployment',
          desired_state: 'running',
          state: 'provisioning',
          labels: json(labels),
          services: json(services),
          readiness_policy: policy ? json(policy) : null,
          endpoints: json([]),
          service_status: json({}),
          generation: 1,
          ...(rendered ? { source_type: rendered.type } : {}),
        });
      } catch (err) {
        if (isInstanceNameTaken(err)) {
          throw ValidationError.of(['input', 'name'], `an instance named "${input.name}" already exists`);
        }
        throw err;
      }
      const opId = randomUUID();
      const releaseId = randomUUID();
      await releases.insertRelease(tx, {
        id: releaseId,
        tenant_id: caller.tenantId,
        instance_id: row.id,
        version: 1,
        snapshots: json(services.map(toSnapshot)),
        strategy: null,
        operation_id: null,
        ...(rendered ? { source_type: rendered.type, source: json(rendered) } : {}),
      });
      const op = await enqueueOperation(tx, {
        id: opId,
        instance: row,
        kind: 'provision',
        params: { services, generation: 1 },
        caller,
        release: { id: releaseId, owned: true },
        idempotency: idempotencyOf('provision', input),
        precededBy: [
          event(row, null, 'instance.created', caller, {
            message: `instance ${row.name} created`,
            toState: 'provisioning',
            ready: false,
          }),
          event(row, opId, 'release.created', caller, { message: 'release v1', data: { version: 1, releaseId } }),
        ],
      });
      return { instanceRow: row, opRow: op };
    });
  }

  async deploy(caller: Principal, input: DeployInput): Promise<Enqueued> {
    if (input.source) return this.deploySource(caller, input, input.source);
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    if (input.services.length === 0) p.add(['input', 'services'], 'must name at least one service');
    const seen = new Set<string>();
    const deploys = input.services.map((s, i) => {
      const at = ['input', 'services', i];
      if (seen.has(s.name)) p.add([...at, 'name'], `service ${s.name} is listed twice`);
      seen.add(s.name);
      checkImage(p, s.image, [...at, 'image']);
      return {
        name: s.name,
        image: s.image,
        env: s.env ? checkEnv(p, s.env, [...at, 'env']) : undefined,
        command: checkArgv(p, s.command, [...at, 'command']),
        args: checkArgv(p, s.args, [...at, 'args']),
        ports: s.ports ? checkPorts(p, s.ports, [...at, 'ports']) : undefined,
        resources: s.resources ? checkResources(p, s.resources, [...at, 'resources'], 1, 'later') : undefined,
        healthCheck: checkHealthCheck(p, s.healthCheck, [...at, 'healthCheck']),
      };
    });
    const strategy: DeployStrategy = input.strategy ?? 'rolling';
    checkStrategyInputs(p, strategy, input.canary, input.blueGreen);
    const progressive = strategy === 'canary' || strategy === 'blue_green';
    if (progressive) {
      deploys.forEach((d, i) => {
        // The new set starts as large as the stable one: a change of replicas is a scale, before or after.
        if (d.resources?.replicas != null)
          p.add(
            ['input', 'services', i, 'resources', 'replicas'],
            'a canary keeps the replica count: scale separately',
          );
      });
    }
    p.throwIfAny();
    return this.onInstance(caller, input, 'deploy', 'deploy', async (tx, row, provider) => {
      requireCapability(provider, row.provider_key, 'deploy');
      if (row.source_type !== 'services') {
        throw ValidationError.of(
          ['input', 'source'],
          `this instance runs a ${row.source_type} source: deploy a source`,
        );
      }
      if (deploys.some((d) => d.resources?.autoscale)) requireCapability(provider, row.provider_key, 'autoscale');
      const needed = STRATEGY_CAPABILITY[strategy];
      if (needed) requireCapability(provider, row.provider_key, needed);
      const current = row.services;
      const problems = new Problems();
      const routed = await routedServices(tx, row);
      deploys.forEach((d, i) => {
        if (!current.some((s) => s.name === d.name))
          problems.add(['input', 'services', i, 'name'], `the instance has no service "${d.name}"`);
        requireRouteForScaleToZero(problems, d.resources?.autoscale, routed.has(d.name), [
          'input',
          'services',
          i,
          'resources',
          'autoscale',
        ]);
      });
      refuseUnmeasuredLatency(problems, measuresLatency(provider), input.canary, input.blueGreen);
      if (progressive) {
        // The edge splits a route's requests (or serves the preview beside it): every service needs one.
        deploys.forEach((d, i) => {
          if (!routed.has(d.name))
            problems.add(
              ['input', 'services', i, 'name'],
              `service ${d.name} has no route: a ${strategy === 'canary' ? 'canary splits' : 'blue-green preview sits beside'} a route's requests (addRoute first)`,
            );
        });
      }
      problems.throwIfAny();
      const changed = deploys.map((d) => {
        const base = current.find((s) => s.name === d.name)!;
        return {
          ...base,
          image: d.image,
          ...(d.env ? { env: d.env } : {}),
          ...(d.command ? { command: d.command } : {}),
          ...(d.args ? { args: d.args } : {}),
          ...(d.ports ? { ports: d.ports } : {}),
          // A deploy keeps the replicas an autoscaler set (within the policy's bounds, if it changes them).
          ...(d.resources
            ? { resources: withAutoscaledReplicas({ ...base.resources, ...d.resources }, base.resources.replicas) }
            : base.resources.autoscale
              ? { resources: withAutoscaledReplicas(base.resources, base.resources.replicas) }
              : {}),
          ...(d.healthCheck ? { healthCheck: d.healthCheck } : {}),
        } satisfies StoredServiceSpec;
      });
      return {
        changed,
        strategy,
        ...(strategy === 'canary' && input.canary
          ? {
              rollout: canaryRollout(
                input.canary,
                deploys.map((d) => d.name),
              ),
            }
          : {}),
        ...(strategy === 'blue_green'
          ? {
              rollout: blueGreenRollout(
                input.blueGreen ?? {},
                deploys.map((d) => d.name),
              ),
            }
          : {}),
      };
    });
  }

  /**
   * A deploy of a new source to a source instance: checked, rendered and
   * validated against the cluster before the release is written (issue 26).
   */
  private async deploySource(
    caller: Principal,
    input: DeployInput,
    sourceInput: WorkloadSourceInput,
  ): Promise<Enqueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    const source = checkSource(p, sourceInput, ['input', 'source']);
    if (input.services.length > 0) p.add(['input', 'services'], 'must be empty when a source is given');
    if (input.strategy && input.strategy !== 'rolling')
      p.add(['input', 'strategy'], 'a source is applied as a whole: only ROLLING');
    p.throwIfAny();
    const row = await instances.findInstance(this.db, caller.tenantId, input.instanceId);
    if (!row) throw new NotFoundError('instance');
    const type = sourceTypeOf(source);
    if (row.source_type === 'services')
      throw ValidationError.of(['input', 'source'], 'this instance runs services: deploy services to it');
    if ((row.source_type === 'argocd') !== (type === 'argocd'))
      throw ValidationError.of(['input', 'source'], `this instance runs a ${row.source_type} source, not ${type}`);
    const missing = await this.secrets.missing(
      caller.tenantId,
      source.secrets.map((r) => r.key),
    );
    source.secrets.forEach((ref, j) => {
      if (missing.includes(ref.key))
        p.add(['input', 'source', 'secrets', j, 'key'], `no secret "${ref.key}" in the vault`);
    });
    p.throwIfAny();
    const provider = providerFor(this.registry, row.provider_key);
    requireCapability(provider, row.provider_key, 'deploy');
    const rendered = await renderSource(
      this.registry,
      row.provider_key,
      provider,
      { instanceId: row.id, tenantId: caller.tenantId, name: row.name, source },
      ['input', 'source'],
    );
    return this.onInstance(caller, input, 'deploy', 'deploy', async () => ({
      source: rendered,
      strategy: 'rolling',
    }));
  }

  async rollback(caller: Principal, input: RollbackInput): Promise<Enqueued> {
    const strategy: DeployStrategy = input.strategy ?? 'rolling';
    const p = new Problems();
    checkStrategyInputs(p, strategy, input.canary, input.blueGreen);
    if (strategy === 'recreate') p.add(['input', 'strategy'], 'a rollback is ROLLING, CANARY or BLUE_GREEN');
    p.throwIfAny();
    return this.onInstance(caller, input, 'rollback', 'rollback', async (tx, row, provider) => {
      requireCapability(provider, row.provider_key, 'deploy');
      const needed = STRATEGY_CAPABILITY[strategy];
      if (needed) requireCapability(provider, row.provider_key, needed);
      const latency = new Problems();
      refuseUnmeasuredLatency(latency, measuresLatency(provider), input.canary, input.blueGreen);
      latency.throwIfAny();
      const target = (await releases.findReleasesByIds(tx, caller.tenantId, [input.releaseId]))[0];
      if (!target || target.instance_id !== row.id) {
        throw ValidationError.of(['input', 'releaseId'], 'no such release of this instance');
      }
      // A source release is re-applied as it was rendered then (its documents, or its Application).
      if (target.source) {
        return { source: target.source, strategy: 'rolling', rolledBackFrom: target.id, snapshots: [] };
      }
      const snapshots = target.snapshots;
      const current = row.services;
      const changed = current
        .map((s): StoredServiceSpec | undefined => {
          const snap = snapshots.find((x) => x.name === s.name);
          if (!snap) return undefined;
          return {
            ...s,
            image: snap.image,
            env: { ...snap.env },
            ports: snap.ports,
            ...(snap.command ? { command: snap.command } : {}),
            ...(snap.args ? { args: snap.args } : {}),
            ...(snap.resources ? { resources: snap.resources } : {}),
          };
        })
        .filter((s): s is StoredServiceSpec => !!s);
      if (strategy === 'canary' || strategy === 'blue_green') {
        const routed = await routedServices(tx, row);
        const unrouted = changed.filter((c) => !routed.has(c.name)).map((c) => c.name);
        if (unrouted.length > 0)
          throw ValidationError.of(
            ['input', 'strategy'],
            `a ${strategy === 'canary' ? 'canary' : 'blue-green rollout'} needs a route; ${unrouted.join(', ')} has no route: roll back with ROLLING`,
          );
        const names = changed.map((c) => c.name);
        const rollout =
          strategy === 'canary' && input.canary
            ? canaryRollout(input.canary, names)
            : blueGreenRollout(input.blueGreen ?? {}, names);
        return { changed, strategy, rolledBackFrom: target.id, snapshots, rollout };
      }
      return { changed, strategy: 'rolling', rolledBackFrom: target.id, snapshots };
    });
  }

  async scale(caller: Principal, input: ScaleInput): Promise<Enqueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    const resources = checkResources(p, input.resources, ['input', 'resources'], 0, 'later');
    // An explicit null removes the service's autoscaling policy.
    const removesPolicy = input.resources?.autoscale === null;
    if (Object.keys(resources).length === 0 && !removesPolicy)
      p.add(
        ['input', 'resources'],
        'must change at least one of cpuMillis, memoryMb, diskMb, replicas, gpu, autoscale',
      );
    p.throwIfAny();
    return this.onInstance(caller, input, 'scale', 'scale', async (tx, row, provider) => {
      requireCapability(provider, row.provider_key, 'scale');
      if (resources.gpu) requireCapability(provider, row.provider_key, 'gpu');
      if (resources.autoscale) requireCapability(provider, row.provider_key, 'autoscale');
      const current = row.services;
      const target = input.service
        ? current.find((s) => s.name === input.service)
        : current.find((s) => s.role === 'main');
      if (!target) throw ValidationError.of(['input', 'service'], `the instance has no service "${input.service}"`);
      if (target.role === 'init')
        throw ValidationError.of(['input', 'service'], 'an INIT service runs once and cannot be scaled');
      const zero = new Problems();
      requireRouteForScaleToZero(zero, resources.autoscale, (await routedServices(tx, row)).has(target.name), [
        'input',
        'resources',
        'autoscale',
      ]);
      zero.throwIfAny();
      const owned = target.resources.autoscale;
      if (owned && resources.replicas !== undefined && !resources.autoscale && !removesPolicy)
        throw new ConflictError(
          `the autoscaler owns the replicas of service ${target.name} (autoscale ${owned.minReplicas}–${owned.maxReplicas}); ` +
            'change or remove its policy (resources.autoscale) to set replicas by hand',
        );
      const merged = { ...target.resources, ...resources };
      if (removesPolicy) delete merged.autoscale;
      const next = withAutoscaledReplicas(merged, resources.replicas ?? target.resources.replicas ?? 1);
      const policyChanged = !!resources.autoscale || (removesPolicy && !!owned);
      return {
        changed: [{ ...target, resources: next }],
        service: target.name,
        // The provider gets the replicas the policy brought within its bounds, and the policy (null: removed).
        resources: {
          ...resources,
          ...(next.replicas !== merged.replicas ? { replicas: next.replicas } : {}),
          ...(policyChanged ? { autoscale: resources.autoscale ?? null } : {}),
        },
        noRelease: true,
      };
    });
  }

  /** start, stop, restart, deprovision: no input beyond the instance. */
  async action(
    caller: Principal,
    kind: 'start' | 'stop' | 'restart' | 'deprovision',
    input: OnInstance,
  ): Promise<Enqueued> {
    return this.onInstance(caller, input, kind, kind, async () => ({ noRelease: true }));
  }

  /** A teardown; volumes (and their data) go too only with `deleteVolumes`. */
  async deprovision(caller: Principal, input: DeprovisionInput): Promise<Enqueued> {
    return this.onInstance(caller, input, 'deprovision', 'deprovision', async (tx, row) => {
      // A canary holding a step would keep the teardown queued until someone promoted it: it is aborted instead.
      for (const op of await operations.openOperations(tx, row.id)) {
        if (op.status !== 'running' || !op.rollout || op.cancel_requested) continue;
        await operations.updateOperation(tx, op.id, { cancel_requested: true });
        await appendEvents(tx, [
          event(row, op.id, 'operation.cancel_requested', caller, { message: 'canary canceled by the deprovision' }),
        ]);
      }
      return { noRelease: true, ...(input.deleteVolumes ? { deleteVolumes: true } : {}) };
    });
  }

  /** Cancels a queued operation at once; asks a running one to stop (the executor aborts its wait). */
  async cancel(caller: Principal, operationId: string): Promise<Operation> {
    const result = await withTransaction(this.db, async (tx) => {
      const row = await operations.lockOperation(tx, caller.tenantId, operationId);
      if (!row) throw new NotFoundError('operation');
      const inst = await instances.findInstance(tx, caller.tenantId, row.instance_id);
      if (isTerminal(row.status)) {
        throw new InvalidStateError(inst?.state ?? 'running', `cancel a ${row.status} operation on`);
      }
      if (row.status === 'queued') {
        const updated = await operations.updateOperation(tx, row.id, {
          status: 'canceled',
          finished_at: new Date(),
          error_code: 'CANCELED',
          error_message: 'canceled before it started',
        });
        if (inst) {
          await appendEvents(tx, [
            event(inst, row.id, 'operation.canceled', caller, { message: `${row.kind} canceled before it started` }),
          ]);
        }
        await announceEnded(tx, row.id);
        return { row: updated, ended: true };
      }
      const updated = await operations.updateOperation(tx, row.id, { cancel_requested: true });
      if (inst)
        await appendEvents(tx, [
          event(inst, row.id, 'operation.cancel_requested', caller, { message: `cancel of ${row.kind} requested` }),
        ]);
      return { row: updated, ended: false };
    });
    if (result.ended) this.signal.ended(result.row.id);
    return toOperation(result.row);
  }

  /**
   * Asks a canary's driver to take its next step now (`full`: every remaining
   * step and pause skipped, straight to 100 %). Taken within a second by the
   * executor driving it, on whichever replica that is.
   */
  async promote(caller: Principal, operationId: string, full: boolean): Promise<Operation> {
    const row = await withTransaction(this.db, async (tx) => {
      const op = await operations.lockOperation(tx, caller.tenantId, operationId);
      if (!op) throw new NotFoundError('operation');
      const inst = await instances.findInstance(tx, caller.tenantId, op.instance_id);
      const phase = op.rollout?.phase;
      if (isTerminal(op.status) || !op.rollout || (phase !== 'progressing' && phase !== 'paused')) {
        const what = !op.rollout ? `a ${op.kind} without a rollout` : `a ${op.status} rollout (${phase})`;
        throw new InvalidStateError(inst?.state ?? 'running', `promote ${what} on`);
      }
      const updated = await rollouts.requestPromotion(tx, op.id, full);
      if (inst)
        await appendEvents(tx, [
          event(inst, op.id, 'rollout.promote_requested', caller, {
            message: full ? 'full promotion requested' : 'promotion to the next step requested',
            data: { full },
          }),
        ]);
      return updated;
    });
    return toOperation(row);
  }

  /** Resolves when the operation has ended (any replica may run it). */
  async waitFor(tenantId: string, operationId: string, signal?: AbortSignal): Promise<Operation> {
    for (;;) {
      // Listening before the read: an end announced while the row is read is not missed.
      let ended = false;
      let wake: (() => void) | undefined;
      const off = this.signal.onceEnded(operationId, () => {
        ended = true;
        wake?.();
      });
      try {
        const row = await operations.findOperation(this.db, tenantId, operationId);
        if (!row) throw new NotFoundError('operation');
        if (isTerminal(row.status)) return toOperation(row);
        if (signal?.aborted) return toOperation(row);
        if (ended) continue;
        // The poll stays as the fallback for a notification that never came.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 500);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      } finally {
        off();
      }
    }
  }

  async findInstance(tenantId: string, id: string): Promise<Instance | undefined> {
    const row = await instances.findInstance(this.db, tenantId, id);
    return row ? toInstance(row) : undefined;
  }

  /** The shared path of every mutation on an existing instance. */
  private async onInstance(
    caller: Principal,
    input: OnInstance,
    kind: OperationKind,
    action: InstanceAction,
    plan: (
      tx: DbTransaction,
      row: InstanceRow,
      provider: Provider,
    ) => Promise<{
      changed?: StoredServiceSpec[];
      strategy?: string;
      service?: string;
      resources?: OperationParams['resources'];
      rolledBackFrom?: string;
      snapshots?: ServiceSnapshot[];
      noRelease?: boolean;
      deleteVolumes?: boolean;
      /** A source release (issue 26): the rendered source the release keeps. */
      source?: RenderedSource;
      /** A canary's rollout (its release ids are filled in here). */
      rollout?: StoredRollout;
    }>,
  ): Promise<Enqueued> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    p.throwIfAny();
    return enqueueIdempotent(this, caller, input, kind, input.instanceId, async (tx) => {
      const row = await instances.lockInstance(tx, caller.tenantId, input.instanceId);
      // A destroyed instance is still listed (state DESTROYED): assertAllowed answers InvalidStateError for it.
      if (!row) throw new NotFoundError('instance');
      if (input.expectedVersion != null && input.expectedVersion !== row.version) {
        throw new ConflictError(`the instance is at version ${row.version}, not ${input.expectedVersion}`, row.version);
      }
      assertAllowed(action, row.state, row.desired_state);
      const provider = providerFor(this.registry, row.provider_key);
      if (row.source_type !== 'services' && (kind === 'scale' || kind === 'stop' || kind === 'start')) {
        throw ValidationError.of(
          ['input', 'instanceId'],
          `a ${row.source_type} source instance changes by deploying its source; ${kind} does not apply to it`,
        );
      }
      const planned = await plan(tx, row, provider);
      const changed = planned.changed ?? [];
      const services = row.services.map((s) => changed.find((c) => c.name === s.name) ?? s);
      const specChanged = changed.length > 0 || planned.source !== undefined;
      const generation = specChanged ? row.generation + 1 : row.generation;
      const desired: DesiredState =
        kind === 'stop'
          ? 'stopped'
          : kind === 'deprovision'
            ? 'destroyed'
            : kind === 'start' || kind === 'restart'
              ? 'running'
              : row.desired_state;
      const opId = randomUUID();
      let releaseId: string | null = null;
      const newEvents: NewEvent[] = [];
      if (!planned.noRelease) {
        const latest = await releases.findLatestRelease(tx, row.id);
        const prior = latest?.snapshots ?? [];
        const snapshots = planned.snapshots
          ? planned.snapshots.map((s) => ({ ...s }))
          : prior.map((s) => {
              const c = changed.find((x) => x.name === s.name);
              return c ? snapshotFromDeploy({ ...toSnapshot(c) }, s) : s;
            });
        releaseId = randomUUID();
        const version = (latest?.version ?? 0) + 1;
        await releases.insertRelease(tx, {
          id: releaseId,
          tenant_id: caller.tenantId,
          instance_id: row.id,
          version,
          snapshots: json(snapshots),
          strategy: planned.strategy ?? null,
          rolled_back_from_id: planned.rolledBackFrom ?? null,
          operation_id: null,
          ...(planned.source ? { source_type: planned.source.type, source: json(planned.source) } : {}),
        });
        newEvents.push(
          event(row, opId, 'release.created', caller, { message: `release v${version}`, data: { version, releaseId } }),
        );
      }
      const params: OperationParams = {
        ...(changed.length > 0 ? { changed } : {}),
        ...(planned.strategy ? { strategy: planned.strategy } : {}),
        ...(planned.service ? { service: planned.service } : {}),
        ...(planned.resources ? { resources: planned.resources } : {}),
        ...(planned.deleteVolumes ? { deleteVolumes: true } : {}),
        generation,
      };
      // The instance takes its new spec and desired state with the queued operation, in one transaction.
      const updated = await instances.updateInstance(tx, row.id, {
        services: json(services),
        generation,
        desired_state: desired,
        version: row.version + 1,
      });
      const op = await enqueueOperation(tx, {
        id: opId,
        instance: row,
        kind,
        params,
        caller,
        release: releaseId ? { id: releaseId, owned: true } : null,
        idempotency: idempotencyOf(kind, input),
        precededBy: newEvents,
        ...(planned.rollout
          ? { rollout: { ...planned.rollout, stableReleaseId: row.current_release_id, newReleaseId: releaseId } }
          : {}),
      });
      return { instanceRow: updated, opRow: op };
    });
  }
}

function toSnapshot(s: StoredServiceSpec): ServiceSnapshot {
  return snapshotOf({ ...s, configFiles: [] });
}

// The worker still imports the builder from here; it moves to event-rows.ts when the worker switches.
export { event } from './event-rows.js';

/** The services of an instance that a route reaches (scale to zero is only for them). */
async function routedServices(tx: DbHandle, row: InstanceRow): Promise<Set<string>> {
  return new Set((await routeRows.listInstanceRoutes(tx, row.tenant_id, row.id)).map((r) => r.service));
}
