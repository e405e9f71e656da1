import type { BuildConfig } from '../config.js';
import { driftOf } from '../control/desired-state.js';
import { ProviderUnavailableError } from '../control/errors.js';
import { recordDeprovisionedVolumes } from '../control/kept-volumes.js';
import { type Operation, type OperationStep, type StoredServiceSpec, toInstance } from '../control/model.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { type AcquiredProvider, acquireProvider } from '../control/provider-calls.js';
import type { SecretService } from '../control/secrets.js';
import type { DbHandle, DbTransaction } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import { findLatestRelease } from '../db/repositories/release-repository.js';
import type { InstanceStatus, Provider, ReadinessPolicy, ServiceDeploySpec } from '../providers/provider.js';
import { CanceledError, ProviderError } from '../providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../providers/readiness.js';
import type { Registry } from '../providers/registry.js';
import { requireBuilt } from './build-handover.js';
import type { Masker } from './masking.js';
import { materialise } from './materialise.js';
import { isWorkloadMissing } from './missing-workload.js';
import { fromStatus, recordObservation, writeObservation } from './observation.js';
import { OperationFailure, ProviderAwayFailure, ReadinessFailure } from './operation-failures.js';
import { type PendingEnd, runStep } from './operation-steps.js';
import { performBackup, performRestore } from './perform-backup.js';
import { performBuild } from './perform-build.js';
import { performJob } from './perform-job.js';
import { applySource, removeSource } from './perform-source.js';
import { runReleaseCommand } from './release-command.js';
import { runRollout } from './rollout.js';

/** What performing an operation needs: the database, the providers and the vault. */
export interface PerformContext {
  db: DbHandle;
  registry: Registry;
  secrets: SecretService;
  /** The executor running the operation (a canary's writes check it still holds it). */
  owner: string;
  /** Builds from source: where they run and push (BUILD operations). */
  builds?: BuildConfig;
  /** The executor's signal (a build queues the deploy that follows it). */
  signal?: OperationSignal;
  /** The backup store (BACKUP and RESTORE operations). */
  backupDir?: string;
}

/** What a performed operation leaves for its outcome: the readiness outcome and what the provider reported. */
export interface PerformResult {
  outcome: string | null;
  /** The last step's end, written in the outcome's transaction. */
  finish?: PendingEnd;
  status?: InstanceStatus;
  endpoints?: InstanceStatus['endpoints'];
  providerRef?: string;
  /** The release a restart or start created the missing workload from (see OperationResult.createdReleaseId). */
  createdReleaseId?: string;
}

/** The state an instance shows while an operation of each kind runs. */
const TRANSITIONAL = {
  provision: 'provisioning',
  start: 'starting',
  restart: 'starting',
  stop: 'stopping',
  deprovision: 'destroying',
} as const;

/**
 * Does what the operation asks: marks the instance transitional, calls the
 * provider (the "apply" step), then waits for readiness (the second step)
 * unless the kind ends without a running workload. Throws on failure;
 * `masker` learns every secret value materialised, so no message leaks one.
 */
