/**
 * The Docker provider: one instance is one user-defined bridge network plus
 * one container per service replica, all labelled (see docker-names.ts) so
 * every call finds them again without any state in this process.
 */
import type Dockerode from 'dockerode';
import { Capabilities, type Capability, capabilitiesWith } from '../capabilities.js';
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
  type HealResult,
  type HealthStatus,
  type ImageUpdate,
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
import { ServiceRoles } from '../service-spec.js';
import { Call } from './docker-call.js';
import { createDockerClient, type DockerConnectionOptions, engineEndpoint } from './docker-client.js';
import { deployServices, serviceOf } from './docker-deploy.js';
import { DockerEdge, type DockerEdgeOptions, haproxyInstalled } from './docker-edge.js';
import { DockerEdgeHooks, leaveEdge } from './docker-edge-hooks.js';
import { DockerEngine, type Listed } from './docker-engine.js';
import { dockerEngines, missingEdge } from './docker-engines.js';
import { toProviderError } from './docker-errors.js';
import { DockerEventFeed } from './docker-events.js';
import { runExec } from './docker-exec.js';
import { engineInfo, hasNvidiaRuntime } from './docker-gpu.js';
import { healServices } from './docker-heal.js';
import { HealthTracker } from './docker-health-tracker.js';
import { readImageUpdates } from './docker-image-updates.js';
import { openLogs } from './docker-log-reader.js';
import { networkName } from './docker-names.js';
import { type DockerParts, runCall } from './docker-parts.js';
import { provisionInstance } from './docker-provision.js';
import { serviceOrder, snapshotEndpoints } from './docker-replicas.js';
import { Rollout } from './docker-rollout.js';
import { reconverge, scaleService } from './docker-scale.js';
import { SpecError } from './docker-spec.js';
import { sumUsage, usageOfRunning } from './docker-stats.js';
import { isScaledToZero } from './docker-status.js';
import { readStatus } from './docker-status-read.js';
import { removeKeptVolume, sizeRefusal } from './docker-volumes.js';

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

/** The base capabilities of the Docker provider; its engines add theirs (docker-engines.ts). */
export const DOCKER_CAPABILITIES: readonly Capability[] = [
  Capabilities.provision,
  Capabilities.deploy,
  Capabilities.scale,
  Capabilities.logs,
  Capabilities.exec,
  Capabilities.volumes,
  Capabilities.rolling,
];

/**
 * A Provider backed by a Docker Engine (API 1.41+). Every mutating call is
 * idempotent: objects have deterministic names and labels, and a repeated
 * call converges on what exists. Provision and scale are in their own files
 * (docker-provision.ts, docker-scale.ts), the engines in docker-engines.ts.
 */
export class DockerProvider implements Provider {
  readonly #parts: DockerParts;
  readonly #readiness: ReadinessPolicy;
  /** The engine's event stream, shared by every subscribeChanges listener. */
  readonly #events: DockerEventFeed;
  readonly engines: ProviderEngines;
  readonly missingEngines: MissingEngines | undefined;

