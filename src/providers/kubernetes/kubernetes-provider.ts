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
 *   `public: false` (reachable from inside the cluster only).
 * - The pod log endpoint merges stdout and stderr: every LogEntry is `stdout`.
 * - Exec cannot signal a process: at its timeout the connection is closed
 *   and 124 is reported, but the process may keep running in the container.
 * - Secret values reach the pod only through the Secret (secretKeyRef);
 *   a deploy that changes only secret values updates the Secret but does not
 *   roll the pods. Registry-resolved credentials (ctx.credentials) are not
 *   used: authentication comes from the kubeconfig.
 * - No volumes (refused with invalid_spec) and no watch: status is read on
 *   demand from the workload and its pods.
 */
import {
  AppsV1Api,
  CoreV1Api,
  Exec,
  type KubeConfig,
  Log,
  Metrics,
  type V1Pod,
  VersionApi,
} from '@kubernetes/client-node';
import {
  type CallContext,
  Capabilities,
  type Capability,
  type DeployRequest,
  type DeployResult,
  DeployStrategies,
  type DeployStrategy,
  type ExecRequest,
  type ExecResult,
  type HealthChecker,
  type HealthStatus,
  type InstanceStatus,
  type Location,
  type LogEntry,
  type LogOptions,
  type LogStream,
  type Provider,
  type ProviderInfo,
  type ProvisionRequest,
  type ProvisionResult,
  type ReadinessPolicy,
  type ReadinessWaiter,
  type ResourceUsage,
  type RollbackRequest,
  type ScaleRequest,
  type ServiceDeploySpec,
  ServiceRoles,
  type WorkloadLister,
} from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { KubeCall, pause } from './kubernetes-call.js';
import { isConflict, isNotFound, redact, statusCodeOf, toProviderError } from './kubernetes-errors.js';
import { runExec } from './kubernetes-exec.js';
import { FollowLogStream, LogSink, StaticLogStream } from './kubernetes-logs.js';
import {
  Annotations,
  applyDeploy,
  applyResources,
  buildObjects,
  endpointsOf,
  findContainer,
  type InstanceObjects,
  instanceSelector,
  Labels,
  MANAGED_BY,
  objectName,
  quantityMb,
  quantityMillis,
  rolesOf,
  SpecError,
  secretKey,
  servicePortsOf,
  stampTemplate,
  validateProvision,
  validateResources,
  type Workload,
} from './kubernetes-objects.js';
import { currentPods, IMAGE_FAILURES, instanceStatus, ordinalOf } from './kubernetes-status.js';

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
  /** Poll interval of those waits. Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * A running container without a readiness probe counts as ready once it
   * has been up this long, so a process that exits at once is not reported
   * ready in the moment before it dies. Default 1000 ms.
   */
  minReadyMs?: number;
  /** The policy readinessPolicy() returns. Default 5 min, polled every 2 s. */
  readiness?: ReadinessPolicy;
}

/**
 * What the Kubernetes provider implements, and nothing more: no `volumes`
 * (specs with volumes are refused), no strategies beyond rolling (recreate is
 * accepted for Deployments but is not a capability).
 */
export const KUBERNETES_CAPABILITIES: readonly Capability[] = [
  Capabilities.provision,
  Capabilities.deploy,
  Capabilities.scale,
  Capabilities.logs,
  Capabilities.exec,
  Capabilities.rolling,
];

/** A Provider backed by a Kubernetes API server (apps/v1, core/v1, metrics.k8s.io when present). */
export class KubernetesProvider implements Provider, HealthChecker, ReadinessWaiter, WorkloadLister {
  readonly #apps: AppsV1Api;
  readonly #core: CoreV1Api;
  readonly #versionApi: VersionApi;
  readonly #log: Log;
  readonly #exec: Exec;
  readonly #metrics: Metrics;
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
  #serverVersion: string | undefined;

