/**
 * The Docker provider: one instance is one user-defined bridge network plus
 * one container per service replica, all labelled (see docker-names.ts) so
 * every call finds them again without any state in this process.
 */
import type Dockerode from 'dockerode';
import type { CpuSample, CpuSampler } from '../autoscaling.js';
import { runHealthProbe } from '../health-check.js';
import type { CanaryEngine, CanarySet } from '../progressive.js';
import {
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
  type ReadinessWaiter,
  type ResourceUsage,
  type RollbackRequest,
  type ScaleRequest,
  ServiceRoles,
  type ServiceStatus,
  type WorkloadLister,
} from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { providerInfo } from '../provider-info.js';
import { redact } from '../redact.js';
import type { EdgeInfo, RouteSpec, WakerAddress } from '../traffic.js';
import { Call } from './docker-call.js';
import { DockerCanary } from './docker-canary.js';
import { createDockerClient, type DockerConnectionOptions, engineEndpoint } from './docker-client.js';
import { deployServices, serviceOf } from './docker-deploy.js';
import { DockerEdge, type DockerEdgeOptions, haproxyInstalled } from './docker-edge.js';
import { parseBackendName } from './docker-edge-config.js';
import { DockerEdgeHooks } from './docker-edge-hooks.js';
import {
  DockerEngine,
  type Listed,
  reference,
  replicaCount,
  serviceOrder,
  snapshotEndpoints,
  sortServices,
} from './docker-engine.js';
import { isNotFound, toProviderError } from './docker-errors.js';
import { DockerEventFeed } from './docker-events.js';
import { runExec } from './docker-exec.js';
import { engineInfo, hasNvidiaRuntime } from './docker-gpu.js';
import { probe, probeAddress } from './docker-health.js';
import { HealthTracker } from './docker-health-tracker.js';
import { openLogs } from './docker-log-reader.js';
import { baseLabels, Labels, networkName } from './docker-names.js';
import { Rollout, settleAll } from './docker-rollout.js';
import {
  carriedSecrets,
  configTarOf,
  type LabelledServiceSpec,
  labelledSpecOf,
  limitsOf,
  replicasOf,
  SpecError,
  secretValuesOf,
  startLevels,
  validatePorts,
  validateProvision,
  validateResources,
} from './docker-spec.js';
import { sumUsage, usageOf } from './docker-stats.js';
import {
  aggregateInstance,
  aggregateService,
  isScaledToZero,
  observeReplica,
  phaseOf,
  readinessFloors,
  SCALED_TO_ZERO_POLICY,
} from './docker-status.js';

/**
 * Configuration of a DockerProvider. Nothing is read from the environment:
 * the engine address, region and timings all come from here.
 */
export interface DockerProviderOptions extends DockerConnectionOptions {
  /** Registry key the provider is registered under; ProviderErrors carry it. Default `docker`. */
  key?: string;
  /** Region reported by info(). Default `local`. */
  region?: string;
  location?: Location;
  /** Bound on each ordinary Engine call (not on waits, streams or exec). Default 30 s. */
  apiTimeoutMs?: number;
  /** Bound on pulling a missing image. Default 120 s. */
  pullTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when stopping a container. Default 10 s. */
  stopTimeoutSeconds?: number;
  /**
   * A running container without a health check counts as ready once it has
   * been up this long, so a process that exits at once is not reported ready
   * in the moment before it dies. Default 1000 ms.
   */
  minReadyMs?: number;
  /** How long an init service may run before Provision gives up. Default 5 min. */
  initTimeoutMs?: number;
  /** How long a rolling deploy waits for each new replica to become ready. Default 2 min. */
  rolloutTimeoutMs?: number;
  /** Poll interval of rollout waits. Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * Run containers under the Engine's init (tini) so SIGTERM reaches processes
   * that ignore it as PID 1 and stops are quick. Default true.
   */
  useInit?: boolean;
  /** The policy readinessPolicy() returns. Default 2 min, polled every second. */
  readiness?: ReadinessPolicy;
  /** A ready-made client (tests); the connection options then only name the endpoint in messages. */
  docker?: Dockerode;
  /** Told when the engine's event stream fails or is reopened (the provider itself logs nothing). */
  onEventStreamError?: (err: unknown) => void;
  /**
   * Labels added to every object the provider creates (containers, networks,
   * volumes), beside the workload's own: an operator's mark (a team, a cost
   * centre), or a test run's, so its leak check finds only what it made.
   * Keys under `wheelhouse.` are the provider's own and are ignored here.
   */
  labels?: Record<string, string>;
  /**
   * The HAProxy edge (routes, custom domains, TLS). Absent, or when its
   * program is not installed, or when the engine is remote: no edge, and
   * routes are refused.
   */
  edge?: DockerEdgeOptions;
}

