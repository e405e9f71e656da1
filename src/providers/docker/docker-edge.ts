/**
 * The Docker edge: an HAProxy that gives every routed service a stable
 * address. Wheelhouse renders its configuration from the routes (held in
 * Postgres, handed over by the edge driver) and the replicas the engine runs,
 * and drives it over its runtime socket while containers change (a replica
 * joins a backend once ready; an old one is drained before it stops).
 * HAProxy runs detached, so requests keep flowing while Wheelhouse restarts;
 * the next process adopts it. Nothing here proxies a request.
 */
import { accessSync, constants } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import type { BackendCounters, EdgeInfo, RouteSpec, WakerAddress } from '../traffic.js';
import {
  backendName,
  backendPrefix,
  type EdgeBackend,
  type EdgeRouteLine,
  renderEdgeConfig,
  serverName,
  serverOptions,
  WAKER_SERVER,
} from './docker-edge-config.js';
import { LATENCY_RING, latenciesOf } from './docker-edge-latency.js';
import {
  type EdgePaths,
  edgePaths,
  reload,
  runningMaster,
  startDetached,
  stopProcess,
  validateConfig,
} from './docker-edge-process.js';
import { parseShowStat, runtimeCommand, statsOfAllWorkers } from './docker-edge-runtime.js';
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

/** One replica as a backend sees it. */
interface Member {
  id: string;
  address: string;
}

/** The HAProxy edge of one Docker engine. */
export class DockerEdge {
  readonly paths: EdgePaths;
  readonly #options: Required<DockerEdgeOptions>;
  /** Routes by instance: the complete set the edge serves (handed over by whoever drives it). */
  readonly #routes = new Map<string, readonly RouteSpec[]>();
  #driving = false;
  #ports: { http: number; https: number } | undefined;
  /**
   * Renders and runtime changes (join, the two steps of a leave, prune) run one
   * at a time, in order: a reload between a drain and the removal it waits for
   * would hand the new worker the drained replica as ready again.
   */
  #chain: Promise<unknown> = Promise.resolve();
  /**
   * Server names of replicas drained out (until when): not rendered nor joined
   * again, so a reload keeps them out, also between the drain and the
   * container's removal that follows it.
   */
  readonly #leaving = new Map<string, number>();
  /** Scale to zero: the waker every backend falls back to (this process's, when it drives the edge). */
  #waker: WakerAddress | undefined;

  constructor(
    private readonly docker: Dockerode,
    options: DockerEdgeOptions,
  ) {
    this.#options = { drainTimeoutMs: 30_000, checkIntervalMs: 500, ...options };
    this.paths = edgePaths(join(options.dataDir, 'edge'));
  }

