/**
 * The Docker provider: one instance is one user-defined bridge network plus
 * one container per service replica, all labelled (see docker-names.ts) so
 * every call can find them again without any state in this process.
 */
import type { IncomingMessage } from 'node:http';
import type Dockerode from 'dockerode';
import {
  type CallContext,
  Capabilities,
  type Capability,
  type ConfigFile,
  type DeployRequest,
  type DeployResult,
  DeployStrategies,
  type DeployStrategy,
  type Endpoint,
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
  type ServiceRole,
  ServiceRoles,
  type ServiceStatus,
  type WorkloadKind,
  WorkloadKinds,
} from '../provider.js';
import { type ProviderError, ProviderErrorKinds } from '../provider-errors.js';
import { createDockerClient, type DockerConnectionOptions, engineEndpoint } from './docker-client.js';
import {
  type ErrorContext,
  engineMessage,
  isConflict,
  isNotFound,
  isNotModified,
  isUnreachable,
  providerError,
  redact,
  toProviderError,
} from './docker-errors.js';
import { runExec } from './docker-exec.js';
import { probe } from './docker-health.js';
import { entriesFromBuffer, FollowLogStream, type FollowSource, StaticLogStream } from './docker-logs.js';
import { baseLabels, instanceFilter, Labels, networkName, volumeName } from './docker-names.js';
import {
  type ContainerPlan,
  configFilePath,
  createOptions,
  mergeDeploy,
  parseStoredSpec,
  replicasOf,
  SpecError,
  type StoredConfigFile,
  type StoredServiceSpec,
  specHash,
  startOrder,
  storedSpecOf,
  validatePorts,
  validateProvision,
  validateResources,
} from './docker-spec.js';
import { sumUsage, usageOf } from './docker-stats.js';
import { aggregateInstance, aggregateService, endpointsOf, observeReplica, phaseOf } from './docker-status.js';
import { createTar, readTar } from './docker-tar.js';

/** Configuration of a DockerProvider. Nothing is read from the environment. */
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
   * that do not handle it as PID 1 and stops are quick. Default true.
   */
  useInit?: boolean;
  /** The policy readinessPolicy() returns. Default 2 min, polled every second. */
  readiness?: ReadinessPolicy;
  /** A ready-made client (tests); the connection options are then only used in messages. */
  docker?: Dockerode;
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
];

/** One container of an instance, as listed (labels parsed). */
interface Listed {
  id: string;
  name: string;
  service: string;
  role: ServiceRole;
  replica: number;
  hash: string;
  /** Engine state: created, running, restarting, paused, exited, dead, removing. */
  state: string;
  labels: Record<string, string>;
  spec: StoredServiceSpec | undefined;
}

/** What converging one service needs. */
interface ServicePlan {
  instanceId: string;
  kind: WorkloadKind;
  network: string;
  base: Record<string, string>;
  releaseId?: string;
  spec: StoredServiceSpec;
  imageId: string;
  replicas: number;
  secretEnv: Record<string, string>;
  configTar: Buffer | undefined;
  /** recreate: remove what differs, then create; rolling: create next to the old, wait ready, then remove. */
  mode: 'recreate' | 'rolling';
  existing: Listed[];
}

/** Per-call state: the operation name, the caller's signal and values to keep out of messages. */
class Call {
  readonly secrets: string[] = [];

  constructor(
    readonly op: string,
    readonly signal: AbortSignal | undefined,
    private readonly apiTimeoutMs: number,
  ) {}

  /** A fresh signal bounding one Engine call (docker-modem consumes the one it is given). */
  api(timeoutMs = this.apiTimeoutMs): AbortSignal {
    const timeout = AbortSignal.timeout(timeoutMs);
    return this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
  }

  /** `extra` plus a fresh abortSignal, as dockerode options. */
  opts(): { abortSignal: AbortSignal };
  opts<T extends object>(extra: T): T & { abortSignal: AbortSignal };
  opts<T extends object>(extra?: T): T & { abortSignal: AbortSignal } {
    return { ...(extra ?? ({} as T)), abortSignal: this.api() };
  }
}

/**
 * A Provider backed by a Docker Engine (API 1.41+). Every mutating call is
 * idempotent: objects have deterministic names and labels, and a repeated
 * call converges on what exists.
 */
export class DockerProvider implements Provider, HealthChecker, ReadinessWaiter {
  readonly #docker: Dockerode;
  readonly #endpoint: string;
  readonly #key: string;
  readonly #region: string;
  readonly #location: Location | undefined;
  readonly #localEngine: boolean;
  readonly #apiTimeoutMs: number;
  readonly #pullTimeoutMs: number;
  readonly #stopTimeoutSeconds: number;
  readonly #minReadyMs: number;
  readonly #initTimeoutMs: number;
  readonly #rolloutTimeoutMs: number;
  readonly #pollIntervalMs: number;
  readonly #useInit: boolean;
  readonly #readiness: ReadinessPolicy;
  #engineVersion: string | undefined;

  constructor(options: DockerProviderOptions = {}) {
    this.#docker = options.docker ?? createDockerClient(options);
    this.#endpoint = engineEndpoint(options);
    this.#localEngine = !options.host;
    this.#key = options.key ?? 'docker';
    this.#region = options.region ?? 'local';
    this.#location = options.location;
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#pullTimeoutMs = options.pullTimeoutMs ?? 120_000;
    this.#stopTimeoutSeconds = options.stopTimeoutSeconds ?? 10;
    this.#minReadyMs = options.minReadyMs ?? 1000;
    this.#initTimeoutMs = options.initTimeoutMs ?? 5 * 60_000;
    this.#rolloutTimeoutMs = options.rolloutTimeoutMs ?? 2 * 60_000;
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    this.#useInit = options.useInit ?? true;
    this.#readiness = options.readiness ?? { timeoutMs: 2 * 60_000, intervalMs: 1000 };
  }