/** The capabilities the Docker provider implements, and nothing more. */
export const DOCKER_CAPABILITIES: readonly Capability[] = [
  Capabilities.provision,
  Capabilities.deploy,
  Capabilities.scale,
  Capabilities.logs,
  Capabilities.exec,
  Capabilities.volumes,
  Capabilities.rolling,
  Capabilities.autoScale,
];

/**
 * A Provider backed by a Docker Engine (API 1.41+). Every mutating call is
 * idempotent: objects have deterministic names and labels, and a repeated
 * call converges on what exists.
 */
export class DockerProvider implements Provider, HealthChecker, ReadinessWaiter, WorkloadLister, CpuSampler {
  readonly #engine: DockerEngine;
  readonly #rollout: Rollout;
  readonly #target: { provider: string; endpoint: string };
  readonly #region: string;
  readonly #location: Location | undefined;
  readonly #remoteHost: string | undefined;
  readonly #apiTimeoutMs: number;
  readonly #minReadyMs: number;
  readonly #readiness: ReadinessPolicy;
  /** Probe history of running containers: the spec's interval and retries decide health, not status() calls. */
  readonly #health = new HealthTracker();
  /** The engine's event stream, shared by every subscribeChanges listener. */
  readonly #events: DockerEventFeed;
  #engineVersion: string | undefined;
  readonly #labels: Record<string, string>;
  /** The HAProxy edge, when there is one (see DockerProviderOptions.edge). */
  readonly #edge: DockerEdge | undefined;
  /** Why there is no edge, for the capability error that refuses routes. */
  readonly noEdgeReason: string | undefined;