  /** The edge as it stands: whether HAProxy runs here and answers, and where it serves. */
  async info(): Promise<EdgeInfo> {
    const ports = await this.ports();
    const master = runningMaster(this.paths);
    let healthy = false;
    let message: string | undefined;
    if (!master) {
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
  async ports(): Promise<{ http: number; https: number }> {
    if (this.#ports) return this.#ports;
    await mkdir(this.paths.dir, { recursive: true, mode: 0o700 });
    let kept: { http?: number; https?: number } = {};
    try {
      kept = JSON.parse(await readFile(this.paths.ports, 'utf8')) as typeof kept;
    } catch {
      // first start
    }
    const http = this.#options.httpPort || kept.http || (await freePort(this.#options.host));
    const https = this.#options.httpsPort || kept.https || (await freePort(this.#options.host));
    if (http !== kept.http || https !== kept.https) await writeFile(this.paths.ports, JSON.stringify({ http, https }));
    this.#ports = { http, https };
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
  async readyReplicas(instanceId: string, service: string, port: number): Promise<string[]> {
    if (!runningMaster(this.paths)) return [];
    const be = backendName(instanceId, service, port);
    let csv: string;
    try {
      csv = await runtimeCommand(this.paths.adminSocket, `show stat ${be} 4 -1`);
    } catch {
      return [];
    }
    const lines = csv.split('\n').filter((l) => l.length > 0);
    const header = lines[0]?.replace(/^# /, '').split(',') ?? [];
    const col = (name: string) => header.indexOf(name);
    return lines.slice(1).flatMap((line) => {
      const f = line.split(',');
      const ok =
        f[col('pxname')] === be &&
        f[col('svname')] !== WAKER_SERVER &&
        (f[col('status')] ?? '').startsWith('UP') &&
        Number(f[col('weight')] || 0) > 0;
      const addr = f[col('addr')];
      return ok && addr ? [addr] : [];
    });
  }

  /** Stops rendering (another process drives the edge now); HAProxy keeps running. */
  standBy(): void {
    this.#driving = false;
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
    return this.#serial(() => this.#render());
  }

  /** Runs `step` after every render and runtime change queued before it. */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(step);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #render(): Promise<void> {
    if (!this.#driving) return;
    const ports = await this.ports();
    const all = [...this.#routes.values()].flat();
    const backends = new Map<string, EdgeBackend>();
    const byInstance = new Map<string, Dockerode.ContainerInfo[]>();
    const weights = await this.#readWeights();
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
            !this.#left(serverName(c.Id)) &&
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
    const crtList = tlsRoutes.length > 0 ? await this.#writeCertificates(tlsRoutes) : undefined;
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
    if (current === text && master) return;
    const candidate = `${this.paths.config}.next`;
    await writeFile(candidate, text, { mode: 0o600 });
    await validateConfig(this.#options.haproxyPath, candidate);
    await rename(candidate, this.paths.config);
    if (master) await reload(master, this.paths);
    else await startDetached(this.#options.haproxyPath, this.paths);
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
          !this.#left(serverName(c.Id))
          ? [{ id: c.Id, address }]
          : [];
      });
      if (late.length > 0) await this.#join(r.instanceId, r.service, late);
    }
  }

  /** Writes each TLS route's certificate and key (one PEM file per host, mode 600) and the crt-list naming them. */
  async #writeCertificates(routes: RouteSpec[]): Promise<string> {
    await mkdir(this.paths.certs, { recursive: true, mode: 0o700 });
    const lines: string[] = [];
    const seen = new Set<string>();
    for (const r of routes) {
      if (!r.tls || seen.has(r.host)) continue;
      seen.add(r.host);
      const file = join(this.paths.certs, `${r.host}.pem`);
      const pem = `${r.tls.certificate.certificatePem.trim()}\n${r.tls.certificate.privateKeyPem.trim()}\n`;
      await writeFile(file, pem, { mode: 0o600 });
      lines.push(`${file} ${r.host}`);
    }
    await writeFile(this.paths.crtList, `${lines.join('\n')}\n`, { mode: 0o600 });
    return this.paths.crtList;
  }

  /** The backends HAProxy has for one service now (none when it is not routed or HAProxy is not running). */
  async backendsOf(instanceId: string, service: string): Promise<string[]> {
    if (!runningMaster(this.paths)) return [];
    let text: string;
    try {
      text = await runtimeCommand(this.paths.adminSocket, 'show backend');
    } catch {
      return [];
    }
    const prefix = backendPrefix(instanceId, service);
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith(prefix) && /^\d+$/.test(l.slice(prefix.length)));
  }

  /**
   * Adds ready replicas to every backend of their service (or makes them
   * ready again), with health checks on. A replica already in stays as is.
   */
  join(instanceId: string, service: string, members: Member[], weight?: number): Promise<void> {
    return this.#serial(async () => {
      // Recorded first: a render between here and the add server keeps the weight (a canary joins at 0).
      if (weight !== undefined)
        await this.#writeWeights((w) => {
          for (const m of members) w[serverName(m.id)] = weight;
        });
      await this.#join(instanceId, service, members);
    });
  }

  async #join(instanceId: string, service: string, members: Member[]): Promise<void> {
    // A replica started again after a drain (an instance stopped and started) is rendered again.
    for (const m of members) this.#leaving.delete(serverName(m.id));
    const weights = await this.#readWeights();
    const backends = await this.backendsOf(instanceId, service);
    for (const be of backends) {
      const port = Number(be.slice(backendPrefix(instanceId, service).length));
      for (const m of members) {
        const srv = `${be}/${serverName(m.id)}`;
        const added = await runtimeCommand(
          this.paths.adminSocket,
          `add server ${srv} ${m.address}:${port}${weightOption(weights[serverName(m.id)])} ${serverOptions(this.#options.checkIntervalMs)}`,
        );
        if (!/New server registered|Already exists/i.test(added))
          throw new Error(`HAProxy did not add ${srv}: ${added.trim()}`);
        await runtimeCommand(this.paths.adminSocket, [`enable health ${srv}`, `set server ${srv} state ready`]);
      }
    }
  }

  /**
   * Drains replicas out of every backend of their service: no new request
   * goes to them, requests in flight finish (bounded by the drain timeout),
   * then they are removed from HAProxy. Resolves when they may be stopped.
   */
  async leave(instanceId: string, service: string, containerIds: string[]): Promise<void> {
    if (containerIds.length === 0) return;
    const names = containerIds.map(serverName);
    const until = Date.now() + this.#options.drainTimeoutMs + LEFT_MS;
    for (const n of names) this.#leaving.set(n, until);
    const backends = await this.#serial(async () => {
      const all = await this.backendsOf(instanceId, service);
      for (const be of all) {
        for (const srv of names) await runtimeCommand(this.paths.adminSocket, `set server ${be}/${srv} state drain`);
      }
      return all;
    });
    const targets = new Set(backends.flatMap((be) => names.map((srv) => `${be}/${srv}`)));
    if (targets.size === 0) return;
    // Waited outside the queue (other services' replicas join and leave meanwhile), and in every worker: one a
    // reload retired still carries the requests it accepted, to replicas it knew (drained there or not).
    const deadline = Date.now() + this.#options.drainTimeoutMs;
    while (Date.now() < deadline) {
      const stats = await statsOfAllWorkers(this.paths.adminSocket, this.paths.masterSocket);
      const busy = stats.some((s) => targets.has(`${s.proxy}/${s.server}`) && s.scur > 0);
      if (!busy) break;
      await delay(50);
    }
    await this.#serial(async () => {
      for (const srv of targets) {
        // "No such server" when a reload since left it out (it was draining): nothing to remove then.
        await runtimeCommand(this.paths.adminSocket, [
          `set server ${srv} state maint`,
          `shutdown sessions server ${srv}`,
          `del server ${srv}`,
        ]);
      }
      await this.#writeWeights((w) => {
        for (const n of names) delete w[n];
      });
    });
  }

  /** Whether a replica was drained out lately (forgets those long gone). */
  #left(server: string): boolean {
    const now = Date.now();
    for (const [n, until] of this.#leaving) if (until < now) this.#leaving.delete(n);
    return this.#leaving.has(server);
  }

  /** Removes servers whose container is no longer among `live` (a replica removed behind our back). */
  prune(instanceId: string, service: string, live: string[]): Promise<void> {
    return this.#serial(() => this.#prune(instanceId, service, live));
  }

  async #prune(instanceId: string, service: string, live: string[]): Promise<void> {
    const keep = new Set(live.map(serverName));
    const gone: string[] = [];
    for (const be of await this.backendsOf(instanceId, service)) {
      const stats = parseShowStat(await runtimeCommand(this.paths.adminSocket, `show stat ${be} 4 -1`));
      for (const s of stats) {
        if (s.proxy !== be || s.server === 'BACKEND' || s.server === WAKER_SERVER || keep.has(s.server)) continue;
        await runtimeCommand(this.paths.adminSocket, [
          `set server ${be}/${s.server} state maint`,
          `shutdown sessions server ${be}/${s.server}`,
          `del server ${be}/${s.server}`,
        ]);
        gone.push(s.server);
      }
    }
    if (gone.length > 0)
      await this.#writeWeights((w) => {
        for (const n of gone) delete w[n];
      });
  }

  /**
   * Sets the weight of replicas in every backend of their service (a canary's
   * split); `undefined` puts a replica back to the default. Kept in the edge's
   * weights file, so a reload by any process renders them again.
   */
  setWeights(
    instanceId: string,
    service: string,
    weights: ReadonlyArray<{ id: string; weight?: number }>,
  ): Promise<void> {
    return this.#serial(async () => {
      await this.#writeWeights((w) => {
        for (const x of weights) {
          if (x.weight === undefined) delete w[serverName(x.id)];
          else w[serverName(x.id)] = clampWeight(x.weight);
        }
      });
      for (const be of await this.backendsOf(instanceId, service)) {
        const commands = weights.map((x) => `set weight ${be}/${serverName(x.id)} ${clampWeight(x.weight ?? 1)}`);
        const answer = await runtimeCommand(this.paths.adminSocket, commands);
        if (/No such|not found|Require/i.test(answer))
          throw new Error(`HAProxy did not take the weights of ${be}: ${answer.trim()}`);
      }
    });
  }

  /**
   * Counters of some replicas of a service (a canary's new set), summed over
   * its backends in the current worker. They start again from zero after a
   * reload: a reader takes differences and treats a drop as a new start.
   */
  async serverCounters(instanceId: string, service: string, containerIds: readonly string[]): Promise<BackendCounters> {
    const backends = new Set(await this.backendsOf(instanceId, service));
    const names = new Set(containerIds.map(serverName));
    const stats = backends.size ? parseShowStat(await runtimeCommand(this.paths.adminSocket, 'show stat')) : [];
    // A blue-green preview's backend (`p_…`) counts too: its requests are the new set's.
    const preview = previewBackend(backendPrefix(instanceId, service));
    const rows = stats.filter((s) => (backends.has(s.proxy) || s.proxy.startsWith(preview)) && names.has(s.server));
    return {
      requests: rows.reduce((n, s) => n + s.responses, 0),
      responses5xx: rows.reduce((n, s) => n + s.hrsp5xx, 0),
      at: new Date(),
    };
  }

  /**
   * The edge's ring of recent responses (docker-edge-latency.ts), read once:
   * `latencies` then gives the response times (ms) of some replicas of a
   * service (a canary's new set), over its backends and its blue-green
   * preview's, that ended in `(sinceMs, untilMs]`. Undefined when the ring
   * cannot be read (HAProxy not running, or one started from a configuration
   * without the ring, until the next render reloads it). The ring holds the
   * current worker's latest responses only: after a reload it starts empty.
   */
  async latencyRing(): Promise<
    | {
        latencies(
          instanceId: string,
          service: string,
          containerIds: readonly string[],
          sinceMs: number,
          untilMs?: number,
        ): number[];
      }
    | undefined
  > {
    if (!runningMaster(this.paths)) return undefined;
    let dump: string;
    try {
      dump = await runtimeCommand(this.paths.adminSocket, `show events ${LATENCY_RING}`);
    } catch {
      return undefined;
    }
    if (/^No such event sink/m.test(dump)) return undefined;
    return {
      latencies: (instanceId, service, containerIds, sinceMs, untilMs) => {
        const prefix = backendPrefix(instanceId, service);
        const preview = previewBackend(prefix);
        const names = new Set(containerIds.map(serverName));
        return latenciesOf(
          dump,
          (s) => names.has(s.server) && (s.backend.startsWith(prefix) || s.backend.startsWith(preview)),
          sinceMs,
          untilMs,
        );
      },
    };
  }

  /** The weights recorded for some replicas (undefined: the default). */
  async weightsOf(containerIds: readonly string[]): Promise<Array<number | undefined>> {
    const w = await this.#readWeights();
    return containerIds.map((id) => w[serverName(id)]);
  }

  async #readWeights(): Promise<Record<string, number>> {
    try {
      const parsed = JSON.parse(await readFile(this.paths.weights, 'utf8')) as unknown;
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(
        Object.entries(parsed).filter(([k, v]) => /^c[0-9a-f]{12}$/.test(k) && Number.isInteger(v)),
      ) as Record<string, number>;
    } catch {
      return {};
    }
  }

  /** Read, change, write in place atomically (the file is shared by every process on the host). */
  async #writeWeights(change: (w: Record<string, number>) => void): Promise<void> {
    const w = await this.#readWeights();
    const before = JSON.stringify(w);
    change(w);
    if (JSON.stringify(w) === before) return;
    await mkdir(this.paths.dir, { recursive: true, mode: 0o700 });
    const next = `${this.paths.weights}.${process.pid}.next`;
    await writeFile(next, JSON.stringify(w), { mode: 0o600 });
    await rename(next, this.paths.weights);
  }

  /** Counters summed over every backend of a service, or undefined when it is not routed. */
  async counters(instanceId: string, service: string): Promise<BackendCounters | undefined> {
    const backends = new Set(await this.backendsOf(instanceId, service));
    if (backends.size === 0) return undefined;
    const stats = parseShowStat(await runtimeCommand(this.paths.adminSocket, 'show stat'));
    const rows = stats.filter((s) => backends.has(s.proxy) && s.server === 'BACKEND');
    return {
      requests: rows.reduce((n, s) => n + s.responses, 0),
      responses5xx: rows.reduce((n, s) => n + s.hrsp5xx, 0),
      at: new Date(),
    };
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

/**
 * A blue-green preview's backend (or prefix) beside a service's `b_…` one:
 * `p_…`, never matched by backendsOf, so rollouts never join or drain replicas there.
 */
function previewBackend(backend: string): string {
  return `p${backend.slice(1)}`;
}

function clampWeight(weight: number): number {
  return Math.max(0, Math.min(256, Math.round(weight)));
}

function weightOption(weight: number | undefined): string {
  return weight === undefined ? '' : ` weight ${clampWeight(weight)}`;
}

/** How long after its drain a replica stays out of renders: its removal follows the drain at once. */
const LEFT_MS = 60_000;

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