  constructor(options: KubernetesProviderOptions) {
    const kc = options.kubeConfig;
    this.#apps = kc.makeApiClient(AppsV1Api);
    this.#core = kc.makeApiClient(CoreV1Api);
    this.#versionApi = kc.makeApiClient(VersionApi);
    this.#log = new Log(kc);
    this.#exec = new Exec(kc);
    this.#metrics = new Metrics(kc);
    this.#target = {
      provider: options.key ?? 'kubernetes',
      endpoint: kc.getCurrentCluster()?.server ?? '(no cluster)',
    };
    this.#namespace = options.namespace ?? 'wheelhouse';
    this.#region = options.region ?? 'default';
    this.#location = options.location;
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.#startTimeoutMs = options.startTimeoutMs ?? 5 * 60_000;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 2 * 60_000;
    this.#pollMs = options.pollIntervalMs ?? 250;
    this.#minReadyMs = options.minReadyMs ?? 1000;
    this.#readiness = options.readiness ?? { timeoutMs: 5 * 60_000, intervalMs: 2000 };
  }

  /** Name `kubernetes`, the configured region, and the server's version as last seen (`unknown` before). */
  info(): ProviderInfo {
    const info: ProviderInfo = { name: 'kubernetes', version: this.#serverVersion ?? 'unknown', region: this.#region };
    if (this.#location) info.location = { ...this.#location };
    return info;
  }

  capabilities(): readonly Capability[] {
    return KUBERNETES_CAPABILITIES;
  }

  /** Provision and Deploy return before readiness probes pass; the control plane waits with this policy. */
  readinessPolicy(): ReadinessPolicy {
    return { ...this.#readiness };
  }

  /** The namespace instances live in. */
  get namespace(): string {
    return this.#namespace;
  }

  /** Asks the API server for its version (info() is synchronous and reports the cached one). */
  async refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#run(ctx, 'info', async (call) => {
      await this.#fetchVersion(call);
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
    );
    const started = performance.now();
    try {
      const version = await this.#fetchVersion(call);
      return {
        healthy: true,
        message: `Kubernetes ${version} at ${this.#target.endpoint}`,
        latencyMs: performance.now() - started,
        checkedAt: new Date(),
      };
    } catch (err) {
      return {
        healthy: false,
        message: toProviderError(err, call.context()).message,
        latencyMs: performance.now() - started,
        checkedAt: new Date(),
      };
    }
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
      if (!this.#serverVersion) await this.#fetchVersion(call);
      await this.#ensureNamespace(call);
      const objects = buildObjects(req, this.#namespace);
      const workload = await this.#apply(call, req.instanceId, objects);
      await this.#awaitStart(call, req.instanceId, workload);
      const serviceRefs = Object.fromEntries(req.services.map((s) => [s.name, s.name]));
      return {
        providerRef: `${workload.kind}/${objectName(req.instanceId)}`,
        serviceRefs,
        endpoints: endpointsOf(workload, this.#namespace),
        metadata: { namespace: this.#namespace, workload: `${workload.kind}/${objectName(req.instanceId)}` },
      };
    });
  }

  /** Deletes the workload (its pods go with it), Service, Secret and ConfigMap; absent ones are fine. */
  async deprovision(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'deprovision', (call) => this.#deleteAll(call, instanceId));
  }

  /** Scales a stopped instance back to the replicas it had when stopped. */
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      if ((w.spec?.replicas ?? 1) > 0) return;
      const previous = Number(w.metadata?.annotations?.[Annotations.replicas]);
      await this.#patch(call, w, { spec: { replicas: previous > 0 ? previous : 1 } });
    });
  }

  /** Scales to zero (remembering the replicas in an annotation) and waits until the pods are gone. */
  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      const replicas = w.spec?.replicas ?? 1;
      if (replicas > 0) {
        await this.#patch(call, w, {
          metadata: { annotations: { [Annotations.replicas]: String(replicas) } },
          spec: { replicas: 0 },
        });
      }
      const deadline = Date.now() + this.#stopTimeoutMs;
      while ((await this.#pods(call, instanceId)).length > 0) {
        if (Date.now() >= deadline) {
          throw call.fail(ProviderErrorKinds.timeout, `pods of ${instanceId} still running after stop`);
        }
        await pause(this.#pollMs, call.signal);
      }
    });
  }

  /** A rolling restart: a new restartedAt annotation on the pod template; a stopped instance is started too. */
  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      const template = structuredClone(w.spec?.template ?? {});
      template.metadata ??= {};
      template.metadata.annotations = {
        ...(template.metadata.annotations ?? {}),
        [Annotations.restartedAt]: new Date().toISOString(),
      };
      stampTemplate(template);
      const annotations = template.metadata.annotations ?? {};
      const spec: Record<string, unknown> = {
        template: {
          metadata: {
            annotations: {
              [Annotations.restartedAt]: annotations[Annotations.restartedAt],
              [Annotations.templateHash]: annotations[Annotations.templateHash],
            },
          },
        },
      };
      if ((w.spec?.replicas ?? 1) === 0) {
        const previous = Number(w.metadata?.annotations?.[Annotations.replicas]);
        spec.replicas = previous > 0 ? previous : 1;
      }
      await this.#patch(call, w, { spec });
    });
  }

  /** From the workload's spec and status and its pods' container statuses, worst-of across services. */
  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#run(ctx, 'status', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      const pods = await this.#pods(call, instanceId);
      return instanceStatus(w, pods, endpointsOf(w, this.#namespace), {
        now: Date.now(),
        minReadyMs: this.#minReadyMs,
      });
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
      const w = await this.#deploy(call, req.instanceId, req.releaseId, req.services, req.strategy, req.secretValues);
      return {
        providerRef: `${w.kind}/${objectName(req.instanceId)}`,
        status: 'deployed',
        endpoints: endpointsOf(w, this.#namespace),
      };
    });
  }

  /** A rolling deploy of the snapshot's specs. */
  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#run(ctx, 'rollback', async (call) => {
      await this.#deploy(call, req.instanceId, req.releaseId, req.services, DeployStrategies.rolling, req.secretValues);
    });
  }

  /**
   * Replicas apply to the instance's one pod (every service scales together);
   * CPU and memory apply to the named container (the main one when unnamed).
   * Zero replicas is not a scale: use stop.
   */
  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#run(ctx, 'scale', async (call) => {
      await this.#update(call, req.instanceId, (w) => {
        const service = req.service || mainOf(w);
        const container = findContainer(w, service);
        if (!container)
          throw call.fail(ProviderErrorKinds.notFound, `instance ${req.instanceId} has no service ${service}`);
        validateResources(service, req.resources);
        const r = req.resources;
        if (r.cpuMillis !== undefined || r.memoryMb !== undefined) {
          applyResources(container, r);
          stampTemplate(w.spec?.template ?? {});
        }
        if (r.replicas && w.spec) {
          if (w.spec.replicas === 0) setAnnotation(w, Annotations.replicas, String(r.replicas));
          else w.spec.replicas = r.replicas;
        }
      });
    });
  }

  /**
   * Usage from the metrics API (metrics.k8s.io) summed over the instance's
   * pods; limits from the pod template. Without a metrics API the answer is
   * `unavailable` saying so. The metrics API reports no network figures: 0.
   */
  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#run(ctx, 'resources', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      const pods = currentPods(w, await this.#pods(call, instanceId));
      let metrics: Awaited<ReturnType<Metrics['getPodMetrics']>>;
      try {
        metrics = await withTimeout(this.#metrics.getPodMetrics(this.#namespace), call.requestSignal());
      } catch (err) {
        const code = statusCodeOf(err);
        if (code === 404 || code === 503) {
          throw call.fail(
            ProviderErrorKinds.unavailable,
            `the metrics API (metrics.k8s.io) is not available on ${this.#target.endpoint}; install metrics-server to report resource usage`,
            err,
          );
        }
        throw err;
      }
      const names = new Set(pods.map((p) => p.metadata?.name));
      let cpuMillis = 0;
      let memoryUsedMb = 0;
      for (const item of metrics.items) {
        if (!names.has(item.metadata.name)) continue;
        for (const c of item.containers) {
          cpuMillis += quantityMillis(c.usage.cpu);
          memoryUsedMb += quantityMb(c.usage.memory);
        }
      }
      const perPodLimit = (w.spec?.template.spec?.containers ?? []).reduce(
        (n, c) => n + quantityMb(c.resources?.limits?.memory),
        0,
      );
      return {
        cpuPercent: cpuMillis / 10,
        memoryUsedMb,
        memoryLimitMb: perPodLimit * pods.length,
        networkInMb: 0,
        networkOutMb: 0,
      };
    });
  }

  /**
   * Lines of one service's container in every current pod, through the pod
   * log endpoint with timestamps. Without `follow` they are merged by time and
   * `tail` applies to the merge; with it, lines arrive as the server sends
   * them until close(), which aborts every request. `replica` is the pod's
   * ordinal (StatefulSet) or its index by age (Deployment). The endpoint does
   * not separate the streams: every line is `stdout`.
   */
  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return this.#run(ctx, 'logs', async (call) => {
      const w = await this.#readWorkload(call, instanceId);
      const service = opts.serviceName || mainOf(w);
      if (!findContainer(w, service)) {
        throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
      }
      // Only containers that have started have a log; asking for another one is a 400.
      const pods = currentPods(w, await this.#pods(call, instanceId)).filter((pod) =>
        [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].some(
          (cs) => cs.name === service && (cs.state?.running || cs.state?.terminated || cs.lastState?.terminated),
        ),
      );
      const sinceMs = opts.since?.getTime();
      const keep = sinceMs === undefined ? undefined : (e: LogEntry) => e.timestamp.getTime() >= sinceMs;
      const tail = opts.tail === undefined ? undefined : Math.max(0, opts.tail);
      // The client leaves tailLines=0 out, so "no history" is asked for as "since now".
      const sinceTime = opts.since ?? (tail === 0 ? new Date() : undefined);
      const query = {
        follow: opts.follow,
        timestamps: true,
        ...(tail ? { tailLines: tail } : {}),
        ...(sinceTime ? { sinceTime: sinceTime.toISOString() } : {}),
      };
      if (!opts.follow) {
        if (tail === 0) return new StaticLogStream([]);
        const perPod = await Promise.all(
          pods.map((pod, i) => this.#readLog(call, pod, service, ordinalOf(pod) ?? i, query)),
        );
        let entries = perPod.flat();
        if (keep) entries = entries.filter(keep);
        entries.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
        if (tail !== undefined) entries = entries.slice(Math.max(0, entries.length - tail));
        return new StaticLogStream(entries);
      }
      const stream = new FollowLogStream(keep);
      try {
        for (const [i, pod] of pods.entries()) {
          const sink = stream.sink({ service, replica: ordinalOf(pod) ?? i });
          const controller = await this.#log.log(this.#namespace, pod.metadata?.name ?? '', service, sink, query);
          stream.attach(controller);
        }
      } catch (err) {
        await stream.close();
        throw err;
      }
      ctx.signal?.addEventListener('abort', () => void stream.close(), { once: true });
      return stream;
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
      const w = await this.#readWorkload(call, instanceId);
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
      const pods = currentPods(w, await this.#pods(call, instanceId));
      const target = pods.find((pod) =>
        pod.status?.containerStatuses?.some((cs) => cs.name === service && cs.state?.running),
      );
      if (!target?.metadata?.name) throw call.fail(ProviderErrorKinds.conflict, `service ${service} is not running`);
      return runExec(this.#exec, this.#namespace, target.metadata.name, service, req, call);
    });
  }

  /** Implements WorkloadLister: every workload this provider manages in its namespace. */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#run(ctx, 'list workloads', async (call) => {
      const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
      const [deployments, statefulSets] = await Promise.all([
        this.#apps.listNamespacedDeployment({ namespace: this.#namespace, labelSelector }, call.opts()),
        this.#apps.listNamespacedStatefulSet({ namespace: this.#namespace, labelSelector }, call.opts()),
      ]);
      const out = new Map<string, string>();
      for (const item of [...deployments.items, ...statefulSets.items]) {
        const labels = item.metadata?.labels ?? {};
        const id = labels[Labels.instance];
        if (id) out.set(id, labels[Labels.tenant] ?? '');
      }
      return [...out].map(([instanceId, tenantId]) => ({ instanceId, tenantId }));
    });
  }

  async #run<T>(ctx: CallContext, op: string, fn: (call: KubeCall) => Promise<T>): Promise<T> {
    const call = new KubeCall(op, ctx.signal, this.#apiTimeoutMs, this.#target, this.#connectTimeoutMs);
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

  async #ensureNamespace(call: KubeCall): Promise<void> {
    try {
      await this.#core.readNamespace({ name: this.#namespace }, call.opts());
    } catch (err) {
      // Without rights to read namespaces, assume an administrator created it.
      if (statusCodeOf(err) === 403) return;
      if (!isNotFound(err)) throw err;
      try {
        await this.#core.createNamespace(
          { body: { metadata: { name: this.#namespace, labels: { [Labels.managedBy]: MANAGED_BY } } } },
          call.opts(),
        );
      } catch (e) {
        if (!isConflict(e)) throw e;
      }
    }
  }

  /** The instance's workload, whichever kind it is; not_found when neither exists. */
  async #readWorkload(call: KubeCall, instanceId: string): Promise<Workload> {
    const found = await this.#findWorkload(call, instanceId);
    if (!found) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} not found`);
    return found;
  }

  async #findWorkload(call: KubeCall, instanceId: string): Promise<Workload | undefined> {
    const name = objectName(instanceId);
    const namespace = this.#namespace;
    try {
      return { ...(await this.#apps.readNamespacedDeployment({ name, namespace }, call.opts())), kind: 'Deployment' };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      return { ...(await this.#apps.readNamespacedStatefulSet({ name, namespace }, call.opts())), kind: 'StatefulSet' };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    return undefined;
  }

  async #pods(call: KubeCall, instanceId: string): Promise<V1Pod[]> {
    const list = await this.#core.listNamespacedPod(
      { namespace: this.#namespace, labelSelector: instanceSelector(instanceId) },
      call.opts(),
    );
    return list.items;
  }

  /** Creates or replaces every object; removes the ones the request no longer needs. */
  async #apply(call: KubeCall, instanceId: string, objects: InstanceObjects): Promise<Workload> {
    const namespace = this.#namespace;
    const name = objectName(instanceId);
    const core = this.#core;
    const ignoreMissing = (err: unknown) => {
      if (!isNotFound(err)) throw err;
    };
    if (objects.secret) {
      const body = objects.secret;
      await upsert(
        () => core.readNamespacedSecret({ name, namespace }, call.opts()),
        () => core.createNamespacedSecret({ namespace, body }, call.opts()),
        (old) => core.replaceNamespacedSecret({ name, namespace, body: withVersion(body, old) }, call.opts()),
      );
    } else await core.deleteNamespacedSecret({ name, namespace }, call.opts()).catch(ignoreMissing);
    if (objects.configMap) {
      const body = objects.configMap;
      await upsert(
        () => core.readNamespacedConfigMap({ name, namespace }, call.opts()),
        () => core.createNamespacedConfigMap({ namespace, body }, call.opts()),
        (old) => core.replaceNamespacedConfigMap({ name, namespace, body: withVersion(body, old) }, call.opts()),
      );
    } else await core.deleteNamespacedConfigMap({ name, namespace }, call.opts()).catch(ignoreMissing);
    if (objects.service) await this.#putService(call, name, objects.service);
    else await core.deleteNamespacedService({ name, namespace }, call.opts()).catch(ignoreMissing);

    const existing = await this.#findWorkload(call, instanceId);
    if (existing && existing.kind !== objects.workload.kind) {
      await this.#deleteWorkload(call, existing);
    }
    const w = objects.workload;
    if (w.kind === 'Deployment') {
      const { kind: _k, ...body } = w;
      const written =
        existing?.kind === 'Deployment'
          ? await this.#apps.replaceNamespacedDeployment(
              { name, namespace, body: { ...withVersion(body, existing), kind: 'Deployment' } },
              call.opts(),
            )
          : await this.#apps.createNamespacedDeployment(
              { namespace, body: { ...body, kind: 'Deployment' } },
              call.opts(),
            );
      return { ...written, kind: 'Deployment' };
    }
    const { kind: _k, ...body } = w;
    const written =
      existing?.kind === 'StatefulSet'
        ? await this.#apps.replaceNamespacedStatefulSet(
            { name, namespace, body: { ...withVersion(body, existing), kind: 'StatefulSet' } },
            call.opts(),
          )
        : await this.#apps.createNamespacedStatefulSet(
            { namespace, body: { ...body, kind: 'StatefulSet' } },
            call.opts(),
          );
    return { ...written, kind: 'StatefulSet' };
  }

  async #putService(call: KubeCall, name: string, body: NonNullable<InstanceObjects['service']>): Promise<void> {
    const namespace = this.#namespace;
    await upsert(
      () => this.#core.readNamespacedService({ name, namespace }, call.opts()),
      () => this.#core.createNamespacedService({ namespace, body }, call.opts()),
      (old) => {
        // The cluster IP is allocated once and immutable: carry it over.
        const next = withVersion(body, old);
        next.spec = { ...next.spec, clusterIP: old.spec?.clusterIP, clusterIPs: old.spec?.clusterIPs };
        return this.#core.replaceNamespacedService({ name, namespace, body: next }, call.opts());
      },
    );
  }

  async #deleteWorkload(call: KubeCall, w: Workload): Promise<void> {
    const name = w.metadata?.name ?? '';
    const namespace = this.#namespace;
    const body = { propagationPolicy: 'Background' };
    try {
      if (w.kind === 'Deployment') await this.#apps.deleteNamespacedDeployment({ name, namespace, body }, call.opts());
      else await this.#apps.deleteNamespacedStatefulSet({ name, namespace, body }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async #deleteAll(call: KubeCall, instanceId: string): Promise<void> {
    const name = objectName(instanceId);
    const namespace = this.#namespace;
    const body = { propagationPolicy: 'Background' };
    const deletions: Array<() => Promise<unknown>> = [
      () => this.#apps.deleteNamespacedDeployment({ name, namespace, body }, call.opts()),
      () => this.#apps.deleteNamespacedStatefulSet({ name, namespace, body }, call.opts()),
      () => this.#core.deleteNamespacedService({ name, namespace }, call.opts()),
      () => this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()),
      () => this.#core.deleteNamespacedConfigMap({ name, namespace }, call.opts()),
    ];
    for (const del of deletions) {
      try {
        await del();
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }

  /** A merge patch of the workload (maps only: replicas and annotations). */
  async #patch(call: KubeCall, w: Workload, body: object): Promise<void> {
    const name = w.metadata?.name ?? '';
    const namespace = this.#namespace;
    if (w.kind === 'Deployment')
      await this.#apps.patchNamespacedDeployment({ name, namespace, body }, call.opts('merge'));
    else await this.#apps.patchNamespacedStatefulSet({ name, namespace, body }, call.opts('merge'));
  }

  /** Read, edit, replace; a 409 (someone wrote in between) re-reads and edits again. */
  async #update(call: KubeCall, instanceId: string, edit: (w: Workload) => void | Promise<void>): Promise<Workload> {
    for (let attempt = 0; ; attempt++) {
      const w = await this.#readWorkload(call, instanceId);
      await edit(w);
      const name = w.metadata?.name ?? '';
      const namespace = this.#namespace;
      try {
        if (w.kind === 'Deployment') {
          const body = { ...w, kind: 'Deployment' };
          return {
            ...(await this.#apps.replaceNamespacedDeployment({ name, namespace, body }, call.opts())),
            kind: 'Deployment',
          };
        }
        const body = { ...w, kind: 'StatefulSet' };
        return {
          ...(await this.#apps.replaceNamespacedStatefulSet({ name, namespace, body }, call.opts())),
          kind: 'StatefulSet',
        };
      } catch (err) {
        if (!isConflict(err) || attempt >= 4) throw err;
      }
    }
  }

  async #deploy(
    call: KubeCall,
    instanceId: string,
    releaseId: string,
    services: ServiceDeploySpec[],
    strategy: DeployStrategy,
    secretValues: Record<string, string> | undefined,
  ): Promise<Workload> {
    if (strategy !== DeployStrategies.rolling && strategy !== DeployStrategies.recreate) {
      throw new SpecError(`deploy strategy ${strategy} is not supported by the Kubernetes provider`);
    }
    call.secrets.push(...Object.values(secretValues ?? {}));
    const seen = new Set<string>();
    for (const d of services) {
      if (seen.has(d.name)) throw new SpecError(`service ${d.name} is listed twice`);
      seen.add(d.name);
      if (d.resources) validateResources(d.name, d.resources);
    }
    let portsChanged = false;
    const w = await this.#update(call, instanceId, (w) => {
      const spec = w.spec;
      if (!spec) throw call.fail(ProviderErrorKinds.internal, `workload of ${instanceId} has no spec`);
      const roles = rolesOf(w);
      for (const d of services) {
        const container = findContainer(w, d.name);
        if (!container) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${d.name}`);
        if (roles[d.name] === ServiceRoles.init && (d.ports?.length || d.healthCheck)) {
          throw new SpecError(`init service ${d.name} cannot have ports or a health check`);
        }
        if (d.ports) portsChanged = true;
        applyDeploy(container, d);
        const replicas = d.resources?.replicas;
        if (replicas && roles[d.name] === ServiceRoles.main) {
          if (spec.replicas === 0) setAnnotation(w, Annotations.replicas, String(replicas));
          else spec.replicas = replicas;
        }
      }
      if (w.kind === 'Deployment') {
        w.spec = {
          ...w.spec,
          selector: w.spec?.selector ?? { matchLabels: {} },
          template: w.spec?.template ?? {},
          strategy:
            strategy === DeployStrategies.recreate
              ? { type: 'Recreate' }
              : { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        };
      } else if (strategy === DeployStrategies.recreate) {
        throw new SpecError('a StatefulSet rolls its pods one by one: deploy strategy recreate is not supported');
      }
      w.metadata ??= {};
      w.metadata.labels = { ...(w.metadata.labels ?? {}), [Labels.release]: releaseId.slice(0, 63) };
      stampTemplate(w.spec?.template ?? {});
    });
    if (secretValues && Object.keys(secretValues).length > 0)
      await this.#updateSecret(call, instanceId, w, secretValues);
    if (portsChanged) {
      const ports = servicePortsOf(w.spec?.template ?? {});
      const name = objectName(instanceId);
      if (ports.length === 0) {
        await this.#core.deleteNamespacedService({ name, namespace: this.#namespace }, call.opts()).catch((err) => {
          if (!isNotFound(err)) throw err;
        });
      } else {
        await this.#putService(call, name, {
          apiVersion: 'v1',
          kind: 'Service',
          metadata: { name, namespace: this.#namespace, labels: podLabelsOf(w) },
          spec: { type: 'ClusterIP', selector: { [Labels.instance]: instanceId }, ports },
        });
      }
    }
    return w;
  }

  /** Writes new values for the secret refs the workload's containers use. */
  async #updateSecret(
    call: KubeCall,
    instanceId: string,
    w: Workload,
    secretValues: Record<string, string>,
  ): Promise<void> {
    const used = new Set(
      [...(w.spec?.template.spec?.containers ?? []), ...(w.spec?.template.spec?.initContainers ?? [])].flatMap((c) =>
        (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : [])),
      ),
    );
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(secretValues)) {
      if (used.has(secretKey(key))) data[secretKey(key)] = Buffer.from(value).toString('base64');
    }
    if (Object.keys(data).length === 0) return;
    const name = objectName(instanceId);
    const namespace = this.#namespace;
    await upsert(
      () => this.#core.readNamespacedSecret({ name, namespace }, call.opts()),
      () =>
        this.#core.createNamespacedSecret(
          { namespace, body: { metadata: { name, namespace, labels: podLabelsOf(w) }, type: 'Opaque', data } },
          call.opts(),
        ),
      (old) =>
        this.#core.replaceNamespacedSecret(
          { name, namespace, body: { ...old, data: { ...(old.data ?? {}), ...data } } },
          call.opts(),
        ),
    );
  }

  /**
   * Waits until every current pod is past image pulls and init services (the
   * moment Docker's provision returns: every container started).
   */
  async #awaitStart(call: KubeCall, instanceId: string, workload: Workload): Promise<void> {
    const desired = workload.spec?.replicas ?? 1;
    if (desired === 0) return;
    const spec = workload.spec?.template.spec;
    const deadline = Date.now() + this.#startTimeoutMs;
    for (;;) {
      const pods = currentPods(workload, await this.#pods(call, instanceId));
      let started = pods.length >= desired;
      for (const [i, pod] of pods.entries()) {
        const inits = pod.status?.initContainerStatuses ?? [];
        const mains = pod.status?.containerStatuses ?? [];
        for (const cs of [...inits, ...mains]) {
          const reason = cs.state?.waiting?.reason;
          if (reason && IMAGE_FAILURES.has(reason)) {
            const image = findContainer(workload, cs.name)?.image ?? cs.image;
            await this.#deleteAll(call, instanceId);
            throw call.fail(
              ProviderErrorKinds.imageNotFound,
              `image ${image} of service ${cs.name} cannot be pulled (${reason}${cs.state?.waiting?.message ? `: ${cs.state.waiting.message}` : ''})`,
            );
          }
        }
        for (const cs of inits) {
          const t = cs.state?.terminated ?? (cs.state?.waiting ? cs.lastState?.terminated : undefined);
          if (t && t.exitCode !== 0) {
            const lines = await this.#lastLines(call, pod, cs.name, ordinalOf(pod) ?? i, !cs.state?.terminated);
            throw call.fail(
              ProviderErrorKinds.workloadFailed,
              `init service ${cs.name} exited with code ${t.exitCode}${lines ? `: ${lines}` : ''}`,
            );
          }
        }
        const initsDone =
          inits.length >= (spec?.initContainers?.length ?? 0) &&
          inits.every((cs) => cs.state?.terminated?.exitCode === 0);
        const mainsStarted =
          mains.length >= (spec?.containers.length ?? 0) &&
          mains.every((cs) => !cs.state?.waiting || cs.state.waiting.reason === 'CrashLoopBackOff');
        if (!initsDone || !mainsStarted) started = false;
      }
      if (started) return;
      if (Date.now() >= deadline) {
        throw call.fail(
          ProviderErrorKinds.timeout,
          `pods of ${instanceId} did not start within ${Math.round(this.#startTimeoutMs / 1000)}s`,
        );
      }
      await pause(this.#pollMs, call.signal);
    }
  }

  /** The last few log lines of a container, joined (secrets masked by the call's error mapping). */
  async #lastLines(call: KubeCall, pod: V1Pod, container: string, replica: number, previous: boolean): Promise<string> {
    try {
      let entries = await this.#readLog(call, pod, container, replica, { tailLines: 5, timestamps: true, previous });
      if (entries.length === 0 && previous) {
        entries = await this.#readLog(call, pod, container, replica, { tailLines: 5, timestamps: true });
      }
      return redact(entries.map((e) => e.message).join(' | '), call.secrets);
    } catch {
      return '';
    }
  }

  /** One container's log of one pod, read to the end (bounded by the API deadline). */
  async #readLog(
    call: KubeCall,
    pod: V1Pod,
    container: string,
    replica: number,
    query: Record<string, unknown>,
  ): Promise<LogEntry[]> {
    const entries: LogEntry[] = [];
    const sink = new LogSink({ service: container, replica }, (e) => entries.push(e));
    const controller = await this.#log.log(this.#namespace, pod.metadata?.name ?? '', container, sink, {
      ...query,
      follow: false,
    });
    const signal = call.requestSignal();
    const onAbort = () => controller.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await sink.done;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw Object.assign(new Error('log request aborted'), { name: 'AbortError' });
    return entries;
  }
}