  constructor(options: DockerProviderOptions = {}) {
    this.#labels = { ...options.labels };
    this.#target = { provider: options.key ?? 'docker', endpoint: engineEndpoint(options) };
    this.#region = options.region ?? 'local';
    this.#location = options.location;
    this.#remoteHost = options.host || undefined;
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#minReadyMs = options.minReadyMs ?? 1000;
    this.#readiness = options.readiness ?? { timeoutMs: 2 * 60_000, intervalMs: 1000 };
    this.#engine = new DockerEngine(options.docker ?? createDockerClient(options), {
      apiTimeoutMs: this.#apiTimeoutMs,
      pullTimeoutMs: options.pullTimeoutMs ?? 120_000,
      stopTimeoutSeconds: options.stopTimeoutSeconds ?? 10,
    });
    if (!options.edge) {
      this.noEdgeReason = 'the edge is off (WHEELHOUSE_EDGE=off)';
    } else if (options.host) {
      this.noEdgeReason = 'the edge runs only beside a local Docker Engine';
    } else if (!haproxyInstalled(options.edge.haproxyPath)) {
      this.noEdgeReason = `HAProxy is not installed at ${options.edge.haproxyPath}: install it (Debian/Ubuntu: apt-get install haproxy) to get routes, custom domains and TLS`;
    } else {
      this.#edge = new DockerEdge(this.#engine.docker, options.edge);
    }
    const edge = this.#edge;
    if (edge) {
      // Present only with an edge, so isTrafficEngine / isDrivenEdge say whether this provider has one.
      Object.assign(this, {
        edge: async (): Promise<EdgeInfo> => edge.info(),
        applyRoutes: async (_ctx: CallContext, instanceId: string, routes: readonly RouteSpec[]) =>
          edge.applyRoutes(instanceId, routes),
        counters: async (_ctx: CallContext, instanceId: string, service: string) => edge.counters(instanceId, service),
        drive: async (_ctx: CallContext, routes: readonly RouteSpec[]) => edge.drive(routes),
        standBy: () => edge.standBy(),
        // Scale to zero: the edge falls back to the waker while a backend has no ready replica.
        wakeVia: (address: WakerAddress | undefined) => edge.wakeVia(address),
        backendOf: (name: string) => parseBackendName(name),
        readyReplicas: (instanceId: string, service: string, port: number) =>
          edge.readyReplicas(instanceId, service, port),
      });
    }
    this.#rollout = new Rollout(
      this.#engine,
      {
        minReadyMs: this.#minReadyMs,
        initTimeoutMs: options.initTimeoutMs ?? 5 * 60_000,
        rolloutTimeoutMs: options.rolloutTimeoutMs ?? 2 * 60_000,
        pollIntervalMs: options.pollIntervalMs ?? 250,
        useInit: options.useInit ?? true,
        remoteHost: this.#remoteHost,
      },
      edge ? new DockerEdgeHooks(this.#engine, edge) : undefined,
    );
    if (edge) {
      // Canary releases split a route's requests: present only with an edge (see progressive.ts).
      const canary = new DockerCanary(this.#engine, this.#rollout, edge, options.useInit ?? true);
      Object.assign(this, {
        startCanary: (ctx: CallContext, req: DeployRequest) =>
          this.#run(ctx, 'deploy', (call) => canary.start(call, req)),
        setCanaryWeight: (ctx: CallContext, s: CanarySet, weight: number) =>
          this.#run(ctx, 'deploy', (call) => canary.setWeight(call, s, weight)),
        // The edge's ring of recent responses gives the new set's p99 (docker-edge-latency.ts).
        measuresLatency: true,
        readCanary: (ctx: CallContext, s: CanarySet, since?: Date) =>
          this.#run(ctx, 'status', (call) => canary.read(call, s, since)),
        promoteCanary: (ctx: CallContext, s: CanarySet) => this.#run(ctx, 'deploy', (call) => canary.promote(call, s)),
        abortCanary: (ctx: CallContext, s: CanarySet) => this.#run(ctx, 'deploy', (call) => canary.abort(call, s)),
      } satisfies CanaryEngine);
    }
    this.#events = new DockerEventFeed(this.#engine.docker, {
      resync: async () =>
        (await this.managedWorkloads({ signal: AbortSignal.timeout(15_000) })).map((w) => w.instanceId),
      ...(options.onEventStreamError ? { onError: options.onEventStreamError } : {}),
    });
  }

  /**
   * Follows the engine's container events (die, oom, health_status, destroy,
   * start, stop) of the containers we manage, over one stream reopened with
   * `since` after the engine was away. See docker-events.ts.
   */
  subscribeChanges(listener: (change: InstanceChange) => void): () => void {
    return this.#events.subscribe(listener);
  }

  /**
   * Name `docker`, the configured region, and the Engine's version as last
   * seen (`unknown` until a call has reached the engine; see refreshInfo).
   */
  info(): ProviderInfo {
    return providerInfo('docker', this.#engineVersion, this.#region, this.#location);
  }

  capabilities(): readonly Capability[] {
    // `gpu` only where the Engine has an nvidia runtime (seen by refreshInfo); domains and TLS with the edge.
    const extra: Capability[] = [
      ...(this.#nvidia ? [Capabilities.gpu] : []),
      ...(this.#edge
        ? [Capabilities.customDomains, Capabilities.tls, Capabilities.canary, Capabilities.blueGreen]
        : []),
    ];
    return extra.length ? [...DOCKER_CAPABILITIES, ...extra] : DOCKER_CAPABILITIES;
  }

  /** The HAProxy edge, when this provider has one (tests stop its data plane with it). */
  dataPlane(): DockerEdge | undefined {
    return this.#edge;
  }

  /** Whether `docker info` listed an nvidia runtime when last asked. */
  #nvidia = false;

  /** Provision and Deploy return before health checks pass; the control plane waits with this policy. */
  readinessPolicy(): ReadinessPolicy {
    return { ...this.#readiness };
  }

  /** Asks the Engine for its version (info() is synchronous and reports the cached one). */
  async refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#run(ctx, 'info', async (call) => {
      this.#engineVersion = (await this.#engine.version(call)).Version;
      this.#nvidia = hasNvidiaRuntime(await engineInfo(this.#engine.docker, call.opts()).catch(() => undefined));
      return this.info();
    });
  }

  /** Pings the Engine. Never throws: an unreachable engine is `healthy: false` with the reason. */
  async healthCheck(ctx: CallContext): Promise<HealthStatus> {
    const call = new Call('health check', ctx.signal, Math.min(this.#apiTimeoutMs, 5000), this.#target);
    return runHealthProbe(
      async (elapsed) => {
        await this.#engine.ping(call);
        const latencyMs = elapsed();
        const version = await this.#engine.version(call);
        this.#engineVersion = version.Version;
        return {
          message: `Docker Engine ${version.Version} (API ${version.ApiVersion}) at ${this.#target.endpoint}`,
          latencyMs,
        };
      },
      (err) => toProviderError(err, call.context()).message,
    );
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    return this.#run(ctx, 'provision', async (call) => {
      validateProvision(req);
      const gpu = req.services.find((s) => s.resources.gpu);
      if (gpu && !this.#nvidia) {
        throw new SpecError(`service ${gpu.name} asks for a GPU, and this Engine lists no nvidia runtime`);
      }
      const secretValues = req.secretValues ?? {};
      call.secrets.push(...Object.values(secretValues));
      for (const svc of req.services) {
        for (const ref of svc.secrets) {
          if (secretValues[ref.key] === undefined) {
            throw new SpecError(`service ${svc.name}: no value was provided for secret ${ref.key} (${ref.envName})`);
          }
        }
      }
      // Every image is checked before anything is created, so a missing one leaves nothing behind.
      const [imageIds] = await Promise.all([
        this.#engine.ensureImages(
          call,
          req.services.map((s) => s.image),
        ),
        this.#engineVersion
          ? undefined
          : this.#engine.version(call).then((v) => {
              this.#engineVersion = v.Version;
            }),
      ]);
      // Later calls read these back from the network, so the provider's labels reach every object.
      const base = baseLabels({ ...req, labels: { ...req.labels, ...this.#labels } });
      const [network, existing] = await Promise.all([
        this.#engine.ensureNetwork(call, req.instanceId, base),
        this.#engine.list(call, req.instanceId),
      ]);
      const wanted = new Set(req.services.map((s) => s.name));
      await this.#engine.removeAll(
        call,
        existing.filter((c) => !wanted.has(c.service)),
      );
      // The services of one dependency level do not wait for each other: they are created and started together.
      for (const level of startLevels(req.services)) {
        await settleAll(
          level.map((svc) => this.#convergeProvisioned(call, req, svc, { network, base, imageIds, existing })),
        );
      }
      const snap = await this.#engine.snapshot(call, req.instanceId);
      const serviceRefs: Record<string, string> = {};
      for (const [service, replicas] of snap.current) {
        const first = replicas[0];
        if (first) serviceRefs[service] = first.info.Id;
      }
      return { providerRef: network, serviceRefs, endpoints: snapshotEndpoints(snap), metadata: { network } };
    });
  }

  /** One service of a provision, recreated to its spec (see Rollout.converge). */
  #convergeProvisioned(
    call: Call,
    req: ProvisionRequest,
    svc: ProvisionRequest['services'][number],
    at: { network: string; base: Record<string, string>; imageIds: Map<string, string>; existing: Listed[] },
  ): Promise<void> {
    const secretValues = req.secretValues ?? {};
    return this.#rollout.converge(call, {
      instanceId: req.instanceId,
      kind: req.kind,
      network: at.network,
      base: at.base,
      releaseId: req.releaseId,
      spec: labelledSpecOf(svc),
      imageId: at.imageIds.get(svc.image) ?? svc.image,
      replicas: replicasOf(svc),
      secretEnv: Object.fromEntries(svc.secrets.map((r) => [r.envName, secretValues[r.key] ?? ''])),
      configTar: configTarOf(svc.name, svc.configFiles),
      mode: 'recreate',
      existing: at.existing.filter((c) => c.service === svc.name),
    });
  }

  /** Removes containers and network; named volumes only with `deleteVolumes` (else kept, and named in the result). */
  async deprovision(ctx: CallContext, instanceId: string, opts: DeprovisionOptions = {}): Promise<DeprovisionResult> {
    return this.#run(ctx, 'deprovision', async (call) => {
      const keptVolumes = await this.#engine.teardown(call, instanceId, opts.deleteVolumes === true);
      this.#health.prune(instanceId, new Set());
      return { keptVolumes };
    });
  }

  /** Starts the long-running services in dependency order; init services are not run again. */
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      await this.#startAll(call, all, (c) => c.state === 'exited' || c.state === 'created');
      await this.#joinEdge(call, instanceId);
    });
  }

  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      await this.#leaveEdge(call, instanceId, all);
      await this.#engine.stopAll(call, all);
    });
  }

  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      // A routed service restarts by rolling replacement, so its address never goes without a ready replica.
      const routed = new Set<string>();
      if (this.#edge) {
        for (const service of new Set(all.filter((c) => c.role !== ServiceRoles.init).map((c) => c.service))) {
          if ((await this.#edge.backendsOf(instanceId, service)).length > 0) routed.add(service);
        }
      }
      const plain = all.filter((c) => !routed.has(c.service));
      await this.#engine.stopAll(call, plain);
      await this.#startAll(call, plain, () => true);
      for (const service of routed) {
        await this.#convergeRunning(
          call,
          instanceId,
          all.filter((c) => c.service === service),
          { replace: true },
        );
      }
    });
  }

  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#run(ctx, 'status', async (call) => {
      const snap = await this.#engine.snapshot(call, instanceId);
      this.#health.prune(instanceId, new Set([...snap.current.values()].flat().map((r) => r.info.Id)));
      if (snap.current.size === 0) throw this.#engine.notFound(call, instanceId);
      const services: Record<string, ServiceStatus> = {};
      const now = Date.now();
      const floors = readinessFloors(snap.current, this.#minReadyMs);
      // The earliest moment a replica's verdict changes without an engine event (see InstanceStatus.recheckAt).
      let recheckAt = Number.POSITIVE_INFINITY;
      for (const [service, replicas] of sortServices(snap.current)) {
        const observations = await Promise.all(
          replicas.map(async ({ info, listed }) => {
            const spec = listed.spec;
            const phase = phaseOf(info);
            const check = spec?.healthCheck;
            const address = check ? probeAddress(info, snap.network, check.port, this.#remoteHost) : undefined;
            const probeResult =
              phase === 'running' && check
                ? await this.#health.verdict(
                    {
                      instanceId,
                      containerId: info.Id,
                      startedAt: info.State.StartedAt,
                      check,
                      run: async () =>
                        address
                          ? probe(address, check, call.signal)
                          : { ok: false, message: 'health check port not reachable' },
                    },
                    now,
                  )
                : undefined;
            // The last line usually says why a container died; a clean exit needs no explanation.
            const wantsLog =
              phase === 'restarting' ||
              phase === 'dead' ||
              (phase === 'exited' && info.State.ExitCode !== 0 && !isScaledToZero(info, listed.role));
            const lastLogLine = wantsLog ? (await this.#engine.lastLines(call, info.Id, 1)).at(-1) : undefined;
            const obs = observeReplica(info, {
              role: listed.role,
              replica: listed.replica,
              probe: probeResult,
              hasHealthCheck: Boolean(check),
              minReadyMs: floors.get(service) ?? this.#minReadyMs,
              now,
              lastLogLine,
            });
            if (obs.floorEndsAt !== undefined) recheckAt = Math.min(recheckAt, obs.floorEndsAt);
            if (check && phase === 'running' && !obs.ready)
              recheckAt = Math.min(recheckAt, this.#health.nextProbeAt(info.Id, check) ?? now);
            // The workload's own output may echo its secrets; status messages must not.
            if (obs.message) obs.message = redact(obs.message, secretValuesOf(info, spec));
            return obs;
          }),
        );
        services[service] = {
          ...aggregateService(observations),
          replicas: new Set(replicas.map((r) => r.listed.replica)).size,
        };
      }
      const main = [...snap.current.values()].find((r) => r[0]?.listed.role === ServiceRoles.main)?.[0];
      const startedAt = main && phaseOf(main.info) === 'running' ? new Date(main.info.State.StartedAt) : undefined;
      const status = aggregateInstance(services, snapshotEndpoints(snap), {
        startedAt,
        metadata: { network: snap.network },
      });
      if (!status.ready && Number.isFinite(recheckAt)) status.recheckAt = new Date(recheckAt);
      return status;
    });
  }

  /** Replaces the listed services (rolling or recreate); every other service is left as it runs. */
  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return this.#run(ctx, 'deploy', async (call) => {
      const network = await deployServices(this.#engine, this.#rollout, call, req);
      const snap = await this.#engine.snapshot(call, req.instanceId);
      return { providerRef: network, status: 'deployed', endpoints: snapshotEndpoints(snap) };
    });
  }

  /** A rolling deploy of the snapshot's specs. */
  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#run(ctx, 'rollback', async (call) => {
      await deployServices(this.#engine, this.#rollout, call, { ...req, strategy: DeployStrategies.rolling });
    });
  }

  /**
   * Changes replicas (the highest indexes go first when scaling down) and
   * CPU/memory limits (in place on running containers; lifting a limit
   * replaces the containers, as the Engine cannot).
   */
  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#run(ctx, 'scale', async (call) => {
      const all = await this.#engine.listOrThrow(call, req.instanceId);
      const { service, mine } = serviceOf(call, req.instanceId, all, req.service);
      const r = req.resources;
      if (r.gpu) throw new SpecError('a GPU request is made at provision; scale does not change it');
      validateResources(service, r);
      const ref = reference(mine);
      const info = await this.#engine.docker.getContainer(ref.id).inspect(call.opts());
      const stored = this.#engine.labelledSpec(call, info);
      const limits = limitsOf(info);
      const spec: LabelledServiceSpec = {
        ...stored,
        cpuMillis: r.cpuMillis === undefined ? limits.cpuMillis : r.cpuMillis || undefined,
        memoryMb: r.memoryMb === undefined ? limits.memoryMb : r.memoryMb || undefined,
      };
      if (r.replicas === 0) {
        if (stored.role === ServiceRoles.init) throw new SpecError(`init service ${service} runs once`);
        await this.#scaleToZero(call, mine);
        return;
      }
      const replicas = r.replicas === undefined ? replicaCount(mine) : r.replicas;
      if (stored.role === ServiceRoles.init && replicas !== 1) throw new SpecError(`init service ${service} runs once`);
      validatePorts(service, spec.ports, replicas);
      const instance = await this.#engine.instanceContext(call, req.instanceId);
      const secretEnv = carriedSecrets(info, stored, undefined);
      call.secrets.push(...Object.values(secretEnv));
      await this.#rollout.converge(call, {
        instanceId: req.instanceId,
        kind: instance.kind,
        network: instance.network,
        base: instance.base,
        releaseId: ref.labels[Labels.release],
        spec,
        // The image the service already runs, so scaling never swaps it for a moved tag.
        imageId: info.Image,
        replicas,
        secretEnv,
        configTar: await this.#engine.readConfigTar(call, ref.id, stored.configFiles),
        mode: 'rolling',
        existing: mine,
      });
    });
  }

  /**
   * Scales a service to zero: every replica but the reference is removed and
   * the reference is stopped, not removed, because its labels are the only
   * place the service's spec lives (scaling up again starts it and creates
   * the rest). Status then reports the service stopped and not ready.
   */
  async #scaleToZero(call: Call, mine: Listed[]): Promise<void> {
    const keep = reference(mine);
    if (keep) await this.#leaveEdge(call, keep.labels[Labels.instance] ?? '', mine);
    await this.#engine.removeAll(
      call,
      mine.filter((c) => c !== keep),
    );
    // The policy goes first, so the engine does not bring the container back, and marks the stop as a scale to zero.
    await this.#engine.docker
      .getContainer(keep.id)
      .update(call.opts({ RestartPolicy: { Name: SCALED_TO_ZERO_POLICY, MaximumRetryCount: 0 } }));
    await this.#engine.stopAll(call, [keep]);
  }

  /** CPU of each running replica of one service, for the autoscaler (`docker stats`' formula). */
  async sampleCpu(ctx: CallContext, instanceId: string, service: string): Promise<CpuSample> {
    return this.#run(ctx, 'sample cpu', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      const running = all.filter((c) => c.service === service && c.state === 'running');
      const percents = await Promise.all(
        running.map(async (c) => {
          try {
            const stats = await this.#engine.docker.getContainer(c.id).stats(call.opts({ stream: false as const }));
            return usageOf(stats as never).cpuPercent;
          } catch (err) {
            if (isNotFound(err)) return undefined;
            throw err;
          }
        }),
      );
      return { replicaCpuPercents: percents.filter((x): x is number => x !== undefined), at: new Date() };
    });
  }

  /** One-shot engine stats of every running container, summed. */
  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#run(ctx, 'resources', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      const usage = await Promise.all(
        all
          .filter((c) => c.state === 'running')
          .map(async (c) => {
            try {
              const stats = await this.#engine.docker.getContainer(c.id).stats(call.opts({ stream: false as const }));
              return usageOf(stats as never);
            } catch (err) {
              if (isNotFound(err)) return undefined;
              throw err;
            }
          }),
      );
      return sumUsage(usage.filter((u): u is ResourceUsage => u !== undefined));
    });
  }

  /**
   * Log lines of every replica of one service. Without `follow` the lines are
   * merged by time and `tail` applies to the merge; with it, lines arrive as
   * the engine sends them until close() (which ends the engine requests).
   */
  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return this.#run(ctx, 'logs', async (call) => {
      const all = await this.#engine.listOrThrow(call, instanceId);
      const { service, mine } = serviceOf(call, instanceId, all, opts.serviceName);
      mine.sort((a, b) => a.replica - b.replica || a.name.localeCompare(b.name));
      return openLogs(this.#engine, call, ctx, mine, service, opts);
    });
  }

  /** Runs a command in the first running replica of a service. */
  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return this.#run(ctx, 'exec', async (call) => {
      if (req.command.length === 0) throw new SpecError('exec needs a command');
      const all = await this.#engine.listOrThrow(call, instanceId);
      const { service, mine } = serviceOf(call, instanceId, all, req.serviceName);
      const target = mine.filter((c) => c.state === 'running').sort((a, b) => a.replica - b.replica)[0];
      if (!target) throw call.fail(ProviderErrorKinds.conflict, `service ${service} is not running`);
      return runExec(this.#engine.docker.getContainer(target.id), req, {
        signal: ctx.signal,
        apiSignal: () => call.api(),
        localEngine: !this.#remoteHost,
      });
    });
  }

  /**
   * Ids of every instance with objects on this engine (not part of the
   * Provider contract): the supervisor's orphan sweep compares them with the
   * instances it knows and deprovisions the rest.
   */
  /** Implements WorkloadLister: what the engine holds, for the supervisor's orphan sweep. */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#run(ctx, 'list workloads', (call) => this.#engine.managedWorkloads(call));
  }

  async #run<T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>): Promise<T> {
    const call = new Call(op, ctx.signal, this.#apiTimeoutMs, this.#target);
    call.throwIfCanceled();
    try {
      return await fn(call);
    } catch (err) {
      if (err instanceof SpecError) throw call.fail(ProviderErrorKinds.invalidSpec, err.message, err);
      throw toProviderError(err, call.context());
    }
  }

  /** Drains the running containers among `all` out of the edge's backends (no-op without routes). */
  async #leaveEdge(_call: Call, instanceId: string, all: Listed[]): Promise<void> {
    if (!this.#edge) return;
    for (const service of new Set(all.map((c) => c.service))) {
      const running = all.filter((c) => c.service === service && c.state === 'running');
      await this.#edge.leave(
        instanceId,
        service,
        running.map((c) => c.id),
      );
    }
  }

  /** Joins every running replica of the instance to its service's backends (no-op without routes). */
  async #joinEdge(call: Call, instanceId: string): Promise<void> {
    if (!this.#edge) return;
    const hooks = new DockerEdgeHooks(this.#engine, this.#edge);
    const all = await this.#engine.list(call, instanceId);
    for (const service of new Set(all.filter((c) => c.role !== ServiceRoles.init).map((c) => c.service))) {
      const running = all.filter((c) => c.service === service).map((c) => c.id);
      await hooks.join(call, instanceId, service, networkName(instanceId), running);
    }
  }

  /** Converges one service on the spec and replica count its containers carry now (restart: replacing each). */
  async #convergeRunning(call: Call, instanceId: string, mine: Listed[], opts: { replace?: boolean }): Promise<void> {
    const ref = reference(mine);
    const info = await this.#engine.docker.getContainer(ref.id).inspect(call.opts());
    const stored = this.#engine.labelledSpec(call, info);
    const limits = limitsOf(info);
    const spec: LabelledServiceSpec = { ...stored, cpuMillis: limits.cpuMillis, memoryMb: limits.memoryMb };
    const instance = await this.#engine.instanceContext(call, instanceId);
    const secretEnv = carriedSecrets(info, stored, undefined);
    call.secrets.push(...Object.values(secretEnv));
    await this.#rollout.converge(call, {
      instanceId,
      kind: instance.kind,
      network: instance.network,
      base: instance.base,
      releaseId: ref.labels[Labels.release],
      spec,
      imageId: info.Image,
      replicas: replicaCount(mine),
      secretEnv,
      configTar: await this.#engine.readConfigTar(call, ref.id, stored.configFiles),
      mode: 'rolling',
      existing: mine,
      ...(opts.replace ? { replace: true } : {}),
    });
  }

  async #startAll(call: Call, all: Listed[], pick: (c: Listed) => boolean): Promise<void> {
    for (const service of serviceOrder(all)) {
      const targets = all.filter((c) => c.service === service && c.role !== ServiceRoles.init && pick(c));
      await Promise.all(
        targets.map(async (c) => {
          // A service scaled to zero stays at zero until scaled up, whatever starts the instance.
          const info = await this.#engine.docker.getContainer(c.id).inspect(call.opts());
          if (!isScaledToZero(info, c.role)) await this.#engine.start(call, c.id);
        }),
      );
    }
  }
}
