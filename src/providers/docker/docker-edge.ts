/**
 * The Docker edge: an HAProxy that gives every routed service a stable
 * address. Wheelhouse renders its configuration from the routes (held in
 * Postgres, handed over by the edge driver) and the replicas the engine runs,
 * and drives it over its runtime socket while containers change (a replica
 * joins a backend once ready; an old one is drained before it stops).
 * HAProxy runs detached, so requests keep flowing while Wheelhouse restarts;
 * the next process adopts it. Nothing here proxies a request.
 *
 * This file renders and drives; the members and their weights and drains
 * (docker-edge-members.ts), the counters and the latency ring
 * (docker-edge-counters.ts) and the files and ports (docker-edge-files.ts)
 * are each in a file of their own.
 */
import { accessSync, constants } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import type { BackendCounters, EdgeInfo, RouteSpec, WakerAddress } from '../traffic.js';
import {
  backendName,
  type EdgeBackend,
  type EdgeRouteLine,
  previewBackend,
  renderEdgeConfig,
  serverName,
} from './docker-edge-config.js';
import { EdgeCounters, type LatencyRing } from './docker-edge-counters.js';
import {
  assertPortsFree,
  bindFailure,
  type EdgePorts,
  keptPorts,
  withEdgeLock,
  writeCertificates,
} from './docker-edge-files.js';
import { EdgeMembers, type Member } from './docker-edge-members.js';
import {
  type EdgePaths,
  edgePaths,
  reload,
  runningMaster,
  startDetached,
  stopProcess,
  validateConfig,
} from './docker-edge-process.js';
import { runtimeCommand } from './docker-edge-runtime.js';
import { instanceFilter, Labels, networkName } from './docker-names.js';

/** How the Docker edge is set up (WHEELHOUSE_EDGE_* settings). */
export interface DockerEdgeOptions {
  /** The edge's files live in `<dataDir>/edge`. */
  dataDir: string;
  /** The HAProxy program. */
  haproxyPath: string;
  /** The address it binds. */
  host: string;
  /** 0 picks a free port once; it is kept in the data dir, so addresses survive restarts. */
  httpPort: number;
  httpsPort: number;
  /** Generated hosts are `<service>-<instance>-<tenant>.<domain>`. */
  domain: string;
  /** How long a drained replica may finish requests in flight before it is stopped anyway. Default 30 s. */
  drainTimeoutMs?: number;
  /** Health-check interval of every replica. Default 500 ms. */
  checkIntervalMs?: number;
}

