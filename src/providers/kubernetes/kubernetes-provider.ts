/**
 * The Kubernetes provider: one instance is one workload (a Deployment or a
 * StatefulSet) in the provider's namespace whose pod template holds every
 * service as a container, plus a ClusterIP Service, a Secret and a ConfigMap,
 * all named `wh-<instanceId>` and labelled (see kubernetes-objects.ts), so
 * every call finds them again without any state in this process.
 *
 * Decisions where Kubernetes differs from the Docker reference:
 * - Replicas belong to the pod, so every service scales together; a
 *   service-level replica count other than the main service's is refused.
 * - `dependsOn` is validated but not enforced: containers of a pod start
 *   together (init services still run first, in order).
 * - Endpoints are the ClusterIP Service's DNS name, one per container port,
 *   `public: false` (reachable from inside the cluster only), plus, for a
 *   port exposed by NodePort, LoadBalancer or Ingress (provider option or
 *   per-port override), the URL a user outside opens (`public: true`).
 * - The pod log endpoint merges stdout and stderr: every LogEntry is `stdout`.
 * - Exec cannot signal a process: at its timeout the connection is closed
 *   and 124 is reported, but the process may keep running in the container.
 * - Secret values reach the pod only through the Secret (secretKeyRef);
 *   a deploy that changes only secret values updates the Secret but does not
 *   roll the pods.
 * - Registry-resolved credentials (ctx.credentials, a bearer token from the
 *   vault) authenticate every API request of the call in place of the
 *   kubeconfig's user; without them the kubeconfig's user is used. Log
 *   streams, exec and the metrics API, which authenticate from a kubeconfig,
 *   get a copy whose user carries the call's token; the watches, which
 *   belong to no call, use the latest token a call carried when they open
 *   (kubernetes-credential-clients.ts).
 * - Volumes are PersistentVolumeClaims (kubernetes-volumes.ts) that outlive
 *   the workload unless a deprovision asks to delete them. Status is read on
 *   demand from the workload and its pods; waits (the start gate, stop, and
 *   through subscribeChanges the control plane's readiness wait and the
 *   supervisor) follow watches of the namespace and poll only as a fallback
 *   (see kubernetes-changes.ts).
 */
import {
  AppsV1Api,
  AutoscalingV2Api,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  NetworkingV1Api,
  type V1Pod,
  VersionApi,
} from '@kubernetes/client-node';
import type { AutoscalePolicy, NativeAutoscaler, NativeAutoscaleStatus } from '../autoscaling.js';
import { runHealthProbe } from '../health-check.js';
import type { CanaryEngine, CanaryReading, CanarySet } from '../progressive.js';
import {
  type ArgoEngine,
  type CallContext,
  Capabilities,
  type Capability,
  type DeployRequest,
  type DeployResult,
  DeployStrategies,
  type DeprovisionOptions,
  type DeprovisionResult,
  type ExecRequest,
  type ExecResult,
  type HealthChecker,
  type HealthStatus,
  type HelmEngine,
  type InstanceChange,
  type InstanceStatus,
  type Location,
  type LogOptions,
  type LogStream,
  type ManifestEngine,
  type ObjectRef,
  type Provider,
  type ProviderInfo,
  type ProvisionRequest,
  type ProvisionResult,
  type ReadinessPolicy,
  type ReadinessWaiter,
  type RenderedSource,
  type ResourceUsage,
  type RollbackRequest,
  type ScaleRequest,
  ServiceRoles,
  type SourceApplyRequest,
  type SourceApplyResult,
  type SourceRenderRequest,
  type WorkloadLister,
} from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { providerInfo } from '../provider-info.js';
import type { EdgeInfo, RouteSpec, TrafficEngine } from '../traffic.js';
import { applyObjects } from './kubernetes-apply.js';
import { KubeAutoscalers } from './kubernetes-autoscaler.js';
import { KubeCall } from './kubernetes-call.js';
import { type GatewayRef, KubeCanary } from './kubernetes-canary.js';
import { clusterListers, KubeChanges, type WatchTiming } from './kubernetes-changes.js';
import { KubeCluster } from './kubernetes-cluster.js';
import { CredentialClients } from './kubernetes-credential-clients.js';
import { toProviderError } from './kubernetes-errors.js';
import { runExec } from './kubernetes-exec.js';
import { Exposure, type ExposureOptions } from './kubernetes-exposure.js';
import { GpuCapability, type GpuOptions } from './kubernetes-gpu.js';
import { RouteIngress } from './kubernetes-ingress.js';
import { type LogSource, openLogs, type PodFeed } from './kubernetes-log-reader.js';
import { usageOf } from './kubernetes-metrics.js';
import {
  Annotations,
  buildObjects,
  findContainer,
  objectName,
  rolesOf,
  SpecError,
  validateProvision,
} from './kubernetes-objects.js';
import { mainOf, replicasBeforeStop, restartPatch, rollOut, scaleWorkload } from './kubernetes-rollout.js';
import { KubeSources, type SourceOptions } from './kubernetes-sources.js';
import { awaitStart } from './kubernetes-start-gate.js';
import { currentPods, instanceStatus } from './kubernetes-status.js';
import { attachVolumes, releaseClaims, validateVolumes } from './kubernetes-volumes.js';

