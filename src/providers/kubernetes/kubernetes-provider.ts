/**
 * The Kubernetes provider: one instance is one workload (a Deployment or a
 * StatefulSet) in the provider's namespace whose pod template holds every
 * service as a container, plus a ClusterIP Service, a Secret and a ConfigMap,
 * all named `wh-<instanceId>` and labelled (see kubernetes-objects.ts), so
 * every call finds them again without any state in this process. Provision
 * and deprovision are kubernetes-provision.ts', start/stop kubernetes-lifecycle.ts'.
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
  NetworkingV1Api,
  VersionApi,
} from '@kubernetes/client-node';
import { type Capability, capabilitiesWith } from '../capabilities.js';
import type { MissingEngines, ProviderEngines } from '../engines.js';
import { runHealthProbe } from '../health-check.js';
import {
  type CallContext,
  type DeployRequest,
  type DeployResult,
  DeployStrategies,
  type DeprovisionOptions,
  type DeprovisionResult,
  type ExecRequest,
  type ExecResult,
  type HealthStatus,
  type InstanceChange,
  type InstanceStatus,
  type Location,
  type LogOptions,
  type LogStream,
  type Provider,
  type ProviderInfo,
  type ProvisionRequest,
  type ProvisionResult,
  type ReadinessPolicy,
  type ResourceUsage,
  type RollbackRequest,
  type ScaleRequest,
} from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { providerInfo } from '../provider-info.js';
import { KubeAutoscalers } from './kubernetes-autoscaler.js';
import { KubeCall } from './kubernetes-call.js';
import { KubeCanary } from './kubernetes-canary.js';
import { clusterListers, KubeChanges } from './kubernetes-changes.js';
import { KubeCluster } from './kubernetes-cluster.js';
import { CredentialClients } from './kubernetes-credential-clients.js';
import { KUBERNETES_CAPABILITIES, kubernetesEngines } from './kubernetes-engines.js';
import { SERVICE_SET_FIXED, toProviderError, UNCREDENTIALED } from './kubernetes-errors.js';
import { execInInstance } from './kubernetes-exec.js';
import { Exposure } from './kubernetes-exposure.js';
import { GpuCapability } from './kubernetes-gpu.js';
import { RouteIngress } from './kubernetes-ingress.js';
import { healWorkload, restartWorkload, startWorkload, stopWorkload } from './kubernetes-lifecycle.js';
import { instanceLogs } from './kubernetes-log-reader.js';
import { usageOf } from './kubernetes-metrics.js';
import { objectName, SpecError, validateAutoscale } from './kubernetes-objects.js';
import type { KubernetesProviderOptions } from './kubernetes-options.js';
import {
  deprovisionInstance,
  type ProvisionParts,
  provisionInstance,
  validateProvisionRequest,
} from './kubernetes-provision.js';
import { mainOf, rollOut, scaleWorkload } from './kubernetes-rollout.js';
import { KubeSources } from './kubernetes-sources.js';
import { currentPods, instanceStatus } from './kubernetes-status.js';

/** A Provider backed by a Kubernetes API server (apps/v1, core/v1, metrics.k8s.io when present). */
export class KubernetesProvider implements Provider {
  readonly engines: ProviderEngines;
  readonly missingEngines: MissingEngines | undefined;
  /** An instance's services are the containers of one pod (kubernetes-errors.ts says why that set is fixed). */
  readonly serviceSetFixed = SERVICE_SET_FIXED;
  readonly #sources: KubeSources;
  readonly #gpu: GpuCapability;
  readonly #cluster: KubeCluster;
  readonly #versionApi: VersionApi;
  readonly #clients: CredentialClients;
  readonly #target: { provider: string; endpoint: string };
  readonly #credentialed: boolean;
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
    this.#credentialed = options.credentialed === true;
    this.#region = options.region ?? 'default';
    this.#location = options.location;
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.#startTimeoutMs = options.startTimeoutMs ?? 5 * 60_000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 2 * 60_000;
    this.#pollMs = options.pollIntervalMs ?? 250;
    this.#minReadyMs = options.minReadyMs ?? 1000;
    this.#readiness = options.readiness ?? { timeoutMs: 5 * 60_000, intervalMs: 2000 };
    // Watches belong to no call: each list and watch request uses the latest credential a call carried. With a
    // vault credential and none carried yet, the list fails here, unsent, and is retried (the waits poll meanwhile).
    const listCall = () => {
      if (this.#credentialed && !this.#clients.latest) throw new Error(UNCREDENTIALED);
      return new KubeCall('watch list', undefined, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs)
        .withBearer(this.#clients.latest)
        .opts();
    };
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
    this.engines = kubernetesEngines(
      {
        cluster: this.#cluster,
        routes: this.#routes,
        canary: this.#canary,
        autoscalers: this.#autoscalers,
        sources: this.#sources,
        options,
        changes: this.#changes,
      },
      (ctx, op, fn) => this.#run(ctx, op, fn),
    );
    this.missingEngines = this.#sources.hasHelm
      ? undefined
      : { helm: 'no helm binary was found on this server (PATH, or the provider option sources.helm)' };
  }

  /** What provision and deprovision drive (kubernetes-provision.ts). */
  get #parts(): ProvisionParts {
    return {
      cluster: this.#cluster,
      gpu: this.#gpu,
      exposure: this.#exposure,
      autoscalers: this.#autoscalers,
      routes: this.#routes,
      changes: this.#changes,
      logs: (call) => ({ log: this.#clients.for(call.bearer).log, namespace: this.#namespace }),
      defaultStorageClass: this.#defaultStorageClass,
      startTimeoutMs: this.#startTimeoutMs,
    };
  }

  /** Name `kubernetes`, the configured region, and the server's version as last seen (`unknown` before). */
  info(): ProviderInfo {
    return providerInfo('kubernetes', this.#serverVersion, this.#region, this.#location);
  }

  /** The base ones, `gpu` where a node has GPUs, and the engines' (kubernetes-engines.ts). */
  capabilities(): readonly Capability[] {
    return capabilitiesWith(this.baseCapabilities(), this.engines);
  }

  /** The capabilities of the provider itself, without its engines': `gpu` where a node has GPUs. */
  baseCapabilities(): Capability[] {
    return [...KUBERNETES_CAPABILITIES, ...this.#gpu.capabilities()];
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
      async () => {
        if (this.#credentialed && !call.bearer) throw call.fail(ProviderErrorKinds.unavailable, UNCREDENTIALED);
        return { message: `Kubernetes ${await this.#fetchVersion(call)} at ${this.#target.endpoint}` };
      },
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
      validateProvisionRequest(req);
      if (!this.#serverVersion) await this.#fetchVersion(call);
      return provisionInstance(this.#parts, call, req);
    });
  }

  /**
   * Deletes the workload (its pods go with it), Services, Secret and
   * ConfigMap; absent ones are fine. The PersistentVolumeClaims (and their
   * data) go only with `deleteVolumes`; otherwise the result names them.
   */
  async deprovision(ctx: CallContext, instanceId: string, opts: DeprovisionOptions = {}): Promise<DeprovisionResult> {
    return this.#run(ctx, 'deprovision', (call) => deprovisionInstance(this.#parts, call, instanceId, opts));
  }

  /** Scales a stopped instance back to the replicas it had when stopped. */
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', (call) => startWorkload(this.#cluster, call, instanceId));
  }

  /** Scales to zero (remembering the replicas in an annotation) and waits until the pods are gone. */
  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', (call) =>
      stopWorkload(this.#cluster, this.#changes, call, instanceId, this.#stopTimeoutMs),
    );
  }

  /** A rolling restart: a new restartedAt annotation on the pod template; a stopped instance is started too. */
  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', (call) => restartWorkload(this.#cluster, call, instanceId));
  }

  /** Only a workload scaled to zero by hand is scaled up: the cluster restarts containers and pods itself. */
  async heal(ctx: CallContext, instanceId: string, services: readonly string[]) {
    return this.#run(ctx, 'heal', (call) => healWorkload(this.#cluster, call, instanceId, services));
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
      await this.#autoscalers.syncFirst(call, req.instanceId, w, req.services);
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
      if (autoscale) validateAutoscale(req.service || 'main', autoscale);
      // With an HPA the cluster owns replicas: a policy set in the same request bounds them, the HPA moves them.
      await scaleWorkload(this.#cluster, call, req.instanceId, req.service, resources);
      if (autoscale !== undefined) {
        const w = await this.#cluster.readWorkload(call, req.instanceId);
        await this.#autoscalers.sync(call, req.instanceId, w, req.service || mainOf(w), autoscale);
      }
    });
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
    return this.#run(ctx, 'logs', (call) =>
      instanceLogs(
        {
          cluster: this.#cluster,
          follow: (onChange) => this.#changes.follow(instanceId, onChange),
          // The feed outlives this call, so it reads with the latest credential (one rotated since included).
          laterCall: () =>
            new KubeCall('logs', ctx.signal, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs).withBearer(
              this.#clients.latest ?? call.bearer,
            ),
          source: (token) => ({ log: this.#clients.for(token).log, namespace: this.#namespace }),
        },
        call,
        ctx,
        instanceId,
        opts,
      ),
    );
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
    return this.#run(ctx, 'exec', (call) =>
      execInInstance(this.#cluster, this.#clients.for(call.bearer).exec, call, instanceId, req),
    );
  }

  /** Every workload this provider manages in its namespace, for the supervisor's orphan sweep. */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#run(ctx, 'list workloads', (call) => this.#cluster.managedWorkloads(call));
  }

  async #run<T>(ctx: CallContext, op: string, fn: (call: KubeCall) => Promise<T>): Promise<T> {
    const call = new KubeCall(op, ctx.signal, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs).withBearer(
      ctx.credentials?.values.token,
    );
    // Sending it would authenticate as the kubeconfig's user, which a provider with a vault credential never does.
    if (this.#credentialed && !call.bearer) throw call.fail(ProviderErrorKinds.unavailable, UNCREDENTIALED);
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

  async #fetchVersion(call: KubeCall): Promise<string> {
    const v = await this.#versionApi.getCode({}, call.opts());
    this.#serverVersion = v.gitVersion;
    return v.gitVersion;
  }
}