  constructor(options: DockerProviderOptions = {}) {
    const apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    const engine = new DockerEngine(options.docker ?? createDockerClient(options), {
      apiTimeoutMs,
      pullTimeoutMs: options.pullTimeoutMs ?? 120_000,
      stopTimeoutSeconds: options.stopTimeoutSeconds ?? 10,
    });
    const remoteHost = options.host || undefined;
    this.missingEngines = missingEdge(options.edge, remoteHost, haproxyInstalled);
    const edge = options.edge && !this.missingEngines ? new DockerEdge(engine.docker, options.edge) : undefined;
    const minReadyMs = options.minReadyMs ?? 1000;
    const useInit = options.useInit ?? true;
    const rollout = new Rollout(
      engine,
      {
        minReadyMs,
        initTimeoutMs: options.initTimeoutMs ?? 5 * 60_000,
        rolloutTimeoutMs: options.rolloutTimeoutMs ?? 2 * 60_000,
        pollIntervalMs: options.pollIntervalMs ?? 250,
        useInit,
        remoteHost,
      },
      edge ? new DockerEdgeHooks(engine, edge) : undefined,
    );
    this.#parts = {
      engine,
      rollout,
      edge,
      health: new HealthTracker(),
      target: { provider: options.key ?? 'docker', endpoint: engineEndpoint(options) },
      labels: { ...options.labels },
      apiTimeoutMs,
      minReadyMs,
      remoteHost,
      useInit,
      facts: { nvidia: false },
    };
    this.#region = options.region ?? 'local';
    this.#location = options.location;
    this.#readiness = options.readiness ?? { timeoutMs: 2 * 60_000, intervalMs: 1000 };
    this.engines = dockerEngines(this.#parts);
    this.#events = new DockerEventFeed(engine.docker, {
      resync: async () =>
        (await this.managedWorkloads({ signal: AbortSignal.timeout(15_000) })).map((w) => w.instanceId),
      ...(options.onEventStreamError ? { onError: options.onEventStreamError } : {}),
    });
  }

  readonly #region: string;
  readonly #location: Location | undefined;

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
    return providerInfo('docker', this.#parts.facts.engineVersion, this.#region, this.#location);
  }

  /** The base ones, `gpu` where the Engine has an nvidia runtime (seen by refreshInfo), and the engines'. */
  capabilities(): readonly Capability[] {
    return capabilitiesWith(
      this.#parts.facts.nvidia ? [...DOCKER_CAPABILITIES, Capabilities.gpu] : DOCKER_CAPABILITIES,
      this.engines,
    );
  }

  /** The HAProxy edge, when this provider has one (tests stop its data plane with it). */
  dataPlane(): DockerEdge | undefined {
    return this.#parts.edge;
  }

  /** Provision and Deploy return before health checks pass; the control plane waits with this policy. */
  readinessPolicy(): ReadinessPolicy {
    return { ...this.#readiness };
  }

  /** Asks the Engine for its version (info() is synchronous and reports the cached one). */
  async refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#run(ctx, 'info', async (call) => {
      const { engine, facts } = this.#parts;
      facts.engineVersion = (await engine.version(call)).Version;
      facts.nvidia = hasNvidiaRuntime(await engineInfo(engine.docker, call.opts()).catch(() => undefined));
      return this.info();
    });
  }

  /** Pings the Engine. Never throws: an unreachable engine is `healthy: false` with the reason. */
  async healthCheck(ctx: CallContext): Promise<HealthStatus> {
    const { engine, target, apiTimeoutMs, facts } = this.#parts;
    const call = new Call('health check', ctx.signal, Math.min(apiTimeoutMs, 5000), target);
    return runHealthProbe(
      async (elapsed) => {
        await engine.ping(call);
        const latencyMs = elapsed();
        const version = await engine.version(call);
        facts.engineVersion = version.Version;
        return {
          message: `Docker Engine ${version.Version} (API ${version.ApiVersion}) at ${target.endpoint}`,
          latencyMs,
        };
      },
      (err) => toProviderError(err, call.context()).message,
    );
  }

  /** Creates or converges every object of the instance (docker-provision.ts). */
  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    return this.#run(ctx, 'provision', (call) => provisionInstance(this.#parts, call, req));
  }

  /** Removes containers and network; named volumes only with `deleteVolumes` (else kept, and named in the result). */
  async deprovision(ctx: CallContext, instanceId: string, opts: DeprovisionOptions = {}): Promise<DeprovisionResult> {
    return this.#run(ctx, 'deprovision', async (call) => {
      const { kept, specs } = await this.#parts.engine.teardown(call, instanceId, opts.deleteVolumes === true);
      this.#parts.health.prune(instanceId, new Set());
      // Only the kept ones: a deleted volume has nothing left to name.
      return { keptVolumes: kept, keptVolumeSpecs: Object.fromEntries(kept.map((n) => [n, specs[n] ?? n])) };
    });
  }

  /** A kept named volume is mounted again by its name. */
  readonly keptVolumeAttach = { supported: true } as const;

  /** Removes a kept named volume of the tenant (docker-volumes.ts). */
  async deleteKeptVolume(ctx: CallContext, tenantId: string, name: string): Promise<void> {
    return this.#run(ctx, 'delete kept volume', (call) =>
      removeKeptVolume(this.#parts.engine.docker, call, tenantId, name),
    );
  }

  /** Asked of the Engine once (a probe volume with a size): its storage driver does not change while it runs. */
  async volumeSizeRefusal(ctx: CallContext): Promise<string | undefined> {
    this.#sizeRefusal ??= this.#run(ctx, 'volume size probe', (call) => sizeRefusal(this.#parts.engine.docker, call));
    try {
      return await this.#sizeRefusal;
    } catch (err) {
      this.#sizeRefusal = undefined;
      throw err;
    }
  }
  #sizeRefusal: Promise<string | undefined> | undefined;

  /** Starts the long-running services in dependency order; init services are not run again. */
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'start', async (call) => {
      const all = await this.#parts.engine.listOrThrow(call, instanceId);
      await this.#startAll(call, all, (c) => c.state === 'exited' || c.state === 'created');
      await this.#joinEdge(call, instanceId);
    });
  }

  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'stop', async (call) => {
      const all = await this.#parts.engine.listOrThrow(call, instanceId);
      await leaveEdge(this.#parts.edge, instanceId, all);
      await this.#parts.engine.stopAll(call, all);
    });
  }

  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return this.#run(ctx, 'restart', async (call) => {
      const { engine, edge } = this.#parts;
      const all = await engine.listOrThrow(call, instanceId);
      // A routed service restarts by rolling replacement, so its address never goes without a ready replica.
      const routed = new Set<string>();
      if (edge) {
        for (const service of new Set(all.filter((c) => c.role !== ServiceRoles.init).map((c) => c.service))) {
          if ((await edge.backendsOf(instanceId, service)).length > 0) routed.add(service);
        }
      }
      const plain = all.filter((c) => !routed.has(c.service));
      await engine.stopAll(call, plain);
      await this.#startAll(call, plain, () => true);
      for (const service of routed) {
        await reconverge(
          this.#parts,
          call,
          instanceId,
          all.filter((c) => c.service === service),
          { replace: true },
        );
      }
    });
  }

  /** Starts the named services' stopped replicas again, touching nothing else (docker-heal.ts). */
  async heal(ctx: CallContext, instanceId: string, services: readonly string[]): Promise<HealResult> {
    return this.#run(ctx, 'heal', (call) => healServices(this.#parts, call, instanceId, services));
  }

  /** From the containers, their probes and their last words (docker-status-read.ts). */
  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return this.#run(ctx, 'status', (call) => readStatus(this.#parts, call, instanceId));
  }

  /** Replaces the listed services (rolling or recreate); every other service is left as it runs. */
  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return this.#run(ctx, 'deploy', async (call) => {
      const { engine, rollout } = this.#parts;
      const network = await deployServices(engine, rollout, call, req, this.#parts.facts);
      const snap = await engine.snapshot(call, req.instanceId);
      return { providerRef: network, status: 'deployed', endpoints: snapshotEndpoints(snap) };
    });
  }

  /** A rolling deploy of the snapshot's specs. */
  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return this.#run(ctx, 'rollback', async (call) => {
      const { engine, rollout } = this.#parts;
      await deployServices(engine, rollout, call, { ...req, strategy: DeployStrategies.rolling }, this.#parts.facts);
    });
  }

  /** Replicas and CPU/memory limits of one service (docker-scale.ts). */
  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return this.#run(ctx, 'scale', (call) => scaleService(this.#parts, call, req));
  }

  /** One-shot engine stats of every running container, summed. */
  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return this.#run(ctx, 'resources', async (call) => {
      const all = await this.#parts.engine.listOrThrow(call, instanceId);
      return sumUsage(await usageOfRunning(this.#parts.engine, call, all));
    });
  }

  /** The services whose image tag names another image than they run (docker-image-updates.ts). */
  async imageUpdates(ctx: CallContext, instanceId: string): Promise<ImageUpdate[]> {
    return this.#run(ctx, 'imageUpdates', (call) => readImageUpdates(this.#parts.engine, call, instanceId));
  }

  /**
   * Log lines of every replica of one service. Without `follow` the lines are
   * merged by time and `tail` applies to the merge; with it, lines arrive as
   * the engine sends them until close() (which ends the engine requests).
   */
  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return this.#run(ctx, 'logs', async (call) => {
      const all = await this.#parts.engine.listOrThrow(call, instanceId);
      const { service, mine } = serviceOf(call, instanceId, all, opts.serviceName);
      mine.sort((a, b) => a.replica - b.replica || a.name.localeCompare(b.name));
      return openLogs(this.#parts.engine, call, ctx, mine, service, opts);
    });
  }

  /** Runs a command in the first running replica of a service. */
  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return this.#run(ctx, 'exec', async (call) => {
      if (req.command.length === 0) throw new SpecError('exec needs a command');
      const all = await this.#parts.engine.listOrThrow(call, instanceId);
      const { service, mine } = serviceOf(call, instanceId, all, req.serviceName);
      const target = mine.filter((c) => c.state === 'running').sort((a, b) => a.replica - b.replica)[0];
      if (!target) throw call.fail(ProviderErrorKinds.conflict, `service ${service} is not running`);
      return runExec(this.#parts.engine.docker.getContainer(target.id), req, {
        signal: ctx.signal,
        apiSignal: () => call.api(),
        localEngine: !this.#parts.remoteHost,
      });
    });
  }

  /** What the engine holds, for the supervisor's orphan sweep (by the objects' labels). */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#run(ctx, 'list workloads', (call) => this.#parts.engine.managedWorkloads(call));
  }

  #run<T>(ctx: CallContext, op: string, fn: (call: Call) => Promise<T>): Promise<T> {
    return runCall(this.#parts, ctx, op, fn);
  }

  /** Joins every running replica of the instance to its service's backends (no-op without routes). */
  async #joinEdge(call: Call, instanceId: string): Promise<void> {
    const { engine, edge } = this.#parts;
    if (!edge) return;
    const hooks = new DockerEdgeHooks(engine, edge);
    const all = await engine.list(call, instanceId);
    for (const service of new Set(all.filter((c) => c.role !== ServiceRoles.init).map((c) => c.service))) {
      const running = all.filter((c) => c.service === service).map((c) => c.id);
      await hooks.join(call, instanceId, service, networkName(instanceId), running);
    }
  }

  async #startAll(call: Call, all: Listed[], pick: (c: Listed) => boolean): Promise<void> {
    const { engine } = this.#parts;
    for (const service of serviceOrder(all)) {
      const targets = all.filter((c) => c.service === service && c.role !== ServiceRoles.init && pick(c));
      await Promise.all(
        targets.map(async (c) => {
          // A service scaled to zero stays at zero until scaled up, whatever starts the instance.
          const info = await engine.docker.getContainer(c.id).inspect(call.opts());
          if (!isScaledToZero(info, c.role)) await engine.start(call, c.id);
        }),
      );
    }
  }
}