/** Configuration of a KubernetesProvider. Nothing is read from the environment. */
export interface KubernetesProviderOptions {
  /** A loaded kubeconfig; its current context names the API server and credentials. */
  kubeConfig: KubeConfig;
  /** Registry key ProviderErrors carry. Default `kubernetes`. */
  key?: string;
  /** Namespace every instance lives in. Default `wheelhouse`. */
  namespace?: string;
  /** Region reported by info(). Default `default`. */
  region?: string;
  location?: Location;
  /** Bound on each ordinary API request (not on waits or followed logs). Default 30 s. */
  apiTimeoutMs?: number;
  /**
   * How long a request waits for the API server's first answer (its response
   * headers) before the server counts as unreachable: `unavailable`, so a
   * black-holed address fails as fast as a refused one. Default 5 s.
   */
  connectTimeoutMs?: number;
  /**
   * How long Provision waits for its pods to get past image pulls and init
   * services before giving up with `timeout`. Default 5 min.
   */
  startTimeoutMs?: number;
  /** How long Stop waits for the pods to be gone. Default 2 min. */
  stopTimeoutMs?: number;
  /** Poll interval of those waits while the watches are down (or off). Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * The watches waits follow (see kubernetes-changes.ts): `enabled` false
   * makes every wait poll. Defaults: on; a watch silent for 90 s is
   * restarted; waits still poll every 5 s while the watches are live; a
   * failed list or watch is retried after 1 s; the watches stop when their
   * last listener leaves.
   */
  watch?: Partial<Omit<WatchTiming, 'pollMs'>>;
  /**
   * A running container without a readiness probe counts as ready once it
   * has been up this long, so a process that exits at once is not reported
   * ready in the moment before it dies. Default 1000 ms.
   */
  minReadyMs?: number;
  /** The policy readinessPolicy() returns. Default 5 min, polled every 2 s. */
  readiness?: ReadinessPolicy;
  /**
   * Storage class of a volume's claim when the volume names no `type`.
   * Unset: the claim names no class, so the cluster's default class serves it.
   */
  defaultStorageClass?: string;
  /**
   * How ports are reached from outside the cluster unless a port overrides
   * it: `cluster_ip` (default: in-cluster DNS only), `node_port`,
   * `load_balancer` or `ingress` (needs `ingressHost`). See kubernetes-exposure.ts.
   */
  exposure?: ExposureOptions;
  /**
   * Domain of generated route hosts (`<service>-<instance>-<tenant>.<edgeDomain>`),
   * as `Provider.edge.domain` reports it. Default `localhost`. Routes become an
   * Ingress (kubernetes-ingress.ts) with the exposure's ingressClassName.
   */
  edgeDomain?: string;
  /** Workload sources: namespaces, binaries, the Argo CD namespace (see kubernetes-sources.ts). */
  sources?: SourceOptions;
  /** GPUs: the extended resource name (default `nvidia.com/gpu`); see kubernetes-gpu.ts. */
  gpu?: GpuOptions;
  /**
   * A Gateway API Gateway for canary weights: a canary's split is then an
   * HTTPRoute on it. Unset: a canary splits by replica ratio (kubernetes-canary.ts).
   */
  gateway?: GatewayRef;
}