  /**
   * Name `docker`, the configured region, and the Engine's version as last
   * seen (`unknown` until a call has reached the engine; see refreshInfo).
   */
  info(): ProviderInfo {
    const info: ProviderInfo = { name: 'docker', version: this.#engineVersion ?? 'unknown', region: this.#region };
    if (this.#location) info.location = { ...this.#location };
    return info;
  }

  capabilities(): readonly Capability[] {
    return DOCKER_CAPABILITIES;
  }

  /** Provision and Deploy return before health checks pass; the control plane waits with this policy. */
  readinessPolicy(): ReadinessPolicy {
    return { ...this.#readiness };
  }

  /** Asks the Engine for its version (info() is synchronous and reports the cached one). */
  async refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#run(ctx, 'info', async (call) => {
      await this.#ensureVersion(call, true);
      return this.info();
    });
  }

  /** Pings the Engine. Never throws: an unreachable engine is `healthy: false` with the reason. */
  async healthCheck(ctx: CallContext): Promise<HealthStatus> {
    const call = new Call('health check', ctx.signal, Math.min(this.#apiTimeoutMs, 5000));
    const started = performance.now();
    try {
      await untyped<unknown>(this.#docker, 'ping', call.opts());
      const latencyMs = performance.now() - started;
      const version = await untyped<Dockerode.DockerVersion>(this.#docker, 'version', call.opts());
      this.#engineVersion = version.Version;
      return {
        healthy: true,
        message: `Docker Engine ${version.Version} (API ${version.ApiVersion}) at ${this.#endpoint}`,
        latencyMs,
        checkedAt: new Date(),
      };
    } catch (err) {
      return {
        healthy: false,
        message: toProviderError(err, this.#errorContext(call)).message,
        latencyMs: performance.now() - started,
        checkedAt: new Date(),
      };
    }
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    return this.#run(ctx, 'provision', async (call) => {
      validateProvision(req);
      const secretValues = req.secretValues ?? {};
      call.secrets.push(...Object.values(secretValues));
      for (const svc of req.services) {
        for (const ref of svc.secrets) {
          if (secretValues[ref.key] === undefined) {
            throw new SpecError(`service ${svc.name}: no value was provided for secret ${ref.key} (${ref.envName})`);
          }
        }
      }
      await this.#ensureVersion(call);
      // Every image is checked before anything is created, so a missing one leaves nothing behind.
      const imageIds = await this.#ensureImages(
        call,
        req.services.map((s) => s.image),
      );
      const base = baseLabels(req);
      const network = await this.#ensureNetwork(call, req.instanceId, base);
      await this.#ensureVolumes(call, req, base);
      const existing = await this.#list(call, req.instanceId);
      const wanted = new Set(req.services.map((s) => s.name));
      await this.#removeAll(
        call,
        existing.filter((c) => !wanted.has(c.service)),
      );
      for (const svc of startOrder(req.services)) {
        await this.#convergeService(call, {
          instanceId: req.instanceId,
          kind: req.kind,
          network,
          base,
          releaseId: req.releaseId,
          spec: storedSpecOf(svc),
          imageId: imageIds.get(svc.image) ?? svc.image,
          replicas: replicasOf(svc),
          secretEnv: Object.fromEntries(svc.secrets.map((r) => [r.envName, secretValues[r.key] ?? ''])),
          configTar: configTarOf(svc.name, svc.configFiles),
          mode: 'recreate',
          existing: existing.filter((c) => c.service === svc.name),
        });
      }
      const snap = await this.#snapshot(call, req.instanceId);
      const serviceRefs: Record<string, string> = {};
      for (const [service, replicas] of snap.current) {
        const first = replicas[0];
        if (first) serviceRefs[service] = first.info.Id;
      }
      return {
        providerRef: network,
        serviceRefs,
        endpoints: this.#endpointsOf(snap),
        metadata: { network },
      };
    });
  }

  async deprovision(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'deprovision', async (call) => {
      const filters = instanceFilter(instanceId);
      const containers = await this.#docker.listContainers(call.opts({ all: true, filters }));
      await Promise.all(containers.map((c) => this.#removeContainer(call, c.Id)));
      const volumes = await this.#docker.listVolumes(call.opts({ filters }));
      for (const v of volumes.Volumes ?? []) {
        // A volume is released a moment after its container goes; retry the "in use" answer briefly.
        await this.#retryConflict(call, () => this.#docker.getVolume(v.Name).remove(call.opts()));
      }
      const networks = await this.#docker.listNetworks(call.opts({ filters }));
      for (const n of networks) {
        await this.#retryConflict(call, () => this.#docker.getNetwork(n.Id).remove(call.opts()));
      }
    });
  }

  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', async (call) => {
      const all = await this.#listOrThrow(call, instanceId);
      for (const service of serviceOrder(all)) {
        const targets = all.filter(
          (c) =>
            c.service === service && c.role !== ServiceRoles.init && (c.state === 'exited' || c.state === 'created'),
        );
        await Promise.all(targets.map((c) => this.#startContainer(call, c.id)));
      }
    });
  }

  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', async (call) => {
      const all = await this.#listOrThrow(call, instanceId);
      await this.#stopAll(call, all);
    });
  }

  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', async (call) => {
      const all = await this.#listOrThrow(call, instanceId);
      await this.#stopAll(call, all);
      for (const service of serviceOrder(all)) {
        const targets = all.filter((c) => c.service === service && c.role !== ServiceRoles.init);
        await Promise.all(targets.map((c) => this.#startContainer(call, c.id)));
      }
    });
  }

  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#run(ctx, 'status', async (call) => {
      const snap = await this.#snapshot(call, instanceId);
      if (snap.current.size === 0) throw this.#notFound(call, instanceId);
      const services: Record<string, ServiceStatus> = {};
      const now = Date.now();
      for (const [service, replicas] of sortServices(snap.current)) {
        const observations = await Promise.all(
          replicas.map(async ({ info, listed }) => {
            const spec = listed.spec;
            const phase = phaseOf(info);
            const secretValues = secretValuesOf(info, spec);
            const ip = info.NetworkSettings?.Networks?.[snap.network]?.IPAddress;
            const probeResult =
              phase === 'running' && spec?.healthCheck && ip
                ? await probe(ip, spec.healthCheck, call.signal)
                : undefined;
            const failedInit = listed.role === ServiceRoles.init && info.State.ExitCode !== 0;
            const wantsLog =
              phase === 'restarting' ||
              phase === 'dead' ||
              (phase === 'exited' && (listed.role !== ServiceRoles.init || failedInit) && info.State.ExitCode !== 0);
            const lastLogLine = wantsLog ? (await this.#lastLines(call, info.Id, 1)).at(-1) : undefined;
            const obs = observeReplica(info, {
              role: listed.role,
              replica: listed.replica,
              probe: probeResult,
              hasHealthCheck: Boolean(spec?.healthCheck),
              minReadyMs: this.#minReadyMs,
              now,
              lastLogLine,
            });
            if (obs.message) obs.message = redact(obs.message, secretValues);
            return obs;
          }),
        );
        services[service] = aggregateService(observations);
      }
      const main = [...snap.current.values()].find((r) => r[0]?.listed.role === ServiceRoles.main)?.[0];
      const startedAt = main && phaseOf(main.info) === 'running' ? new Date(main.info.State.StartedAt) : undefined;
      return aggregateInstance(services, this.#endpointsOf(snap), {
        startedAt,
        metadata: { network: snap.network },
      });
    });
  }

  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return this.#run(ctx, 'deploy', async (call) => {
      const network = await this.#deploy(
        call,
        req.instanceId,
        req.releaseId,
        req.services,
        req.strategy,
        req.secretValues,
      );
      const snap = await this.#snapshot(call, req.instanceId);
      return { providerRef: network, status: 'deployed', endpoints: this.#endpointsOf(snap) };
    });
  }

  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#run(ctx, 'rollback', async (call) => {
      await this.#deploy(call, req.instanceId, req.releaseId, req.services, DeployStrategies.rolling, req.secretValues);
    });
  }

  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#run(ctx, 'scale', async (call) => {
      const all = await this.#listOrThrow(call, req.instanceId);
      const service = req.service || all.find((c) => c.role === ServiceRoles.main)?.service;
      const mine = all.filter((c) => c.service === service);
      if (!service || mine.length === 0) {
        throw providerError(
          ProviderErrorKinds.notFound,
          `instance ${req.instanceId} has no service ${service}`,
          this.#errorContext(call),
        );
      }
      const r = req.resources;
      if (r.gpu) throw new SpecError('the Docker provider has no GPUs');
      validateResources(service, r);
      const ref = reference(mine);
      const info = await this.#docker.getContainer(ref.id).inspect(call.opts());
      const stored = this.#storedSpec(call, info);
      const limits = limitsOf(info);
      const spec: StoredServiceSpec = {
        ...stored,
        cpuMillis: r.cpuMillis === undefined ? limits.cpuMillis : r.cpuMillis || undefined,
        memoryMb: r.memoryMb === undefined ? limits.memoryMb : r.memoryMb || undefined,
      };
      const current = replicaCount(mine);
      const replicas = r.replicas === undefined || r.replicas === 0 ? current : r.replicas;
      if (stored.role === ServiceRoles.init && replicas !== 1) throw new SpecError(`init service ${service} runs once`);
      validatePorts(service, spec.ports, replicas);
      const ctxInfo = await this.#instanceContext(call, req.instanceId);
      const secretEnv = carriedSecrets(info, stored, undefined);
      call.secrets.push(...Object.values(secretEnv));
      await this.#convergeService(call, {
        instanceId: req.instanceId,
        kind: ctxInfo.kind,
        network: ctxInfo.network,
        base: ctxInfo.base,
        releaseId: ref.labels[Labels.release],
        spec,
        // The image the service already runs, so scaling never swaps it for a moved tag.
        imageId: info.Image,
        replicas,
        secretEnv,
        configTar: await this.#readConfigTar(call, ref.id, stored.configFiles),
        mode: 'rolling',
        existing: mine,
      });
    });
  }

  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#run(ctx, 'resources', async (call) => {
      const all = await this.#listOrThrow(call, instanceId);
      const running = all.filter((c) => c.state === 'running');
      const usage = await Promise.all(
        running.map(async (c) => {
          try {
            const stats = await this.#docker.getContainer(c.id).stats(call.opts({ stream: false as const }));
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

  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return this.#run(ctx, 'logs', async (call) => {
      const all = await this.#listOrThrow(call, instanceId);
      const service = opts.serviceName || all.find((c) => c.role === ServiceRoles.main)?.service;
      const mine = all
        .filter((c) => c.service === service)
        .sort((a, b) => a.replica - b.replica || a.name.localeCompare(b.name));
      if (!service || mine.length === 0) {
        throw providerError(
          ProviderErrorKinds.notFound,
          `instance ${instanceId} has no service ${service}`,
          this.#errorContext(call),
        );
      }
      const since = opts.since ? engineTime(opts.since) : undefined;
      const sinceMs = opts.since?.getTime();
      const keep = sinceMs === undefined ? undefined : (e: LogEntry) => e.timestamp.getTime() >= sinceMs;
      const query = {
        stdout: true,
        stderr: true,
        timestamps: true,
        tail: opts.tail === undefined ? 'all' : String(Math.max(0, opts.tail)),
        ...(since ? { since } : {}),
      };
      if (!opts.follow) {
        const buffers = await Promise.all(
          mine.map((c) =>
            this.#docker.getContainer(c.id).logs(call.opts({ ...query, follow: false as const }) as never),
          ),
        );
        let entries = buffers.flatMap((buf, i) =>
          entriesFromBuffer(toBuffer(buf), { service, replica: mine[i]?.replica }),
        );
        if (keep) entries = entries.filter(keep);
        entries.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
        if (opts.tail !== undefined) entries = entries.slice(Math.max(0, entries.length - opts.tail));
        return new StaticLogStream(entries);
      }
      const settled = await Promise.allSettled(
        mine.map((c) =>
          this.#docker
            .getContainer(c.id)
            .logs({ ...query, follow: true, ...(ctx.signal ? { abortSignal: ctx.signal } : {}) } as never),
        ),
      );
      const failed = settled.find((s) => s.status === 'rejected');
      const opened = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value as unknown as IncomingMessage] : []));
      if (failed) {
        for (const res of opened) res.destroy();
        throw (failed as PromiseRejectedResult).reason;
      }
      const sources: FollowSource[] = opened.map((response, i) => ({
        response,
        service,
        replica: mine[i]?.replica,
      }));
      const stream = new FollowLogStream(sources, keep);
      ctx.signal?.addEventListener('abort', () => void stream.close(), { once: true });
      return stream;
    });
  }

  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return this.#run(ctx, 'exec', async (call) => {
      if (req.command.length === 0) throw new SpecError('exec needs a command');
      const all = await this.#listOrThrow(call, instanceId);
      const service = req.serviceName || all.find((c) => c.role === ServiceRoles.main)?.service;
      const mine = all.filter((c) => c.service === service);
      if (!service || mine.length === 0) {
        throw providerError(
          ProviderErrorKinds.notFound,
          `instance ${instanceId} has no service ${service}`,
          this.#errorContext(call),
        );
      }
      const target = mine
        .filter((c) => c.state === 'running')
        .sort((a, b) => a.replica - b.replica)
        .at(0);
      if (!target) {
        throw providerError(ProviderErrorKinds.conflict, `service ${service} is not running`, this.#errorContext(call));
      }
      return runExec(this.#docker.getContainer(target.id), req, {
        signal: ctx.signal,
        apiSignal: () => call.api(),
        localEngine: this.#localEngine,
      });
    });
  }

  // ---- operations shared by several calls ----

  async #run<T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>): Promise<T> {
    const call = new Call(op, ctx.signal, this.#apiTimeoutMs);
    if (ctx.signal?.aborted) {
      throw providerError(ProviderErrorKinds.canceled, 'canceled by the caller', this.#errorContext(call));
    }
    try {
      return await fn(call);
    } catch (err) {
      if (err instanceof SpecError) {
        throw providerError(ProviderErrorKinds.invalidSpec, err.message, this.#errorContext(call), err);
      }
      throw toProviderError(err, this.#errorContext(call));
    }
  }

  #errorContext(call: Call): ErrorContext {
    return { provider: this.#key, endpoint: this.#endpoint, op: call.op, signal: call.signal, secrets: call.secrets };
  }

  #notFound(call: Call, instanceId: string): ProviderError {
    return providerError(
      ProviderErrorKinds.notFound,
      `instance ${instanceId} has no containers`,
      this.#errorContext(call),
    );
  }

  async #ensureVersion(call: Call, force = false): Promise<void> {
    if (this.#engineVersion && !force) return;
    const version = await untyped<Dockerode.DockerVersion>(this.#docker, 'version', call.opts());
    this.#engineVersion = version.Version;
  }

  /** Lists the instance's containers with their labels parsed. */
  async #list(call: Call, instanceId: string): Promise<Listed[]> {
    const containers = await this.#docker.listContainers(call.opts({ all: true, filters: instanceFilter(instanceId) }));
    const out: Listed[] = [];
    for (const c of containers) {
      const labels = c.Labels ?? {};
      const replica = Number(labels[Labels.replica]);
      const service = labels[Labels.service];
      if (!service || !Number.isInteger(replica)) continue;
      out.push({
        id: c.Id,
        name: (c.Names?.[0] ?? '').replace(/^\//, ''),
        service,
        role: (labels[Labels.role] as ServiceRole) ?? ServiceRoles.main,
        replica,
        hash: labels[Labels.specHash] ?? '',
        state: c.State,
        labels,
        spec: parseStoredSpec(labels),
      });
    }
    return out;
  }

  async #listOrThrow(call: Call, instanceId: string): Promise<Listed[]> {
    const all = await this.#list(call, instanceId);
    if (all.length === 0) throw this.#notFound(call, instanceId);
    return all;
  }

  /**
   * Every container inspected, and for each service the current container of
   * each replica (the newest, when a rollout left two).
   */
  async #snapshot(
    call: Call,
    instanceId: string,
  ): Promise<{
    network: string;
    current: Map<string, Array<{ listed: Listed; info: Dockerode.ContainerInspectInfo }>>;
  }> {
    const listed = await this.#list(call, instanceId);
    const inspected = await Promise.all(
      listed.map(async (l) => {
        try {
          return { listed: l, info: await this.#docker.getContainer(l.id).inspect(call.opts()) };
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
      }),
    );
    const byReplica = new Map<string, { listed: Listed; info: Dockerode.ContainerInspectInfo }>();
    for (const item of inspected) {
      if (!item) continue;
      const key = `${item.listed.service}\u0000${item.listed.replica}`;
      const prior = byReplica.get(key);
      if (!prior || Date.parse(item.info.Created) > Date.parse(prior.info.Created)) byReplica.set(key, item);
    }
    const current = new Map<string, Array<{ listed: Listed; info: Dockerode.ContainerInspectInfo }>>();
    for (const item of [...byReplica.values()].sort((a, b) => a.listed.replica - b.listed.replica)) {
      const list = current.get(item.listed.service) ?? [];
      list.push(item);
      current.set(item.listed.service, list);
    }
    return { network: networkName(instanceId), current };
  }

  #endpointsOf(snap: {
    current: Map<string, Array<{ listed: Listed; info: Dockerode.ContainerInspectInfo }>>;
  }): Endpoint[] {
    const out: Endpoint[] = [];
    for (const [, replicas] of sortServices(snap.current)) {
      for (const { listed, info } of replicas) {
        if (listed.spec && phaseOf(info) === 'running') out.push(...endpointsOf(info, listed.spec));
      }
    }
    return out;
  }

  /** The instance's network, kind and shared labels, read back from its network. */
  async #instanceContext(
    call: Call,
    instanceId: string,
  ): Promise<{ network: string; kind: WorkloadKind; base: Record<string, string> }> {
    const network = networkName(instanceId);
    let labels: Record<string, string>;
    try {
      const info = await untyped<Dockerode.NetworkInspectInfo>(
        this.#docker.getNetwork(network),
        'inspect',
        call.opts(),
      );
      labels = info.Labels ?? {};
    } catch (err) {
      if (isNotFound(err)) {
        throw providerError(
          ProviderErrorKinds.notFound,
          `instance ${instanceId} has no network`,
          this.#errorContext(call),
        );
      }
      throw err;
    }
    const kind =
      labels[Labels.kind] === WorkloadKinds.statefulSet ? WorkloadKinds.statefulSet : WorkloadKinds.deployment;
    return { network, kind, base: labels };
  }

  async #ensureImages(call: Call, images: string[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const image of new Set(images)) ids.set(image, await this.#ensureImage(call, image));
    return ids;
  }

  /** The image's id; a missing image is pulled once, and `image_not_found` when that fails. */
  async #ensureImage(call: Call, image: string): Promise<string> {
    try {
      return (await untyped<Dockerode.ImageInspectInfo>(this.#docker.getImage(image), 'inspect', call.opts())).Id;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      const stream = await this.#docker.pull(image, { abortSignal: call.api(this.#pullTimeoutMs) });
      await new Promise<void>((resolve, reject) => {
        this.#docker.modem.followProgress(stream, (err: Error | null, output: Array<{ error?: string }>) => {
          const failed = output?.find((o) => o.error);
          if (err) reject(err);
          else if (failed) reject(new Error(failed.error));
          else resolve();
        });
      });
      return (await untyped<Dockerode.ImageInspectInfo>(this.#docker.getImage(image), 'inspect', call.opts())).Id;
    } catch (err) {
      if (isUnreachable(err) || call.signal?.aborted) throw err;
      throw providerError(
        ProviderErrorKinds.imageNotFound,
        `image ${image} is not present and could not be pulled: ${engineMessage(err)}`,
        this.#errorContext(call),
        err,
      );
    }
  }

  async #ensureNetwork(call: Call, instanceId: string, labels: Record<string, string>): Promise<string> {
    const name = networkName(instanceId);
    const existing = await this.#docker.listNetworks(call.opts({ filters: instanceFilter(instanceId) }));
    if (existing.some((n) => n.Name === name)) return name;
    try {
      await this.#docker.createNetwork(
        call.opts({ Name: name, Driver: 'bridge', CheckDuplicate: true, Labels: labels }),
      );
    } catch (err) {
      if (!isConflict(err) && !/already exists/i.test(engineMessage(err))) throw err;
      const info = await untyped<Dockerode.NetworkInspectInfo>(this.#docker.getNetwork(name), 'inspect', call.opts());
      if (info.Labels?.[Labels.instance] !== instanceId) {
        throw providerError(
          ProviderErrorKinds.conflict,
          `network ${name} exists and does not belong to instance ${instanceId}`,
          this.#errorContext(call),
        );
      }
    }
    return name;
  }

  async #ensureVolumes(call: Call, req: ProvisionRequest, labels: Record<string, string>): Promise<void> {
    const names = new Map<string, string>();
    for (const svc of req.services) {
      const perReplica = req.kind === WorkloadKinds.statefulSet && svc.role !== ServiceRoles.init;
      for (const v of svc.volumes) {
        if (perReplica) {
          for (let r = 0; r < replicasOf(svc); r++) names.set(volumeName(req.instanceId, v.name, r), v.name);
        } else {
          names.set(volumeName(req.instanceId, v.name), v.name);
        }
      }
    }
    for (const [name, volume] of names) await this.#ensureVolume(call, name, { ...labels, [Labels.volume]: volume });
  }

  async #ensureVolume(call: Call, name: string, labels: Record<string, string>): Promise<void> {
    // Volume create is idempotent on the Engine: it answers with the existing volume.
    await this.#docker.createVolume(call.opts({ Name: name, Labels: labels }));
    const created = await this.#docker.getVolume(name).inspect(call.opts());
    if (created.Labels?.[Labels.instance] !== labels[Labels.instance]) {
      throw providerError(
        ProviderErrorKinds.conflict,
        `volume ${name} exists and does not belong to this instance`,
        this.#errorContext(call),
      );
    }
  }

  /**
   * Brings one service to `p.replicas` replicas of `p.spec`: replicas above the
   * count go first (highest index first); each remaining replica keeps a
   * container whose spec hash matches, else gets a new one (see ServicePlan.mode).
   */
  async #convergeService(call: Call, p: ServicePlan): Promise<void> {
    const hash = specHash(p.spec, p.imageId, p.kind);
    const extra = p.existing.filter((c) => c.replica >= p.replicas).sort((a, b) => b.replica - a.replica);
    for (const c of extra) await this.#removeContainer(call, c.id);
    const inRange = p.existing.filter((c) => c.replica < p.replicas);
    const isInit = p.spec.role === ServiceRoles.init;
    if (p.mode === 'recreate') {
      await this.#removeAll(
        call,
        inRange.filter((c) => c.hash !== hash || c.state === 'created'),
      );
    }
    for (let replica = 0; replica < p.replicas; replica++) {
      if (call.signal?.aborted)
        throw providerError(ProviderErrorKinds.canceled, 'canceled by the caller', this.#errorContext(call));
      const mine = inRange.filter((c) => c.replica === replica);
      await this.#convergeReplica(call, p, replica, hash, mine, isInit);
    }
  }

  async #convergeReplica(
    call: Call,
    p: ServicePlan,
    replica: number,
    hash: string,
    mine: Listed[],
    isInit: boolean,
  ): Promise<void> {
    const plan: ContainerPlan = {
      instanceId: p.instanceId,
      kind: p.kind,
      network: p.network,
      spec: p.spec,
      replica,
      imageId: p.imageId,
      releaseId: p.releaseId,
      baseLabels: p.base,
      secretEnv: p.secretEnv,
      init: this.#useInit,
    };
    // A container that never started may lack its config files (a crash between create and copy): replace it.
    let keep = mine.find((c) => c.hash === hash && c.state !== 'created');
    if (keep && isInit && keep.state === 'exited') {
      const info = await this.#docker.getContainer(keep.id).inspect(call.opts());
      if (info.State.ExitCode !== 0) keep = undefined;
    }
    let stale = mine.filter((c) => c !== keep);
    if (keep) {
      await this.#removeAll(call, stale);
      if (isInit) {
        if (keep.state !== 'exited') await this.#startContainer(call, keep.id);
        await this.#waitInit(call, keep.id, p.spec.name);
      } else {
        if (keep.state === 'exited' || keep.state === 'created') await this.#startContainer(call, keep.id);
        await this.#applyLimits(call, keep.id, p.spec);
      }
      return;
    }
    const fixedPorts = p.spec.ports.some((x) => x.host) || stale.some((c) => c.spec?.ports.some((x) => x.host));
    if (p.mode === 'recreate' || isInit || fixedPorts) {
      // Nothing may run next to the replacement: it would hold the same host port, or an init must not run twice.
      await this.#removeAll(call, stale);
      stale = [];
    }
    const id = await this.#createAndStart(call, plan, p.configTar);
    if (isInit) {
      await this.#waitInit(call, id, p.spec.name);
    } else if (stale.length > 0) {
      try {
        await this.#waitReplicaReady(call, id, p.spec, replica, p.network);
      } catch (err) {
        await this.#removeContainer(call, id).catch(() => undefined);
        throw err;
      }
    }
    await this.#removeAll(call, stale);
  }

  async #createAndStart(call: Call, plan: ContainerPlan, configTar: Buffer | undefined): Promise<string> {
    const { name, ...body } = createOptions(plan);
    const create = () =>
      // Body and query are passed apart: docker-modem would otherwise copy the whole body,
      // secret env included, into the request URL.
      this.#docker.createContainer(call.opts({ _query: { name }, _body: body }) as Dockerode.ContainerCreateOptions);
    let container: Dockerode.Container;
    try {
      container = await create();
    } catch (err) {
      if (!isConflict(err) || !name) throw err;
      const existing = this.#docker.getContainer(name);
      const info = await existing.inspect(call.opts());
      if (info.Config.Labels?.[Labels.instance] !== plan.instanceId) {
        throw providerError(
          ProviderErrorKinds.conflict,
          `container ${name} exists and does not belong to instance ${plan.instanceId}`,
          this.#errorContext(call),
        );
      }
      await this.#removeContainer(call, info.Id);
      container = await create();
    }
    try {
      if (configTar) await container.putArchive(configTar, call.opts({ path: '/' }));
      await container.start(call.opts());
    } catch (err) {
      await this.#removeContainer(call, container.id).catch(() => undefined);
      throw err;
    }
    return container.id;
  }

  /** Waits for an init container to exit; a non-zero exit is `workload_failed` with its last lines. */
  async #waitInit(call: Call, id: string, service: string): Promise<void> {
    const container = this.#docker.getContainer(id);
    const limit = AbortSignal.timeout(this.#initTimeoutMs);
    let result: { StatusCode?: number };
    try {
      result = await container.wait({
        condition: 'not-running',
        abortSignal: call.signal ? AbortSignal.any([call.signal, limit]) : limit,
      } as Dockerode.ContainerWaitOptions);
    } catch (err) {
      if (limit.aborted && !call.signal?.aborted) {
        throw providerError(
          ProviderErrorKinds.timeout,
          `init service ${service} did not finish within ${Math.round(this.#initTimeoutMs / 1000)}s`,
          this.#errorContext(call),
          err,
        );
      }
      throw err;
    }
    const code = result.StatusCode ?? -1;
    if (code !== 0) {
      const lines = await this.#lastLines(call, id, 10);
      throw providerError(
        ProviderErrorKinds.workloadFailed,
        `init service ${service} exited with code ${code}${lines.length ? `; last log lines:\n${lines.join('\n')}` : ''}`,
        this.#errorContext(call),
      );
    }
  }

  /** Waits for a new replica to pass its health check (or stay up minReadyMs); fails fast if it exits. */
  async #waitReplicaReady(
    call: Call,
    id: string,
    spec: StoredServiceSpec,
    replica: number,
    network: string,
  ): Promise<void> {
    const container = this.#docker.getContainer(id);
    const deadline = Date.now() + this.#rolloutTimeoutMs;
    let last = 'not started';
    for (;;) {
      const info = await container.inspect(call.opts());
      const phase = phaseOf(info);
      if (phase === 'running') {
        const ip = info.NetworkSettings?.Networks?.[network]?.IPAddress;
        if (spec.healthCheck && ip) {
          const result = await probe(ip, spec.healthCheck, call.signal);
          if (result.ok) return;
          last = result.message;
        } else if (!spec.healthCheck && Date.now() - Date.parse(info.State.StartedAt) >= this.#minReadyMs) {
          return;
        } else {
          last = 'starting';
        }
      } else if (phase !== 'created') {
        const lines = await this.#lastLines(call, id, 10);
        throw providerError(
          ProviderErrorKinds.workloadFailed,
          `new ${spec.name} replica ${replica} ${phase} (exit code ${info.State.ExitCode})${
            lines.length ? `; last log lines:\n${lines.join('\n')}` : ''
          }`,
          this.#errorContext(call),
        );
      }
      if (Date.now() >= deadline) {
        throw providerError(
          ProviderErrorKinds.timeout,
          `new ${spec.name} replica ${replica} not ready within ${Math.round(this.#rolloutTimeoutMs / 1000)}s: ${last}`,
          this.#errorContext(call),
        );
      }
      if (!(await sleep(this.#pollIntervalMs, call.signal))) {
        throw providerError(ProviderErrorKinds.canceled, 'canceled by the caller', this.#errorContext(call));
      }
    }
  }

  /** Moves CPU and memory limits of a kept container to the spec's, in place. */
  async #applyLimits(call: Call, id: string, spec: StoredServiceSpec): Promise<void> {
    const container = this.#docker.getContainer(id);
    const info = await container.inspect(call.opts());
    const current = limitsOf(info);
    const update: Record<string, number> = {};
    // Zero cannot be set in place ("unchanged" to the Engine); the spec hash makes such a change a replacement.
    if (spec.cpuMillis && spec.cpuMillis !== current.cpuMillis) update.NanoCpus = spec.cpuMillis * 1_000_000;
    if (spec.memoryMb && spec.memoryMb !== current.memoryMb) {
      update.Memory = spec.memoryMb * 1024 * 1024;
      update.MemorySwap = update.Memory;
    }
    if (Object.keys(update).length > 0) await container.update(call.opts(update));
  }

  async #deploy(
    call: Call,
    instanceId: string,
    releaseId: string,
    services: ServiceDeploySpec[],
    strategy: DeployStrategy,
    secretValues: Record<string, string> | undefined,
  ): Promise<string> {
    if (strategy !== DeployStrategies.rolling && strategy !== DeployStrategies.recreate) {
      throw new SpecError(`deploy strategy ${strategy} is not supported by the Docker provider`);
    }
    call.secrets.push(...Object.values(secretValues ?? {}));
    const all = await this.#listOrThrow(call, instanceId);
    const ctxInfo = await this.#instanceContext(call, instanceId);
    const seen = new Set<string>();
    const prepared: Array<{
      spec: StoredServiceSpec;
      mine: Listed[];
      refId: string;
      replicas: number;
      secretEnv: Record<string, string>;
    }> = [];
    for (const d of services) {
      if (seen.has(d.name)) throw new SpecError(`service ${d.name} is listed twice`);
      seen.add(d.name);
      const mine = all.filter((c) => c.service === d.name);
      if (mine.length === 0) {
        throw providerError(
          ProviderErrorKinds.notFound,
          `instance ${instanceId} has no service ${d.name}`,
          this.#errorContext(call),
        );
      }
      const ref = reference(mine);
      const info = await this.#docker.getContainer(ref.id).inspect(call.opts());
      const stored = this.#storedSpec(call, info);
      const spec = mergeDeploy(stored, d, limitsOf(info));
      const wanted = d.resources?.replicas;
      const replicas = stored.role === ServiceRoles.init ? 1 : wanted && wanted > 0 ? wanted : replicaCount(mine);
      if (d.resources) validateResources(d.name, d.resources);
      validatePorts(d.name, spec.ports, replicas);
      const secretEnv = carriedSecrets(info, stored, secretValues);
      call.secrets.push(...Object.values(secretEnv));
      prepared.push({ spec, mine, refId: ref.id, replicas, secretEnv });
    }
    const imageIds = await this.#ensureImages(
      call,
      prepared.map((p) => p.spec.image),
    );
    for (const p of prepared) {
      await this.#convergeService(call, {
        instanceId,
        kind: ctxInfo.kind,
        network: ctxInfo.network,
        base: ctxInfo.base,
        releaseId,
        spec: p.spec,
        imageId: imageIds.get(p.spec.image) ?? p.spec.image,
        replicas: p.replicas,
        secretEnv: p.secretEnv,
        configTar: await this.#readConfigTar(call, p.refId, p.spec.configFiles),
        mode: strategy === DeployStrategies.recreate ? 'recreate' : 'rolling',
        existing: p.mine,
      });
    }
    return ctxInfo.network;
  }

  #storedSpec(call: Call, info: Dockerode.ContainerInspectInfo): StoredServiceSpec {
    const spec = parseStoredSpec(info.Config.Labels);
    if (!spec) {
      throw providerError(
        ProviderErrorKinds.internal,
        `container ${info.Name.replace(/^\//, '')} has no readable ${Labels.spec} label`,
        this.#errorContext(call),
      );
    }
    return spec;
  }

  /** Config files copied out of a running replica, re-packed at their full paths for a new container. */
  async #readConfigTar(call: Call, containerId: string, files: StoredConfigFile[]): Promise<Buffer | undefined> {
    if (files.length === 0) return undefined;
    const container = this.#docker.getContainer(containerId);
    const entries = [];
    for (const f of files) {
      const stream = await container.getArchive(call.opts({ path: f.path }));
      const [file] = readTar(await collect(stream));
      if (!file) {
        throw providerError(
          ProviderErrorKinds.internal,
          `config file ${f.name} (${f.path}) could not be read back from the running service`,
          this.#errorContext(call),
        );
      }
      entries.push({ name: f.path.replace(/^\/+/, ''), content: file.content, mode: file.mode });
    }
    return createTar(entries);
  }

  async #startContainer(call: Call, id: string): Promise<void> {
    try {
      await this.#docker.getContainer(id).start(call.opts());
    } catch (err) {
      if (!isNotModified(err)) throw err;
    }
  }

  async #stopAll(call: Call, all: Listed[]): Promise<void> {
    for (const service of serviceOrder(all).reverse()) {
      const targets = all.filter(
        (c) => c.service === service && (c.state === 'running' || c.state === 'restarting' || c.state === 'paused'),
      );
      await Promise.all(
        targets.map(async (c) => {
          try {
            // Stop is a slow answer by design (the grace period): bound it by that, not by apiTimeoutMs.
            await this.#docker.getContainer(c.id).stop({
              t: this.#stopTimeoutSeconds,
              abortSignal: call.api(this.#apiTimeoutMs + this.#stopTimeoutSeconds * 1000),
            });
          } catch (err) {
            if (!isNotModified(err) && !isNotFound(err)) throw err;
          }
        }),
      );
    }
  }

  async #removeAll(call: Call, containers: Listed[]): Promise<void> {
    await Promise.all(containers.map((c) => this.#removeContainer(call, c.id)));
  }

  /** Stops (gracefully) and removes a container; an absent one is fine. */
  async #removeContainer(call: Call, id: string): Promise<void> {
    const container = this.#docker.getContainer(id);
    try {
      await container.stop({
        t: this.#stopTimeoutSeconds,
        abortSignal: call.api(this.#apiTimeoutMs + this.#stopTimeoutSeconds * 1000),
      });
    } catch (err) {
      if (isNotFound(err)) return;
      if (!isNotModified(err) && !isConflict(err)) throw err;
    }
    try {
      await container.remove(call.opts({ force: true, v: true }));
    } catch (err) {
      // 409: removal already in progress (a concurrent deprovision); the engine finishes it.
      if (!isNotFound(err) && !isConflict(err)) throw err;
    }
  }

  async #retryConflict(call: Call, fn: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await fn();
        return;
      } catch (err) {
        if (isNotFound(err)) return;
        const busy = isConflict(err) || /in use|active endpoints/i.test(engineMessage(err));
        if (!busy || attempt >= 20) throw err;
        if (!(await sleep(100, call.signal))) throw err;
      }
    }
  }

  /** The last `n` log lines of a container (both streams, merged), for failure messages. */
  async #lastLines(call: Call, id: string, n: number): Promise<string[]> {
    try {
      const buf = await this.#docker
        .getContainer(id)
        .logs(call.opts({ stdout: true, stderr: true, timestamps: true, tail: n, follow: false as const }) as never);
      return entriesFromBuffer(toBuffer(buf), { service: '' })
        .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())
        .slice(-n)
        .map((e) => e.message);
    } catch {
      return [];
    }
  }
}