/** The main service of a workload. */
function mainOf(w: Workload): string {
  const roles = rolesOf(w);
  return (
    Object.entries(roles).find(([, r]) => r === ServiceRoles.main)?.[0] ??
    w.spec?.template.spec?.containers[0]?.name ??
    ''
  );
}

function setAnnotation(w: Workload, key: string, value: string): void {
  w.metadata ??= {};
  w.metadata.annotations = { ...(w.metadata.annotations ?? {}), [key]: value };
}

/** The instance labels of a workload, for objects created after provision. */
function podLabelsOf(w: Workload): Record<string, string> {
  const labels = w.metadata?.labels ?? {};
  const out: Record<string, string> = { [Labels.managedBy]: MANAGED_BY };
  for (const key of [Labels.instance, Labels.tenant]) if (labels[key]) out[key] = labels[key];
  return out;
}

/** `body` with the resourceVersion of `old`, so a replace fails on a concurrent write instead of losing it. */
function withVersion<T extends { metadata?: { resourceVersion?: string } }>(
  body: T,
  old: { metadata?: { resourceVersion?: string } },
): T {
  return { ...body, metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion } };
}

/** Reads; creates when absent; replaces when present. */
async function upsert<T>(
  read: () => Promise<T>,
  create: () => Promise<T>,
  replace: (old: T) => Promise<T>,
): Promise<T> {
  let old: T;
  try {
    old = await read();
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return create();
  }
  return replace(old);
}

/** Races `promise` against `signal` (for client calls that take no signal). */
function withTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