/**
 * What the Kubernetes provider implements, and nothing more: volumes as
 * PersistentVolumeClaims; rolling, canary and blue-green releases (recreate is
 * accepted for Deployments but is not a capability; canary and blue-green are
 * a second Deployment, see kubernetes-canary.ts). Custom domains and TLS
 * are routes, realised as an Ingress and its TLS Secrets (kubernetes-ingress.ts);
 * an exposure option's Ingress host is not a managed domain.
 */
export const KUBERNETES_CAPABILITIES: readonly Capability[] = [
  Capabilities.provision,
  Capabilities.deploy,
  Capabilities.scale,
  Capabilities.logs,
  Capabilities.exec,
  Capabilities.volumes,
  Capabilities.rolling,
  Capabilities.canary,
  Capabilities.blueGreen,
  // Routes: an Ingress per instance and a kubernetes.io/tls Secret per TLS host (kubernetes-ingress.ts).
  Capabilities.customDomains,
  Capabilities.tls,
];

/** A Provider backed by a Kubernetes API server (apps/v1, core/v1, metrics.k8s.io when present). */
export class KubernetesProvider
  implements
    Provider,
    HealthChecker,
    ReadinessWaiter,
    WorkloadLister,
    TrafficEngine,
    ManifestEngine,
    HelmEngine,
    ArgoEngine,
    NativeAutoscaler,
    CanaryEngine
{
  readonly #sources: KubeSources;
  readonly #gpu: GpuCapability;
  readonly #cluster: KubeCluster;
  readonly #versionApi: VersionApi;
  readonly #clients: CredentialClients;
  readonly #target: { provider: string; endpoint: string };
  readonly #namespace: string;
  readonly #region: string;
  readonly #location: Location | undefined;
  readonly #apiTimeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #startTimeoutMs: number;
  readonly #stopTimeoutMs: number;
  readonly #pollMs: number;
  readonly #minReadyMs: number;
  readonly #readiness: ReadinessPolicy;
  readonly #changes: KubeChanges;
  readonly #defaultStorageClass: string | undefined;
  readonly #exposure: Exposure;
  readonly #routes: RouteIngress;
  readonly #canary: KubeCanary;
  /** The instances' HorizontalPodAutoscalers (`kubernetes-autoscaler.ts`). */
  readonly #autoscalers: KubeAutoscalers;
  #serverVersion: string | undefined;

  constructor(options: KubernetesProviderOptions) {
    const kc = options.kubeConfig;
    this.#namespace = options.namespace ?? 'wheelhouse';
    this.#cluster = new KubeCluster(kc.makeApiClient(AppsV1Api), kc.makeApiClient(CoreV1Api), this.#namespace);
    this.#versionApi = kc.makeApiClient(VersionApi);
    this.#clients = new CredentialClients(kc);
    this.#target = {
      provider: options.key ?? 'kubernetes',
      endpoint: kc.getCurrentCluster()?.server ?? '(no cluster)',
    };
    this.#region = options.region ?? 'default';
    this.#location = options.location;
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.#startTimeoutMs = options.startTimeoutMs ?? 5 * 60_000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 2 * 60_000;
    this.#pollMs = options.pollIntervalMs ?? 250;
    this.#minReadyMs = options.minReadyMs ?? 1000;
    this.#readiness = options.readiness ?? { timeoutMs: 5 * 60_000, intervalMs: 2000 };
    // Watches belong to no call: each list and watch request uses the latest credential a call carried.
    const listCall = () =>
      new KubeCall('watch list', undefined, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs)
        .withBearer(this.#clients.latest)
        .opts();
    const watch = () => this.#clients.forLatest().watch;
    this.#changes = new KubeChanges(this.#cluster, watch, clusterListers(this.#cluster, listCall), {
      enabled: true,
      watchdogMs: 90_000,
      fallbackPollMs: 5000,
      retryMs: 1000,
      lingerMs: 0,
      ...options.watch,
      pollMs: this.#pollMs,
    });
    this.#defaultStorageClass = options.defaultStorageClass;
    this.#sources = new KubeSources(kc, this.#namespace, options.sources ?? {}, this.#minReadyMs);
    this.#gpu = new GpuCapability(options.gpu ?? {});
    this.#autoscalers = new KubeAutoscalers(kc.makeApiClient(AutoscalingV2Api), this.#namespace);
    this.#exposure = new Exposure(
      this.#cluster.core,
      kc.makeApiClient(NetworkingV1Api),
      this.#namespace,
      options.exposure ?? {},
    );
    this.#routes = new RouteIngress(this.#cluster, kc.makeApiClient(NetworkingV1Api), {
      ...(options.edgeDomain ? { edgeDomain: options.edgeDomain } : {}),
      ...(options.exposure?.ingressClassName ? { ingressClassName: options.exposure.ingressClassName } : {}),
    });
    this.#canary = new KubeCanary(
      this.#cluster,
      kc.makeApiClient(NetworkingV1Api),
      kc.makeApiClient(CustomObjectsApi),
      {
        ...(options.gateway ? { gateway: options.gateway } : {}),
        pollMs: this.#pollMs,
        startTimeoutMs: this.#startTimeoutMs,
      },
    );
  }

  /** Name `kubernetes`, the configured region, and the server's version as last seen (`unknown` before). */
  info(): ProviderInfo {
    return providerInfo('kubernetes', this.#serverVersion, this.#region, this.#location);
  }

  capabilities(): readonly Capability[] {
    return [...KUBERNETES_CAPABILITIES, ...this.#sources.capabilities(), ...this.#gpu.capabilities()];
  }

  /** Provision and Deploy return before readiness probes pass; the control plane waits with this policy. */
  readinessPolicy(): ReadinessPolicy {
    return { ...this.#readiness };
  }

  /**
   * Tells `listener` whenever an object of an instance changes (a pod's
   * status, a workload's spec or status, a deletion), and once per instance
   * after the watches list again (a change may have been missed). Events are
   * hints to look again, not state: read status() to know what changed.
   * Returns the unsubscribe function; the watches stop when the last
   * listener leaves.
   */
  subscribeChanges(listener: (change: InstanceChange) => void): () => void {
    return this.#changes.subscribe(listener);
  }

  /** Lists and watchdog restarts of the watches so far (how often they had to start over). */
  get watchCounters(): { lists: number; watchdogRestarts: number } {
    return this.#changes.counters;
  }

  /** Stops the watches at once, listeners or not. */
  close(): void {
    this.#changes.close();
  }

  /** The namespace instances live in. */
  get namespace(): string {
    return this.#namespace;
  }

  /** Asks the API server for its version (info() is synchronous and reports the cached one). */
  async refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#run(ctx, 'info', async (call) => {
      await this.#fetchVersion(call);
      // Whether a node has GPUs decides the `gpu` capability; a refusal to list nodes keeps what was known.
      await this.#gpu.refresh(this.#cluster.core, call).catch(() => undefined);
      return this.info();
    });
  }

  /** GET /version. Never throws: an unreachable server is `healthy: false` with the reason. */
  async healthCheck(ctx: CallContext): Promise<HealthStatus> {
    const call = new KubeCall(
      'health check',
      ctx.signal,
      Math.min(this.#apiTimeoutMs, 5000),
      this.#target,
      this.#connectTimeoutMs,
    ).withBearer(ctx.credentials?.values.token);
    this.#clients.for(call.bearer);
    return runHealthProbe(
      async () => ({ message: `Kubernetes ${await this.#fetchVersion(call)} at ${this.#target.endpoint}` }),
      (err) => toProviderError(err, call.context()).message,
    );
  }

  /**
   * Creates or replaces every object of the instance, then waits until its
   * pods are past image pulls and init services: a missing image removes
   * everything and fails with `image_not_found`; an init that exits non-zero
   * fails with `workload_failed` (its last log lines in the message, secrets
   * masked) and leaves the objects for status to report.
   */
  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    return this.#run(ctx, 'provision', async (call) => {
      call.secrets.push(...Object.values(req.secretValues ?? {}));
      validateProvision(req);
      validateVolumes(req);
      if (!this.#serverVersion) await this.#fetchVersion(call);
      await this.#cluster.ensureNamespace(call);
      const objects = buildObjects(req, this.#namespace);
      this.#gpu.applyLimits(objects.workload, req.services);
      attachVolumes(objects, req, this.#namespace, this.#defaultStorageClass);
      this.#exposure.validate(objects.workload);
      // Watching from before the apply, so no change of the new pods is missed.
      const changes = this.#changes.waiter(req.instanceId);
      let workload: Awaited<ReturnType<typeof applyObjects>>;
      try {
        workload = await applyObjects(this.#cluster, call, req.instanceId, objects);
        await this.#exposure.sync(call, req.instanceId, workload);
        await this.#syncAutoscaler(call, req.instanceId, workload, req.services);
        await awaitStart(this.#cluster, this.#logSource(call.bearer), call, req.instanceId, workload, {
          startTimeoutMs: this.#startTimeoutMs,
          pause: () => changes.next(call.signal),
        });
      } finally {
        changes.close();
      }
      const serviceRefs = Object.fromEntries(req.services.map((s) => [s.name, s.name]));
      return {
        providerRef: `${workload.kind}/${objectName(req.instanceId)}`,
        serviceRefs,
        endpoints: await this.#exposure.endpoints(call, req.instanceId, workload),
        metadata: { namespace: this.#namespace, workload: `${workload.kind}/${objectName(req.instanceId)}` },
      };
    });
  }

  /**
   * Deletes the workload (its pods go with it), Services, Secret and
   * ConfigMap; absent ones are fine. The PersistentVolumeClaims (and their
   * data) go only with `deleteVolumes`; otherwise the result names them.
   */
  async deprovision(ctx: CallContext, instanceId: string, opts: DeprovisionOptions = {}): Promise<DeprovisionResult> {
    return this.#run(ctx, 'deprovision', async (call) => {
      await this.#cluster.deleteAll(call, instanceId);
      await this.#autoscalers.delete(call, instanceId);
      await this.#exposure.delete(call, instanceId);
      await this.#routes.delete(call, instanceId);
      const keptVolumes = await releaseClaims(
        this.#cluster.core,
        this.#namespace,
        call,
        instanceId,
        opts.deleteVolumes === true,
      );
      return { keptVolumes };
    });
  }

  /** Scales a stopped instance back to the replicas it had when stopped. */
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', async (call) => {
      const w = await this.#cluster.readWorkload(call, instanceId);
      if ((w.spec?.replicas ?? 1) > 0) return;
      await this.#cluster.patch(call, w, { spec: { replicas: replicasBeforeStop(w) } });
    });
  }

  /** Scales to zero (remembering the replicas in an annotation) and waits until the pods are gone. */
  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', async (call) => {
      const w = await this.#cluster.readWorkload(call, instanceId);
      const replicas = w.spec?.replicas ?? 1;
      if (replicas > 0) {
        await this.#cluster.patch(call, w, {
          metadata: { annotations: { [Annotations.replicas]: String(replicas) } },
          spec: { replicas: 0 },
        });
      }
      const deadline = Date.now() + this.#stopTimeoutMs;
      const changes = this.#changes.waiter(instanceId);
      try {
        while ((await this.#cluster.pods(call, instanceId)).length > 0) {
          if (Date.now() >= deadline) {
            throw call.fail(ProviderErrorKinds.timeout, `pods of ${instanceId} still running after stop`);
          }
          await changes.next(call.signal);
        }
      } finally {
        changes.close();
      }
    });
  }

  /** A rolling restart: a new restartedAt annotation on the pod template; a stopped instance is started too. */
  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', async (call) => {
      const w = await this.#cluster.readWorkload(call, instanceId);
      await this.#cluster.patch(call, w, restartPatch(w));
    });
  }

  /** From the workload's spec and status and its pods' container statuses, worst-of across services. */
  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#run(ctx, 'status', async (call) => {
      const found = await this.#cluster.findWorkload(call, instanceId);
      // No workload of its own: a source instance (manifests, Helm, Argo CD) reports its objects.
      const fromSource = found ? undefined : await this.#sources.status(call, instanceId);
      if (fromSource) return this.#gpu.explain(fromSource);
      const w = found ?? (await this.#cluster.readWorkload(call, instanceId));
      const pods = await this.#cluster.pods(call, instanceId);
      return this.#gpu.explain(
        instanceStatus(w, pods, await this.#exposure.endpoints(call, instanceId, w), {
          now: Date.now(),
          minReadyMs: this.#minReadyMs,
        }),
      );
    });
  }

  /**
   * Changes the named containers only (image, and env/command/args/ports/
   * resources/health check when set) through the workload's RollingUpdate
   * strategy (`recreate` switches a Deployment to Recreate). Returns once the
   * change is accepted; the control plane waits for readiness.
   */
  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return this.#run(ctx, 'deploy', async (call) => {
      const w = await rollOut(this.#cluster, call, req);
      await this.#exposure.sync(call, req.instanceId, w);
      await this.#syncAutoscaler(call, req.instanceId, w, req.services);
      return {
        providerRef: `${w.kind}/${objectName(req.instanceId)}`,
        status: 'deployed',
        endpoints: await this.#exposure.endpoints(call, req.instanceId, w),
      };
    });
  }

  /** A rolling deploy of the snapshot's specs. */
  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#run(ctx, 'rollback', async (call) => {
      const w = await rollOut(this.#cluster, call, { ...req, strategy: DeployStrategies.rolling });
      await this.#exposure.sync(call, req.instanceId, w);
    });
  }

  /**
   * Replicas apply to the instance's one pod (every service scales together);
   * CPU and memory apply to the named container (the main one when unnamed).
   * Zero replicas is not a scale: use stop.
   */
  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#run(ctx, 'scale', async (call) => {
      const { autoscale, ...resources } = req.resources;
      // With an HPA the cluster owns replicas: a policy set in the same request bounds them, the HPA moves them.
      await scaleWorkload(this.#cluster, call, req.instanceId, req.service, resources);
      if (autoscale !== undefined) {
        const w = await this.#cluster.readWorkload(call, req.instanceId);
        await this.#autoscalers.sync(call, req.instanceId, w, req.service || mainOf(w), autoscale);
      }
    });
  }

  /** The HPA's status for the instance (its policy is on one service: replicas apply to the whole pod). */
  async autoscaleStatus(
    ctx: CallContext,
    instanceId: string,
    _service: string,
  ): Promise<NativeAutoscaleStatus | undefined> {
    return this.#run(ctx, 'autoscale status', (call) => this.#autoscalers.status(call, instanceId));
  }

  /** Creates or replaces the HPA of the first service that has a policy; a deploy never removes one. */
  async #syncAutoscaler(
    call: KubeCall,
    instanceId: string,
    w: Awaited<ReturnType<typeof rollOut>>,
    services: readonly { name: string; resources?: { autoscale?: AutoscalePolicy } }[],
  ): Promise<void> {
    const owner = services.find((s) => s.resources?.autoscale);
    if (owner) await this.#autoscalers.sync(call, instanceId, w, owner.name, owner.resources!.autoscale!);
  }

  /**
   * Usage from the metrics API (metrics.k8s.io) summed over the instance's
   * pods; limits from the pod template. Without a metrics API the answer is
   * `unavailable` saying so. The metrics API reports no network figures: 0.
   */
  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#run(ctx, 'resources', async (call) => {
      const w = await this.#cluster.readWorkload(call, instanceId);
      const pods = currentPods(w, await this.#cluster.pods(call, instanceId));
      return usageOf(this.#clients.for(call.bearer).metrics, this.#namespace, this.#target.endpoint, call, w, pods);
    });
  }

  /**
   * Lines of one service's container in every current pod, through the pod
   * log endpoint with timestamps. Without `follow` they are merged by time and
   * `tail` applies to the merge; with it, lines arrive as the server sends
   * them until close(), which aborts every request, and the pods a restart,
   * deploy or scale brings are followed too as the watches report them
   * (from their first line), until the workload is stopped or deleted. `replica` is the pod's
   * ordinal (StatefulSet) or its index by age (Deployment). The endpoint does
   * not separate the streams: every line is `stdout`.
   */
  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return this.#run(ctx, 'logs', async (call) => {
      const w = await this.#cluster.readWorkload(call, instanceId);
      const service = opts.serviceName || mainOf(w);
      if (!findContainer(w, service)) {
        throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
      }
      // Only containers that have started have a log; asking for another one is a 400.
      const started = (pods: V1Pod[]) =>
        pods.filter((pod) =>
          [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].some(
            (cs) => cs.name === service && (cs.state?.running || cs.state?.terminated || cs.lastState?.terminated),
          ),
        );
      const pods = started(currentPods(w, await this.#cluster.pods(call, instanceId)));
      // Followed, the log goes on with the pods a restart, deploy or scale brings (see openLogs).
      // The feed outlives this call, so it reads with the latest credential (one rotated since included).
      const latest = () => this.#clients.latest ?? call.bearer;
      const feed: PodFeed = {
        subscribe: (onChange) => this.#changes.follow(instanceId, onChange),
        pods: async () => {
          const later = new KubeCall('logs', ctx.signal, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs);
          later.withBearer(latest());
          // Deleted or stopped: no pod will come; the stream ends with the pods it follows.
          const now = await this.#cluster.findWorkload(later, instanceId);
          if (!now || now.spec?.replicas === 0) return undefined;
          return started(currentPods(now, await this.#cluster.pods(later, instanceId)));
        },
        source: () => this.#logSource(latest()),
      };
      return openLogs(this.#logSource(call.bearer), call, ctx, pods, service, opts, feed);
    });
  }

  /**
   * Runs a command in the service's container of the first ready pod (the
   * lowest replica), through the websocket exec subresource: stdout and
   * stderr separately, stdin when given (closed after it, v5 protocol), the
   * exit code from the status the server sends last. At `timeoutMs` the
   * connection is closed and the result is exit code 124: the exec API has no
   * way to signal the process, so on a real cluster it may keep running.
   */
  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return this.#run(ctx, 'exec', async (call) => {
      if (req.command.length === 0) throw new SpecError('exec needs a command');
      const w = await this.#cluster.readWorkload(call, instanceId);
      const service = req.serviceName || mainOf(w);
      if (!findContainer(w, service)) {
        throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
      }
      if (rolesOf(w)[service] === ServiceRoles.init) {
        throw call.fail(
          ProviderErrorKinds.conflict,
          `init service ${service} does not keep running; nothing to exec in`,
        );
      }
      const pods = currentPods(w, await this.#cluster.pods(call, instanceId));
      const target = pods.find((pod) =>
        pod.status?.containerStatuses?.some((cs) => cs.name === service && cs.state?.running),
      );
      if (!target?.metadata?.name) throw call.fail(ProviderErrorKinds.conflict, `service ${service} is not running`);
      return runExec(this.#clients.for(call.bearer).exec, this.#namespace, target.metadata.name, service, req, call);
    });
  }

  /** Implements TrafficEngine: kind `ingress` and the generated hosts' domain (the cluster's controller serves). */
  async edge(_ctx: CallContext): Promise<EdgeInfo> {
    return this.#routes.edge();
  }

  /**
   * Implements TrafficEngine: the instance's routes as one Ingress and a TLS
   * Secret per TLS host (kubernetes-ingress.ts); empty deletes them. A route
   * naming a service or port the instance lacks is `invalid_spec`; an
   * instance that is not there (and routes to make) is `not_found`.
   */
  async applyRoutes(ctx: CallContext, instanceId: string, routes: readonly RouteSpec[]): Promise<void> {
    return this.#run(ctx, 'apply routes', (call) => this.#routes.apply(call, instanceId, routes));
  }

  /** Implements CanaryEngine: the new release as a second Deployment beside the instance's (kubernetes-canary.ts). */
  async startCanary(ctx: CallContext, req: DeployRequest): Promise<void> {
    return this.#run(ctx, 'deploy', (call) => this.#canary.start(call, req));
  }

  /** Implements CanaryEngine: by replica ratio, a Gateway's HTTPRoute weights, or (blue-green) the Service's selector. */
  async setCanaryWeight(ctx: CallContext, set: CanarySet, weight: number): Promise<void> {
    return this.#run(ctx, 'deploy', (call) => this.#canary.setWeight(call, set, weight));
  }

  /** Implements CanaryEngine: the new set's readiness and restarts (no request counters on a cluster). */
  async readCanary(ctx: CallContext, set: CanarySet): Promise<CanaryReading> {
    return this.#run(ctx, 'status', (call) => this.#canary.read(call, set));
  }

  /** Implements CanaryEngine: the instance's Deployment takes the new template; the second one goes. */
  async promoteCanary(ctx: CallContext, set: CanarySet): Promise<void> {
    return this.#run(ctx, 'deploy', (call) => this.#canary.promote(call, set));
  }

  /** Implements CanaryEngine: every request back to the old set, the new one removed. */
  async abortCanary(ctx: CallContext, set: CanarySet): Promise<void> {
    return this.#run(ctx, 'deploy', (call) => this.#canary.abort(call, set));
  }

  /** Implements ManifestEngine: renders (kustomize) and validates a manifests or Argo CD source. */
  async renderManifests(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource> {
    return this.#run(ctx, 'render manifests', (call) => this.#sources.renderManifests(call, req));
  }

  /** Implements ManifestEngine: validates, applies by server-side apply, prunes, records the set. */
  async applyManifests(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult> {
    return this.#run(ctx, 'apply manifests', async (call) => {
      call.secrets.push(...Object.values(req.secretValues ?? {}));
      await this.#cluster.ensureNamespace(call);
      return this.#sources.applyManifests(call, req);
    });
  }

  /** Implements ManifestEngine: deletes an inventory's objects. */
  async deleteManifests(ctx: CallContext, _instanceId: string, objects: ObjectRef[]): Promise<void> {
    return this.#run(ctx, 'delete manifests', (call) => this.#sources.deleteManifests(call, objects));
  }

  /** Implements HelmEngine: `helm template`, validated like manifests. */
  async renderHelm(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource> {
    return this.#run(ctx, 'render helm', (call) => this.#sources.renderHelm(call, req));
  }

  /** Implements ArgoEngine: the instance's Application in the Argo namespace. */
  async argoApply(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult> {
    return this.#run(ctx, 'apply application', async (call) => {
      await this.#cluster.ensureNamespace(call);
      return this.#sources.argoApply(call, req);
    });
  }

  /** Implements ArgoEngine: deletes the instance's Application. */
  async argoDelete(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'delete application', (call) => this.#sources.argoDelete(call, instanceId));
  }

  /** Implements WorkloadLister: every workload this provider manages in its namespace. */
  /** Implements WorkloadLister: every workload this provider manages in its namespace. */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#run(ctx, 'list workloads', (call) => this.#cluster.managedWorkloads(call));
  }

  async #run<T>(ctx: CallContext, op: string, fn: (call: KubeCall) => Promise<T>): Promise<T> {
    const call = new KubeCall(op, ctx.signal, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs).withBearer(
      ctx.credentials?.values.token,
    );
    // Remembered as the latest credential, for the watches (see CredentialClients.latest).
    this.#clients.for(call.bearer);
    try {
      call.throwIfCanceled();
      return await fn(call);
    } catch (err) {
      if (err instanceof SpecError) throw call.fail(ProviderErrorKinds.invalidSpec, err.message, err);
      throw toProviderError(err, call.context());
    }
  }

  /** The pod log client that authenticates with `token` (the kubeconfig's user without one). */
  #logSource(token: string | undefined): LogSource {
    return { log: this.#clients.for(token).log, namespace: this.#namespace };
  }

  async #fetchVersion(call: KubeCall): Promise<string> {
    const v = await this.#versionApi.getCode({}, call.opts());
    this.#serverVersion = v.gitVersion;
    return v.gitVersion;
  }
}
