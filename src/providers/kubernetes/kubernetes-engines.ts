/**
 * The Kubernetes provider's engines (see engines.ts): routes as an Ingress
 * and TLS Secrets (kubernetes-ingress.ts); canary and blue-green as a second
 * Deployment (kubernetes-canary.ts); autoscaling by the cluster's own
 * HorizontalPodAutoscaler, whose status is read back (kubernetes-autoscaler.ts);
 * manifests and Argo CD always, Helm where a `helm` binary is found
 * (kubernetes-sources.ts); jobs as `batch/v1` Jobs (kubernetes-jobs.ts), schedules
 * as `batch/v1` CronJobs the cluster's controller runs (kubernetes-cronjobs.ts);
 * volume backups as VolumeSnapshots where the provider names a snapshot class
 * (kubernetes-snapshots.ts).
 */
import { CustomObjectsApi } from '@kubernetes/client-node';
import { type SnapshotVolumeBackupEngine, serviceControlVia, type VolumeRef } from '../backups.js';
import { Capabilities, type Capability } from '../capabilities.js';
import type { ProviderEngines } from '../engines.js';
import type { JobRequest, JobSink, PlatformRun, PlatformScheduleSpec } from '../jobs.js';
import type { CanarySet } from '../progressive.js';
import type { CallContext, DeployRequest } from '../provider.js';
import { CanceledError } from '../provider-errors.js';
import type { ObjectRef, SourceApplyRequest, SourceRenderRequest } from '../sources.js';
import type { RouteSpec } from '../traffic.js';
import type { KubeAutoscalers } from './kubernetes-autoscaler.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCanary } from './kubernetes-canary.js';
import type { KubeChanges } from './kubernetes-changes.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { KubeCronJobs } from './kubernetes-cronjobs.js';
import type { RouteIngress } from './kubernetes-ingress.js';
import { KubeJobs } from './kubernetes-jobs.js';
import type { KubernetesProviderOptions } from './kubernetes-options.js';
import { KubeVolumeSnapshots } from './kubernetes-snapshots.js';
import type { KubeSources } from './kubernetes-sources.js';

/**
 * The Kubernetes provider's base capabilities: volumes as
 * PersistentVolumeClaims, rolling releases (recreate is accepted for
 * Deployments but is not a capability). Its engines add routes, canary and
 * blue-green, autoscaling and workload sources (below); an
 * exposure option's Ingress host is not a managed domain.
 */
export const KUBERNETES_CAPABILITIES: readonly Capability[] = [
  Capabilities.provision,
  Capabilities.deploy,
  Capabilities.scale,
  Capabilities.logs,
  Capabilities.exec,
  Capabilities.volumes,
  Capabilities.rolling,
];

/** How an engine call runs: a KubeCall carrying the context's credentials, failures mapped (KubernetesProvider's). */
export type KubeRun = <T>(ctx: CallContext, op: string, fn: (call: KubeCall) => Promise<T>) => Promise<T>;

/** The parts of one KubernetesProvider its engines drive. */
export interface KubeEngineParts {
  cluster: KubeCluster;
  routes: RouteIngress;
  canary: KubeCanary;
  autoscalers: KubeAutoscalers;
  /** Workload sources; the Helm engine exists only where they found a helm binary. */
  sources: KubeSources;
  /** The provider's options (the jobs engine's clients, deadlines and polls). */
  options: KubernetesProviderOptions;
  /** The namespace's watches (what a stop for a backup waits on). */
  changes: KubeChanges;
}