export async function performOperation(
  ctx: PerformContext,
  op: Operation,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<PerformResult> {
  const { db, registry } = ctx;
  if (op.kind === 'build') {
    if (!ctx.builds || !ctx.signal) throw new OperationFailure('INTERNAL', 'this executor was given no build settings');
    return performBuild({ ...ctx, builds: ctx.builds, signal: ctx.signal }, op, signal, steps, masker);
  }
  if (op.kind === 'job') return performJob(ctx, op, signal, steps, masker);
  if (op.kind === 'backup') return performBackup(ctx, op, signal, steps, masker);
  if (op.kind === 'restore') return performRestore(ctx, op, signal, steps, masker);
  // A provision or deploy from source runs once its builds ended, and only with every image built.
  if (op.params.awaitsBuilds?.length) await requireBuilt(db, op.params.awaitsBuilds);
  const row = await instances.findInstanceAnyTenant(db, op.instanceId);
  if (!row) throw new OperationFailure('NOT_FOUND', 'the instance no longer exists');
  const inst = toInstance(row);
  let acquired: AcquiredProvider;
  try {
    acquired = await acquireProvider(registry, inst.providerKey, signal);
  } catch (err) {
    // The operation records its own code for a provider this server does not have (config changed since).
    if (err instanceof ProviderUnavailableError) throw new OperationFailure('PROVIDER_NOT_FOUND', err.message);
    throw err;
  }
  const { ctx: call, provider } = acquired;
  const specs = op.params.changed ?? op.params.services ?? inst.services;
  const during = TRANSITIONAL[op.kind as keyof typeof TRANSITIONAL];
  // The transitional state is written with the apply step's start: one transaction, not two.
  const markDuring =
    during && inst.state !== during
      ? (tx: DbTransaction) => writeObservation(tx, inst.id, { state: during, ready: false }, { operationId: op.id })
      : undefined;

  let endpoints: InstanceStatus['endpoints'] | undefined;
  let providerRef: string | undefined;
  // An unreachable provider says nothing about the workload: the instance goes back to how it was last seen.
  const awayFrom = (err: unknown): never => {
    if (err instanceof ProviderError && err.kind === 'unavailable')
      throw new ProviderAwayFailure(err, { state: inst.state, ready: inst.ready });
    throw err;
  };
  /** Creates (or converges) every object of the instance from `services`, as the provision of `releaseId`. */
  const provisionAll = async (services: StoredServiceSpec[], releaseId: string | null): Promise<void> => {
    const full = await materialise(ctx.secrets, inst.tenantId, services, masker);
    const r = await provider.provision(call, {
      instanceId: inst.id,
      tenantId: inst.tenantId,
      name: inst.name,
      kind: inst.kind,
      services: full.services,
      labels: inst.labels,
      ...(releaseId ? { releaseId } : {}),
      secretValues: full.secretValues,
    });
    endpoints = r.endpoints;
    providerRef = r.providerRef;
  };
  // Set when a deploy, restart or start found no workload and created it instead: its step reports as a provision's.
  let created = false;
  let createdReleaseId: string | undefined;
  /**
   * Runs `change`; when the provider has no workload for the instance (its
   * provision failed before creating one, or it was removed by hand), creates
   * every desired service instead, so the operation leaves the instance
   * running rather than at a dead end. Provision converges, so what does
   * exist (a network, a volume) is reused. Undefined when `change` ran.
   */
  const orCreate = async (
    done: string,
    releaseId: string | null,
    change: () => Promise<unknown>,
  ): Promise<string | undefined> => {
    try {
      await change();
      return undefined;
    } catch (err) {
      if (!(await isWorkloadMissing(provider, call, inst.id, err))) throw err;
    }
    await provisionAll(inst.services, releaseId);
    created = true;
    if (releaseId) createdReleaseId = releaseId;
    return `${done}: the instance had no workload on its provider, so its ${inst.services.length} service(s) were created`;
  };
  // What a failed first provision left has no current release: the newest is what was meant to run.
  const releaseToCreate = async () => inst.currentReleaseId ?? (await findLatestRelease(db, inst.id))?.id ?? null;
  const apply = async (): Promise<string> => {
    // A source instance (manifests, Helm, Argo CD) applies its release's rendered source instead (issue 26).
    if (inst.sourceType !== 'services' && (op.kind === 'provision' || op.kind === 'deploy' || op.kind === 'rollback')) {
      return applySource(db, ctx.secrets, provider, call, inst, op.releaseId, masker);
    }
    // A restart (the supervisor's recovery too) re-applies the current set: server-side apply puts back what drifted.
    if (inst.sourceType !== 'services' && op.kind === 'restart') {
      return applySource(db, ctx.secrets, provider, call, inst, null, masker);
    }
    if (inst.sourceType !== 'services' && op.kind === 'deprovision') await removeSource(db, provider, call, inst);
    switch (op.kind) {
      case 'provision':
        await provisionAll(specs, op.releaseId);
        return `provisioned ${specs.length} service(s)`;
      case 'deploy':
      case 'rollback': {
        const added = op.params.added ?? [];
        const removed = op.params.removed ?? [];
        const full = await materialise(ctx.secrets, inst.tenantId, [...specs, ...added], masker);
        const deploySpecs = specs.map(toDeploySpec);
        // Services added or removed in place travel with the deploy; the others are left as they run.
        const setChange = {
          ...(added.length > 0 ? { add: full.services.slice(specs.length) } : {}),
          ...(removed.length > 0 ? { remove: removed } : {}),
        };
        if (op.rollout) {
          const canary = provider.engines.canary;
          if (!canary) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'this provider has no canary releases');
          const request = {
            instanceId: inst.id,
            releaseId: op.releaseId ?? '',
            services: deploySpecs,
            strategy: op.rollout.strategy,
            secretValues: full.secretValues,
          };
          return runRollout({
            db,
            owner: ctx.owner,
            op,
            provider,
            canary,
            call,
            signal,
            request,
            providerKey: inst.providerKey,
          });
        }
        if (op.kind === 'deploy') {
          const deployed = await orCreate(`deployed ${describe(specs)}`, op.releaseId, async () => {
            const r = await provider.deploy(call, {
              instanceId: inst.id,
              releaseId: op.releaseId ?? '',
              services: deploySpecs,
              strategy: (op.params.strategy ?? 'rolling') as 'rolling',
              secretValues: full.secretValues,
              ...setChange,
            });
            endpoints = r.endpoints;
          });
          if (deployed) return deployed;
        } else {
          await provider.rollback(call, {
            instanceId: inst.id,
            releaseId: op.releaseId ?? '',
            services: deploySpecs,
            secretValues: full.secretValues,
            ...setChange,
          });
        }
        return `${op.kind === 'deploy' ? 'deployed' : 'rolled back'} ${describeChange(specs, added, removed)}`;
      }
      case 'scale':
        await provider.scale(call, {
          instanceId: inst.id,
          service: op.params.service,
          resources: op.params.resources ?? {},
        });
        return `scaled ${op.params.service}`;
      case 'start':
        return (await orCreate('started', await releaseToCreate(), () => provider.start(call, inst.id))) ?? 'started';
      case 'stop':
        await provider.stop(call, inst.id);
        return 'stopped';
      case 'restart':
        return (
          (await orCreate('restarted', await releaseToCreate(), () => provider.restart(call, inst.id))) ?? 'restarted'
        );
      case 'build':
        throw new OperationFailure('INTERNAL', 'a build is run by performBuild');
      case 'job':
      case 'backup':
      case 'restore':
        throw new OperationFailure('INTERNAL', `a ${op.kind} is run by its own performer`);
      case 'deprovision': {
        const deleteVolumes = op.params.deleteVolumes === true;
        const r = await provider.deprovision(call, inst.id, { deleteVolumes });
        await recordDeprovisionedVolumes(db, inst, inst.services, r ?? undefined, deleteVolumes);
        await ctx.secrets.deleteInternal(inst.tenantId, `_config/${inst.id}/`).catch(() => 0);
        return deprovisionedMessage(deleteVolumes, r ? r.keptVolumes : []);
      }
    }
  };
  // What a provision reported is written with the step's end.
  const reportProvisioned = async (tx: DbTransaction) => {
    if ((op.kind !== 'provision' && !created) || !(endpoints || providerRef)) return;
    await writeObservation(
      tx,
      inst.id,
      {
        state: 'starting',
        ready: false,
        ...(endpoints ? { endpoints } : {}),
        ...(providerRef ? { providerRef } : {}),
      },
      { operationId: op.id },
    );
  };
  // A release command runs before anything of the new release is created (issue 35).
  if (op.kind === 'deploy' && op.params.releaseJobId)
    await runReleaseCommand(ctx, op, inst, specs, signal, steps, masker).catch(awayFrom);
  // The step's end is committed on its own (a subscriber sees the wait begin), except when the outcome follows at once.
  const ends = op.kind === 'deprovision' || op.kind === 'stop';
  const applied = await runStep(db, op, steps, masker, `apply ${op.kind}`, apply, {
    ...(markDuring ? { atStart: markDuring } : {}),
    afterEnd: reportProvisioned,
    endLater: ends,
  }).catch(awayFrom);

  if (op.kind === 'deprovision') return { outcome: null, ...(applied ? { finish: applied } : {}) };
  if (op.kind === 'stop') {
    const st = await provider.status(call, inst.id).catch(() => undefined);
    return { outcome: null, ...(st ? { status: st } : {}), ...(applied ? { finish: applied } : {}) };
  }

  const policy = readinessPolicy(provider, inst.readinessPolicy);
  let result!: Awaited<ReturnType<typeof waitReady>>;
  let observed: InstanceStatus | undefined;
  /** The read that ended the wait: written with the step's end instead of in a transaction of its own. */
  let final: InstanceStatus | undefined;
  const wait = async (): Promise<string> => {
    result = await waitReady(
      policy,
      async (s) => {
        const st = await provider.status({ ...call, signal: s }, inst.id);
        observed = st;
        // Services scaled to zero never become ready: the wait ends once everything else is (see driftOf).
        const drift = driftOf('running', inst.services, { ...st, missing: false });
        const seen = !st.ready && drift.action === 'none' && drift.settled ? { ...st, ready: true } : st;
        if (seen.ready) final = st;
        else await recordObservation(db, inst.id, fromStatus(masker.status(st)), { operationId: op.id });
        return seen;
      },
      signal,
      // The provider's own events (Docker's start/die/health_status) end each pause early; polling is the fallback.
      provider.subscribeChanges
        ? (wake) => provider.subscribeChanges!((c) => c.instanceId === inst.id && wake())
        : undefined,
    );
    const outcome = readinessOutcome(result.status, result.error);
    if (outcome === 'canceled') throw new CanceledError('canceled while waiting for readiness');
    if (outcome !== 'ready') {
      // An engine that went away mid-wait (its status refused, or a container its shutdown killed) is
      // unavailability, not a workload that failed to become ready: one more read tells them apart.
      const cause = (result.error as { cause?: unknown } | undefined)?.cause;
      const away = unavailable(cause)
        ? cause
        : await provider.status(call, inst.id).then(
            () => undefined,
            (e) => e,
          );
      if (unavailable(away)) awayFrom(away);
      throw new ReadinessFailure(outcome, result.error?.message ?? outcome);
    }
    return 'ready';
  };
  // Its end, and the read that ended it, are written with the outcome.
  const waited = await runStep(db, op, steps, masker, 'wait for readiness', wait, {
    beforeEnd: async (tx) => {
      if (final) await writeObservation(tx, inst.id, fromStatus(masker.status(final)), { operationId: op.id });
    },
    endLater: true,
  });
  return {
    outcome: 'ready',
    ...(waited ? { finish: waited } : {}),
    // What the provider reported, not the wait's view: an instance at rest is stopped and not ready.
    ...(observed ? { status: observed } : {}),
    ...(endpoints ? { endpoints } : {}),
    ...(providerRef ? { providerRef } : {}),
    ...(createdReleaseId ? { createdReleaseId } : {}),
  };
}