// ---- helpers ----

/**
 * Calls a dockerode method with an options object its typings leave out
 * (ping, version, image and network inspect all accept one at runtime).
 */
function untyped<R>(target: object, method: string, opts: object): Promise<R> {
  const fn = (target as Record<string, (o: object) => Promise<R>>)[method];
  if (!fn) throw new Error(`dockerode has no ${method}`);
  return fn.call(target, opts);
}

/** A tar of config files at their paths, for putArchive at `/`. */
function configTarOf(service: string, files: ConfigFile[]): Buffer | undefined {
  if (files.length === 0) return undefined;
  return createTar(
    files.map((f) => ({ name: configFilePath(service, f.path).replace(/^\/+/, ''), content: f.content, mode: 0o644 })),
  );
}

/** Services in start order (from the specs stored on their containers). */
function serviceOrder(all: Listed[]): string[] {
  const specs = new Map<string, { name: string; role: ServiceRole; dependsOn: string[] }>();
  for (const c of all) {
    if (!specs.has(c.service)) {
      specs.set(c.service, { name: c.service, role: c.role, dependsOn: c.spec?.dependsOn ?? [] });
    }
  }
  const list = [...specs.values()].sort((a, b) => a.name.localeCompare(b.name));
  try {
    return startOrder(list).map((s) => s.name);
  } catch {
    return list.map((s) => s.name);
  }
}