/** The engines of a KubernetesProvider made of these parts. */
export function kubernetesEngines(parts: KubeEngineParts, run: KubeRun): ProviderEngines {
  const { cluster, routes, canary, autoscalers, sources } = parts;
  const jobs = new KubeJobs(parts.options, cluster);
  const cronJobs = new KubeCronJobs(cluster, jobs.batch);
  const snapshots = snapshotEngine(parts, run);
  return {
    ...(snapshots ? { volumeBackups: snapshots } : {}),
    traffic: {
      // Kind `ingress` and the generated hosts' domain (the cluster's controller serves).
      edge: async () => routes.edge(),
      /**
       * The instance's routes as one Ingress and a TLS Secret per TLS host; empty
       * deletes them. A route naming a service or port the instance lacks is
       * `invalid_spec`; an instance that is not there (and routes to make) is `not_found`.
       */
      applyRoutes: (ctx: CallContext, instanceId: string, list: readonly RouteSpec[]) =>
        run(ctx, 'apply routes', (call) => routes.apply(call, instanceId, list)),
    },
    canary: {
      // A replica ratio or a preview Service needs no Ingress: an internal service is released too.
      needsRoute: false,
      startCanary: (ctx: CallContext, req: DeployRequest) => run(ctx, 'deploy', (call) => canary.start(call, req)),
      // By replica ratio, a Gateway's HTTPRoute weights, or (blue-green) the Service's selector.
      setCanaryWeight: (ctx: CallContext, set: CanarySet, weight: number) =>
        run(ctx, 'deploy', (call) => canary.setWeight(call, set, weight)),
      // The new set's readiness and restarts: a cluster gives no request counters.
      readCanary: (ctx: CallContext, set: CanarySet) => run(ctx, 'status', (call) => canary.read(call, set)),
      promoteCanary: (ctx: CallContext, set: CanarySet) => run(ctx, 'deploy', (call) => canary.promote(call, set)),
      abortCanary: (ctx: CallContext, set: CanarySet) => run(ctx, 'deploy', (call) => canary.abort(call, set)),
    },
    autoscaler: {
      mode: 'native',
      // The HPA of the instance: its policy is on one service, since replicas apply to the whole pod.
      autoscaleStatus: (ctx: CallContext, instanceId: string) =>
        run(ctx, 'autoscale status', (call) => autoscalers.status(call, instanceId)),
    },
    manifests: {
      renderManifests: (ctx: CallContext, req: SourceRenderRequest) =>
        run(ctx, 'render manifests', (call) => sources.renderManifests(call, req)),
      applyManifests: (ctx: CallContext, req: SourceApplyRequest) =>
        run(ctx, 'apply manifests', async (call) => {
          call.secrets.push(...Object.values(req.secretValues ?? {}));
          await cluster.ensureNamespace(call);
          return sources.applyManifests(call, req);
        }),
      deleteManifests: (ctx: CallContext, _instanceId: string, objects: ObjectRef[]) =>
        run(ctx, 'delete manifests', (call) => sources.deleteManifests(call, objects)),
    },
    ...(sources.hasHelm
      ? {
          helm: {
            renderHelm: (ctx: CallContext, req: SourceRenderRequest) =>
              run(ctx, 'render helm', (call) => sources.renderHelm(call, req)),
          },
        }
      : {}),
    argo: {
      argoApply: (ctx: CallContext, req: SourceApplyRequest) =>
        run(ctx, 'apply application', async (call) => {
          await cluster.ensureNamespace(call);
          return sources.argoApply(call, req);
        }),
      argoDelete: (ctx: CallContext, instanceId: string) =>
        run(ctx, 'delete application', (call) => sources.argoDelete(call, instanceId)),
    },
    jobs: {
      // A batch/v1 Job in the instance's namespace; a cancel deletes it and is a CanceledError, as jobs.ts says.
      run: async (ctx: CallContext, req: JobRequest, sink: JobSink) => {
        try {
          return await run(ctx, 'run job', (call) => jobs.run(call, req, sink));
        } catch (err) {
          if (ctx.signal?.aborted) throw new CanceledError('job canceled');
          throw err;
        }
      },
      removeLeftovers: (ctx: CallContext, instanceId: string, jobId: string) =>
        run(ctx, 'remove job leftovers', (call) => jobs.removeLeftovers(call, instanceId, jobId)),
    },
    schedules: {
      applySchedule: (ctx: CallContext, spec: PlatformScheduleSpec) =>
        run(ctx, 'apply schedule', (call) => cronJobs.apply(call, spec)),
      removeSchedule: (ctx: CallContext, instanceId: string, scheduleId: string) =>
        run(ctx, 'remove schedule', (call) => cronJobs.remove(call, instanceId, scheduleId)),
      listSchedules: (ctx: CallContext) => run(ctx, 'list schedules', (call) => cronJobs.list(call)),
      scheduleRuns: (ctx: CallContext, instanceId: string, scheduleId: string) =>
        run(ctx, 'schedule runs', (call) => cronJobs.runs(call, instanceId, scheduleId)),
      stopRun: (ctx: CallContext, _instanceId: string, r: PlatformRun) =>
        run(ctx, 'stop schedule run', (call) => cronJobs.stop(call, r)),
      runLog: (ctx: CallContext, _instanceId: string, r: PlatformRun) =>
        run(ctx, 'schedule run log', (call) => cronJobs.log(call, r)),
    },
  };
}

/** A long call whose cancel is a CanceledError (the control plane records CANCELED), not a mapped ProviderError. */
async function cancelable<T>(ctx: CallContext, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (ctx.signal?.aborted) throw new CanceledError(`${what} canceled`);
    throw err;
  }
}

/** Volume backups as VolumeSnapshots (kubernetes-snapshots.ts); none without a snapshot class. */
function snapshotEngine(parts: KubeEngineParts, run: KubeRun): SnapshotVolumeBackupEngine | undefined {
  const { options } = parts;
  if (!options.volumeSnapshotClass) return undefined;
  const kc = options.kubeConfig;
  const snapshots = new KubeVolumeSnapshots(parts.cluster, parts.changes, kc.makeApiClient(CustomObjectsApi), {
    snapshotClass: options.volumeSnapshotClass,
    readyTimeoutMs: options.snapshotTimeoutMs ?? 10 * 60_000,
    stopTimeoutMs: options.stopTimeoutMs ?? 2 * 60_000,
    pollMs: options.pollIntervalMs ?? 250,
    apiTimeoutMs: options.apiTimeoutMs ?? 30_000,
    target: { provider: options.key ?? 'kubernetes', endpoint: kc.getCurrentCluster()?.server ?? '(no cluster)' },
  });
  return {
    // The cluster's CSI driver keeps the backup; nothing goes through the backup store.
    mode: 'snapshot',
    snapshotVolume: (ctx: CallContext, ref: VolumeRef) =>
      cancelable(ctx, 'backup', () => run(ctx, 'snapshot volume', (call) => snapshots.snapshotVolume(call, ref))),
    restoreSnapshot: (ctx: CallContext, ref: VolumeRef, snapshot: string) =>
      cancelable(ctx, 'restore', () =>
        run(ctx, 'restore snapshot', (call) => snapshots.restoreSnapshot(call, ref, snapshot)),
      ),
    deleteSnapshot: (ctx: CallContext, _instanceId: string, snapshot: string) =>
      run(ctx, 'delete snapshot', (call) => snapshots.deleteSnapshot(call, snapshot)),
    ...serviceControlVia(run, snapshots),
  };
}