function unavailable(err: unknown): err is ProviderError {
  return err instanceof ProviderError && err.kind === 'unavailable';
}

/** The instance's own readiness policy when it sets one, else the provider's, else the defaults. */
function readinessPolicy(provider: Provider, own: ReadinessPolicy | null): ReadinessPolicy {
  if (own && (own.timeoutMs || own.intervalMs)) return own;
  return provider.readinessPolicy?.() ?? {};
}

/** `web=img:1; added worker=img:2; removed sidecar`. */
function describeChange(
  specs: readonly StoredServiceSpec[],
  added: readonly StoredServiceSpec[],
  removed: readonly string[],
): string {
  return [
    specs.length > 0 ? describe(specs) : undefined,
    added.length > 0 ? `added ${describe(added)}` : undefined,
    removed.length > 0 ? `removed ${removed.join(', ')}` : undefined,
  ]
    .filter(Boolean)
    .join('; ');
}

/** `web=img:1, worker=img:2`. */
function describe(specs: readonly StoredServiceSpec[]): string {
  return specs.map((s) => `${s.name}=${s.image}`).join(', ');
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
    dependsOn: s.dependsOn,
    secrets: s.secrets,
    volumes: s.volumes,
  };
}

/** The deprovision step's message: says which volumes were kept (with their data) and how to remove them. */
export function deprovisionedMessage(deleteVolumes: boolean, kept: readonly string[]): string {
  if (deleteVolumes) return 'deprovisioned; volumes deleted';
  if (kept.length === 0) return 'deprovisioned';
  return `deprovisioned; kept ${kept.length} volume(s) and their data: ${kept.join(', ')} (listed by keptVolumes: attach one to a new instance with kept, or delete it with deleteKeptVolume)`;
}
