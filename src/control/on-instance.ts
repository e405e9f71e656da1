import { randomUUID } from 'node:crypto';
import type { BuildConfig } from '../config.js';
import type { InstanceRow, NewEvent } from '../db/database.js';
import { type DbHandle, type DbTransaction, json } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import * as routeRows from '../db/repositories/route-repository.js';
import type { Capability } from '../providers/capabilities.js';
import type { DeployStrategy, Provider, ServiceSnapshot } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import type { RenderedSource } from '../providers/sources.js';
import { ConflictError, NotFoundError, ValidationError } from './errors.js';
import { event } from './event-rows.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf } from './idempotency.js';
import type { OnInstance } from './instance-inputs.js';
import type {
  DesiredState,
  OperationKind,
  OperationParams,
  StoredRollout,
  StoredServiceSpec,
  StoredSnapshot,
} from './model.js';
import { enqueueOperation } from './operation-queue.js';
import type { OperationSignal } from './operation-signal.js';
import { providerFor, requireCapability } from './provider-calls.js';
import { snapshotFromDeploy, snapshotOf } from './release-snapshots.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';
import { checkNoNul, Problems } from './spec-validation.js';
import { assertAllowed, type InstanceAction } from './state-machine.js';

/** The capability each deploy strategy needs of the provider (RECREATE needs none beyond deploy). */
const STRATEGY_CAPABILITY: Record<DeployStrategy, Capability | undefined> = {
  rolling: 'strategy:rolling',
  recreate: undefined,
  blue_green: 'strategy:blue-green',
  canary: 'strategy:canary',
};

/** Refuses a deploy strategy the instance's provider does not support (deploy and rollback). */
export function requireStrategy(provider: Provider, providerKey: string, strategy: DeployStrategy): void {
  const needed = STRATEGY_CAPABILITY[strategy];
  if (needed) requireCapability(provider, providerKey, needed);
}

/** What every lifecycle command works with: the database, the providers, the vault and the executor's signal. */
export interface CommandContext {
  readonly db: DbHandle;
  readonly registry: Registry;
  readonly secrets: SecretService;
  readonly signal: OperationSignal;
  /** Builds from source (issue 33); absent: a service given `build:` is refused. */
  readonly builds?: BuildConfig;
}

/** What a command on an existing instance asks for, decided inside the enqueue's transaction. */
export interface CommandPlan {
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
  /** Services created in place (full specs); the release records them. */
  added?: StoredServiceSpec[];
  /** Services drained and removed in place; the release no longer has them. */
  removed?: string[];
  /** A canary's rollout (its release ids are filled in here). */
  rollout?: StoredRollout;
  /** Builds from source queued ahead of the operation (given its id); their ids become `awaitsBuilds`. */
  queueAhead?: (tx: DbTransaction, operationId: string) => Promise<string[]>;
  /** A deploy's release command (issue 35): its job, written once the operation is (given its id). */
  releaseCommand?: { jobId: string; write: (tx: DbTransaction, operationId: string) => Promise<void> };
}

/**
 * The shared path of every mutation on an existing instance: locks the row,
 * checks `expectedVersion` and the state machine, lets `plan` decide, then
 * writes the release, the instance's new spec and the queued operation in one
 * transaction.
 */
export async function onInstance(
  ctx: CommandContext,
  caller: Principal,
  input: OnInstance,
  kind: OperationKind,
  action: InstanceAction,
  plan: (tx: DbTransaction, row: InstanceRow, provider: Provider) => Promise<CommandPlan>,
): Promise<Enqueued> {
  const p = new Problems();
  checkNoNul(p, input, ['input']);
  p.throwIfAny();
  return enqueueIdempotent(ctx, caller, input, kind, input.instanceId, async (tx) => {
    const row = await instances.lockInstance(tx, caller.tenantId, input.instanceId);
    // A destroyed instance is still listed (state DESTROYED): assertAllowed answers InvalidStateError for it.
    if (!row) throw new NotFoundError('instance');
    if (input.expectedVersion != null && input.expectedVersion !== row.version) {
      throw new ConflictError(`the instance is at version ${row.version}, not ${input.expectedVersion}`, row.version);
    }
    assertAllowed(action, row.state, row.desired_state);
    const provider = providerFor(ctx.registry, row.provider_key);
    if (row.source_type !== 'services' && (kind === 'scale' || kind === 'stop' || kind === 'start')) {
      throw ValidationError.of(
        ['input', 'instanceId'],
        `a ${row.source_type} source instance changes by deploying its source; ${kind} does not apply to it`,
      );
    }
    const planned = await plan(tx, row, provider);
    const changed = planned.changed ?? [];
    const added = planned.added ?? [];
    const removed = new Set(planned.removed ?? []);
    const setChanged = added.length > 0 || removed.size > 0;
    const services = [
      ...row.services.filter((s) => !removed.has(s.name)).map((s) => changed.find((c) => c.name === s.name) ?? s),
      ...added,
    ];
    const specChanged = changed.length > 0 || setChanged || planned.source !== undefined;
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
      const snapshots = withSpecs(
        planned.snapshots
          ? planned.snapshots.map((s) => ({ ...s }))
          : [
              ...prior
                .filter((s) => !removed.has(s.name))
                .map((s) => {
                  const c = changed.find((x) => x.name === s.name);
                  return c ? snapshotFromDeploy({ ...toSnapshot(c) }, s) : s;
                }),
              ...added.map(toSnapshot),
            ],
        services,
      );
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
      // A change of the set alone still names its (no) changed services: absent would mean "every one".
      ...(changed.length > 0 || setChanged ? { changed } : {}),
      ...(added.length > 0 ? { added } : {}),
      ...(removed.size > 0 ? { removed: [...removed] } : {}),
      ...(planned.strategy ? { strategy: planned.strategy } : {}),
      ...(planned.service ? { service: planned.service } : {}),
      ...(planned.resources ? { resources: planned.resources } : {}),
      ...(planned.deleteVolumes ? { deleteVolumes: true } : {}),
      generation,
    };
    const awaitsBuilds = planned.queueAhead ? await planned.queueAhead(tx, opId) : [];
    if (awaitsBuilds.length > 0) params.awaitsBuilds = awaitsBuilds;
    if (planned.releaseCommand) params.releaseJobId = planned.releaseCommand.jobId;
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
    await planned.releaseCommand?.write(tx, op.id);
    return { instanceRow: updated, opRow: op };
  });
}

/**
 * The release snapshot of a stored service (the snapshot's fields hold no
 * config files; its `spec` names their vault keys), with the whole spec a
 * rollback restores a removed service from.
 */
export function toSnapshot(s: StoredServiceSpec): StoredSnapshot {
  return { ...snapshotOf({ ...s, configFiles: [] }), spec: s };
}

/**
 * Each snapshot with the whole stored spec of its service as the instance now
 * has it, so a rollback to this release can bring back a service removed later.
 */
function withSpecs(snapshots: StoredSnapshot[], services: readonly StoredServiceSpec[]): StoredSnapshot[] {
  return snapshots.map((s) => {
    const spec = services.find((x) => x.name === s.name);
    return spec ? { ...s, spec } : s;
  });
}

/** The services of an instance that a route reaches (scale to zero is only for them). */
export async function routedServices(tx: DbHandle, row: InstanceRow): Promise<Set<string>> {
  return new Set((await routeRows.listInstanceRoutes(tx, row.tenant_id, row.id)).map((r) => r.service));
}