/** Services ordered for reports: main first, then sidecars, then inits, each by name. */
function sortServices<T extends Array<{ listed: Listed }>>(current: Map<string, T>): Array<[string, T]> {
  const rank = (role: ServiceRole | undefined) => (role === 'main' ? 0 : role === 'sidecar' ? 1 : 2);
  return [...current.entries()].sort(
    ([a, ra], [b, rb]) => rank(ra[0]?.listed.role) - rank(rb[0]?.listed.role) || a.localeCompare(b),
  );
}

/** The container a service's spec is read from: replica 0, running if possible. */
function reference(mine: Listed[]): Listed {
  const sorted = [...mine].sort(
    (a, b) => a.replica - b.replica || Number(b.state === 'running') - Number(a.state === 'running'),
  );
  return sorted[0] as Listed;
}

function replicaCount(mine: Listed[]): number {
  return new Set(mine.map((c) => c.replica)).size;
}

function limitsOf(info: Dockerode.ContainerInspectInfo): { cpuMillis?: number; memoryMb?: number } {
  const nano = info.HostConfig?.NanoCpus ?? 0;
  const memory = info.HostConfig?.Memory ?? 0;
  return {
    cpuMillis: nano > 0 ? Math.round(nano / 1_000_000) : undefined,
    memoryMb: memory > 0 ? Math.round(memory / (1024 * 1024)) : undefined,
  };
}