/** True when `path` is an executable file. */
export function haproxyInstalled(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The HAProxy edge of one Docker engine. */
export class DockerEdge {
  readonly paths: EdgePaths;
  readonly #options: Required<DockerEdgeOptions>;
  /** Routes by instance: the complete set the edge serves (handed over by whoever drives it). */
  readonly #routes = new Map<string, readonly RouteSpec[]>();
  #driving = false;
  #ports: EdgePorts | undefined;
  /**
   * Renders and runtime changes (join, the two steps of a leave, prune) run one
   * at a time, in order: a reload between a drain and the removal it waits for
   * would hand the new worker the drained replica as ready again. Across
   * processes the edge's lock orders a render against a drain (docker-edge-files.ts).
   */
  #chain: Promise<unknown> = Promise.resolve();
  readonly #members: EdgeMembers;
  readonly #counters: EdgeCounters;
  /** Scale to zero: the waker every backend falls back to (this process's, when it drives the edge). */
  #waker: WakerAddress | undefined;
  /**
   * Why the last render could not start HAProxy or bind a port (a port held by
   * another program, naming its setting): `Provider.edge` says so until a
   * render succeeds, instead of "not running yet".
   */
  #failure: string | undefined;

  constructor(
    private readonly docker: Dockerode,
    options: DockerEdgeOptions,
  ) {
    this.#options = { drainTimeoutMs: 30_000, checkIntervalMs: 500, ...options };
    this.paths = edgePaths(join(options.dataDir, 'edge'));
    this.#members = new EdgeMembers(this.paths, this.#options, (step) => this.#serial(step));
    this.#counters = new EdgeCounters(this.paths, (instanceId, service) => this.backendsOf(instanceId, service));
  }

  /** The edge as it stands: whether HAProxy runs here and answers, and where it serves. */
  async info(): Promise<EdgeInfo> {
    const ports = await this.ports();
    const master = runningMaster(this.paths);
    let healthy = false;
    let message: string | undefined;
    if (this.#failure) {
      message = this.#failure;
    } else if (!master) {
      message = 'HAProxy is not running yet';
    } else {
      try {
        await runtimeCommand(this.paths.adminSocket, 'show info', 2000);
        healthy = true;
      } catch (err) {
        message = `HAProxy runs but its runtime socket does not answer: ${(err as Error).message}`;
      }
    }
    const host = this.#options.host.includes(':') ? `[${this.#options.host}]` : this.#options.host;
    return {
      kind: 'haproxy',
      healthy,
      ...(message ? { message } : {}),
      httpAddress: `http://${host}:${ports.http}`,
      httpsAddress: `https://${host}:${ports.https}`,
      domain: this.#options.domain,
    };
  }

  /** The ports the edge serves on: the settings, or the free ports picked once and kept in the data dir. */
  async ports(): Promise<EdgePorts> {
    this.#ports ??= await keptPorts(this.paths, this.#options.host, {
      http: this.#options.httpPort,
      https: this.#options.httpsPort,
    });
    return this.#ports;
  }

  /** Whether this process renders and reloads the edge (it holds the edge's lease). */
  get driving(): boolean {
    return this.#driving;
  }

  /**
   * Takes the edge over with the complete set of routes: adopts the HAProxy
   * that runs (reloading it on the configuration rendered now, since what
   * the runtime API changed is lost on a reload anyway), or starts one.
   */
  async drive(routes: readonly RouteSpec[]): Promise<void> {
    this.#driving = true;
    await this.syncAll(routes);
  }

  /** The waker the next render points every backend at (scale to zero); see `WakingEdge`. */
  wakeVia(address: WakerAddress | undefined): void {
    this.#waker = address;
  }

  /**
   * Addresses (`host:port`) of the replicas HAProxy has ready in one backend
   * now: up and weighted, so requests sent there now reach them (the waker
   * releases what it holds once there is one).
   */
  readyReplicas(instanceId: string, service: string, port: number): Promise<string[]> {
    return this.#members.readyIn(backendName(instanceId, service, port));
  }

  /** Stops rendering (another process drives the edge now); HAProxy keeps running. */
  standBy(): void {
    this.#driving = false;
    // Whatever failed here is the driver's to find out again now.
    this.#failure = undefined;
  }

  /** Replaces every instance's routes and re-renders. */
  async syncAll(routes: readonly RouteSpec[]): Promise<void> {
    this.#routes.clear();
    for (const r of routes) this.#routes.set(r.instanceId, [...(this.#routes.get(r.instanceId) ?? []), r]);
    await this.render();
  }

  /** Makes `routes` the routes of one instance and re-renders. */
  async applyRoutes(instanceId: string, routes: readonly RouteSpec[]): Promise<void> {
    if (routes.length === 0) this.#routes.delete(instanceId);
    else this.#routes.set(instanceId, [...routes]);
    await this.render();
  }

  /**
   * Renders the configuration from the routes and the replicas running now;
   * when it differs from the file (or HAProxy is not running), validates it,
   * puts it in place and reloads (or starts) HAProxy. Only while driving.
   */
  render(): Promise<void> {
    return this.#serial(() => withEdgeLock(this.paths, () => this.#render()));
  }

  /** Runs `step` after every render and runtime change queued before it. */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  /** Under the edge's lock: the drains read here are every process's, and none is added until the reload is done. */
  async #render(): Promise<void> {
    if (!this.#driving) return;
    const ports = await this.ports();
    const all = [...this.#routes.values()].flat();
    const backends = new Map<string, EdgeBackend>();
    const byInstance = new Map<string, Dockerode.ContainerInfo[]>();
    const weights = await this.#members.readWeights();
    const drained = await this.#members.drained();
    for (const r of all) {
      const name = routeBackend(r);
      if (backends.has(name)) continue;
      let containers = byInstance.get(r.instanceId);
      if (!containers) {
        containers = await this.docker.listContainers({ filters: instanceFilter(r.instanceId) });
        byInstance.set(r.instanceId, containers);
      }
      const servers = containers
        .filter(
          (c) =>
            c.Labels?.[Labels.service] === r.service &&
            c.State === 'running' &&
            !drained.has(serverName(c.Id)) &&
            // A preview serves only its release's replicas.
            (!r.releaseId || c.Labels?.[Labels.release] === r.releaseId),
        )
        .flatMap((c) => {
          const address = c.NetworkSettings?.Networks?.[networkName(r.instanceId)]?.IPAddress;
          const weight = r.releaseId ? undefined : weights[serverName(c.Id)];
          return address
            ? [{ name: serverName(c.Id), address, port: r.port, ...(weight === undefined ? {} : { weight }) }]
            : [];
        });
      backends.set(name, { name, servers });
    }
    const tlsRoutes = all.filter((r) => r.tls);
    const crtList = tlsRoutes.length > 0 ? await writeCertificates(this.paths, tlsRoutes) : undefined;
    const lines: EdgeRouteLine[] = all.map((r) => ({
      host: r.host,
      pathPrefix: r.pathPrefix,
      backend: routeBackend(r),
      tls: Boolean(r.tls),
      redirectHttp: r.tls?.redirectHttp ?? false,
    }));
    const text = renderEdgeConfig({
      adminSocket: this.paths.adminSocket,
      bindHost: this.#options.host,
      httpPort: ports.http,
      httpsPort: ports.https,
      crtList,
      routes: lines,
      backends: [...backends.values()],
      checkIntervalMs: this.#options.checkIntervalMs,
      ...(this.#waker ? { waker: { address: this.#waker.host, port: this.#waker.port } } : {}),
    });
    const current = await readFile(this.paths.config, 'utf8').catch(() => '');
    const master = runningMaster(this.paths);
    if (current === text && master) {
      // What it serves is what is wanted: a port refused before (a TLS route's, since removed) no longer matters.
      this.#failure = undefined;
      return;
    }
    // First: a refused port is retried every round, and the check costs less than `haproxy -c`.
    await this.#bindChecked(master, current, ports, crtList !== undefined);
    const candidate = `${this.paths.config}.next`;
    await writeFile(candidate, text, { mode: 0o600 });
    await validateConfig(this.#options.haproxyPath, candidate);
    await rename(candidate, this.paths.config);
    if (master) await reload(master, this.paths);
    else await this.#start(ports);
    this.#failure = undefined;
    // Replicas that started between the listing above and the reload join now (a route added mid-provision).
    for (const r of all) {
      // A preview's replicas are in the service's own backends already (at weight 0).
      if (r.releaseId) continue;
      const containers = await this.docker.listContainers({ filters: instanceFilter(r.instanceId) });
      const rendered = new Set(backends.get(backendName(r.instanceId, r.service, r.port))?.servers.map((s) => s.name));
      const late = containers.flatMap((c) => {
        const address = c.NetworkSettings?.Networks?.[networkName(r.instanceId)]?.IPAddress;
        return c.Labels?.[Labels.service] === r.service &&
          c.State === 'running' &&
          address &&
          !rendered.has(serverName(c.Id)) &&
          !drained.has(serverName(c.Id))
          ? [{ id: c.Id, address }]
          : [];
      });
      if (late.length > 0) await this.#members.joinNow(r.instanceId, r.service, late);
    }
  }

  /**
   * Refuses, naming the setting, when a port the new file binds is held by
   * another program: both (HTTPS only with a TLS route) before HAProxy
   * starts, HTTPS before the reload that binds it first. A running HAProxy
   * of ours holds the ports it binds already; adopting it checks nothing.
   */
  async #bindChecked(master: number | undefined, current: string, ports: EdgePorts, https: boolean): Promise<void> {
    const host = this.#options.host;
    try {
      if (!master) await assertPortsFree(host, ports, https ? ['http', 'https'] : ['http']);
      else if (https && !/^frontend https$/m.test(current)) await assertPortsFree(host, ports, ['https']);
    } catch (err) {
      this.#failure = (err as Error).message;
      throw err;
    }
  }

  /** Starts HAProxy; a port taken after the check fails its start, told with the setting to change. */
  async #start(ports: EdgePorts): Promise<void> {
    try {
      await startDetached(this.#options.haproxyPath, this.paths);
    } catch (err) {
      const taken = bindFailure((err as Error).message, this.#options.host, ports);
      this.#failure = taken ?? (err as Error).message;
      throw taken ? new Error(taken) : err;
    }
  }

  /** The backends HAProxy has for one service now (none when it is not routed or HAProxy is not running). */
  backendsOf(instanceId: string, service: string): Promise<string[]> {
    return this.#members.backendsOf(instanceId, service);
  }

  /** See EdgeMembers.join: ready replicas into every backend of their service (at `weight`, when given). */
  join(instanceId: string, service: string, members: Member[], weight?: number): Promise<void> {
    return this.#members.join(instanceId, service, members, weight);
  }

  /** See EdgeMembers.leave: drains replicas out (recorded for every process); resolves when they may stop. */
  leave(instanceId: string, service: string, containerIds: string[]): Promise<void> {
    return this.#members.leave(instanceId, service, containerIds);
  }

  /** Removes servers whose container is no longer among `live` (a replica removed behind our back). */
  prune(instanceId: string, service: string, live: string[]): Promise<void> {
    return this.#members.prune(instanceId, service, live);
  }

  /** See EdgeMembers.setWeights: a canary's split, kept in the shared weights file. */
  setWeights(
    instanceId: string,
    service: string,
    weights: ReadonlyArray<{ id: string; weight?: number }>,
  ): Promise<void> {
    return this.#members.setWeights(instanceId, service, weights);
  }

  /** The weights recorded for some replicas (undefined: the default). */
  weightsOf(containerIds: readonly string[]): Promise<Array<number | undefined>> {
    return this.#members.weightsOf(containerIds);
  }

  /** See EdgeCounters.ofServers: counters of some replicas of a service (a canary's new set). */
  serverCounters(instanceId: string, service: string, containerIds: readonly string[]): Promise<BackendCounters> {
    return this.#counters.ofServers(instanceId, service, containerIds);
  }

  /** See EdgeCounters.latencyRing: the edge's ring of recent responses, read once. */
  latencyRing(): Promise<LatencyRing | undefined> {
    return this.#counters.latencyRing();
  }

  /** Counters summed over every backend of a service, or undefined when it is not routed. */
  counters(instanceId: string, service: string): Promise<BackendCounters | undefined> {
    return this.#counters.ofService(instanceId, service);
  }

  /**
   * Stops HAProxy and removes its files' sockets. Not part of a normal
   * shutdown (the edge outlives Wheelhouse): for tests and for turning the
   * edge off.
   */
  async stopDataPlane(): Promise<void> {
    this.#driving = false;
    await this.#chain;
    await stopProcess(this.paths);
    await rm(`${this.paths.config}.next`, { force: true });
  }
}

/** The backend a route sends to: the service's, or a preview's (one release's replicas only). */
function routeBackend(r: RouteSpec): string {
  const name = backendName(r.instanceId, r.service, r.port);
  return r.releaseId ? previewBackend(name) : name;
}