function envOf(info: Dockerode.ContainerInspectInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of info.Config.Env ?? []) {
    const i = entry.indexOf('=');
    if (i > 0) out[entry.slice(0, i)] = entry.slice(i + 1);
  }
  return out;
}

/** Secret env for a replacement container: the caller's values first, else what the old container had. */
function carriedSecrets(
  info: Dockerode.ContainerInspectInfo,
  spec: StoredServiceSpec,
  secretValues: Record<string, string> | undefined,
): Record<string, string> {
  const env = envOf(info);
  const out: Record<string, string> = {};
  for (const ref of spec.secrets) {
    const value = secretValues?.[ref.key] ?? env[ref.envName];
    if (value === undefined) {
      throw new SpecError(`service ${spec.name}: no value for secret ${ref.key} (${ref.envName})`);
    }
    out[ref.envName] = value;
  }
  return out;
}

/** The secret values a container holds, so messages built from its output can be redacted. */
function secretValuesOf(info: Dockerode.ContainerInspectInfo, spec: StoredServiceSpec | undefined): string[] {
  if (!spec || spec.secrets.length === 0) return [];
  const env = envOf(info);
  return spec.secrets.map((s) => env[s.envName]).filter((v): v is string => Boolean(v));
}

/** A time as the Engine's `since` parameter wants it: Unix seconds with a fraction. */
function engineTime(d: Date): string {
  const ms = d.getTime();
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}000000`;
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  return Buffer.alloc(0);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
