/**
 * The members of the Docker edge's backends: replicas joining (ready) and
 * leaving (drained, then removed) over HAProxy's runtime API, their weights
 * (a canary's split) and the replicas drained out. Weights and drains are
 * state every process on the host shares, as it shares the one HAProxy: both
 * live in files beside the configuration, written atomically, and every
 * process that renders reads them, so a render by one process never undoes
 * what another set.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { backendPrefix, serverName, serverOptions, WAKER_SERVER } from './docker-edge-config.js';
import { withEdgeLock, writeAtomically } from './docker-edge-files.js';
import { type EdgePaths, runningMaster } from './docker-edge-process.js';
import { parseShowStat, runtimeCommand, statsOfAllWorkers } from './docker-edge-runtime.js';

/** One replica as a backend sees it. */
export interface Member {
  /** The container's id. */
  id: string;
  /** Its address on the instance's network. */
  address: string;
}

/** Runs a step after every render and runtime change of this process queued before it. */
export type Serial = <T>(step: () => Promise<T>) => Promise<T>;

/** The server names HAProxy and the state files use: `c` and 12 hex digits. */
const SERVER = /^c[0-9a-f]{12}$/;

/** How long after its drain a replica stays out of renders: its removal follows the drain at once. */
const LEFT_MS = 60_000;

export class EdgeMembers {
  constructor(
    private readonly paths: EdgePaths,
    private readonly o: { checkIntervalMs: number; drainTimeoutMs: number },
    private readonly serial: Serial,
  ) {}

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
   * Addresses (`host:port`) of the replicas HAProxy has ready in one backend
   * now: up and weighted, so requests sent there now reach them.
   */
  async readyIn(backend: string): Promise<string[]> {
    if (!runningMaster(this.paths)) return [];
    let csv: string;
    try {
      csv = await runtimeCommand(this.paths.adminSocket, `show stat ${backend} 4 -1`);
    } catch {
      return [];
    }
    const lines = csv.split('\n').filter((l) => l.length > 0);
    const header = lines[0]?.replace(/^# /, '').split(',') ?? [];
    const col = (name: string) => header.indexOf(name);
    return lines.slice(1).flatMap((line) => {
      const f = line.split(',');
      const ok =
        f[col('pxname')] === backend &&
        f[col('svname')] !== WAKER_SERVER &&
        (f[col('status')] ?? '').startsWith('UP') &&
        Number(f[col('weight')] || 0) > 0;
      const addr = f[col('addr')];
      return ok && addr ? [addr] : [];
    });
  }

  /**
   * Adds ready replicas to every backend of their service (or makes them
   * ready again), with health checks on. A replica already in stays as is.
   */
  join(instanceId: string, service: string, members: Member[], weight?: number): Promise<void> {
    return this.serial(async () => {
      // Recorded first: a render between here and the add server keeps the weight (a canary joins at 0).
      if (weight !== undefined)
        await this.writeWeights((w) => {
          for (const m of members) w[serverName(m.id)] = weight;
        });
      await this.joinNow(instanceId, service, members);
    });
  }

  /** `join` without waiting for the queue: for a step already in it (a render's late replicas). */
  async joinNow(instanceId: string, service: string, members: Member[]): Promise<void> {
    // A replica started again after a drain (an instance stopped and started) is rendered again.
    await this.#undrain(members.map((m) => serverName(m.id)));
    const weights = await this.readWeights();
    const backends = await this.backendsOf(instanceId, service);
    for (const be of backends) {
      const port = Number(be.slice(backendPrefix(instanceId, service).length));
      for (const m of members) {
        const srv = `${be}/${serverName(m.id)}`;
        const added = await runtimeCommand(
          this.paths.adminSocket,
          `add server ${srv} ${m.address}:${port}${weightOption(weights[serverName(m.id)])} ${serverOptions(this.o.checkIntervalMs)}`,
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
    const backends = await this.serial(() =>
      // Under the edge's lock: a render by any process reads the drain before it lists, or reloads before it.
      withEdgeLock(this.paths, async () => {
        await this.#recordDrains(names, Date.now() + this.o.drainTimeoutMs + LEFT_MS);
        const all = await this.backendsOf(instanceId, service);
        for (const be of all) {
          for (const srv of names) await runtimeCommand(this.paths.adminSocket, `set server ${be}/${srv} state drain`);
        }
        return all;
      }),
    );
    const targets = new Set(backends.flatMap((be) => names.map((srv) => `${be}/${srv}`)));
    if (targets.size === 0) return;
    // Waited outside the queue (other services' replicas join and leave meanwhile), and in every worker: one a
    // reload retired still carries the requests it accepted, to replicas it knew (drained there or not).
    const deadline = Date.now() + this.o.drainTimeoutMs;
    while (Date.now() < deadline) {
      const stats = await statsOfAllWorkers(this.paths.adminSocket, this.paths.masterSocket);
      const busy = stats.some((s) => targets.has(`${s.proxy}/${s.server}`) && s.scur > 0);
      if (!busy) break;
      await delay(50);
    }
    await this.serial(async () => {
      for (const srv of targets) {
        // "No such server" when a reload since left it out (it was draining): nothing to remove then.
        await runtimeCommand(this.paths.adminSocket, [
          `set server ${srv} state maint`,
          `shutdown sessions server ${srv}`,
          `del server ${srv}`,
        ]);
      }
      await this.writeWeights((w) => {
        for (const n of names) delete w[n];
      });
    });
  }

  /** Removes servers whose container is no longer among `live` (a replica removed behind our back). */
  prune(instanceId: string, service: string, live: string[]): Promise<void> {
    return this.serial(async () => {
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
        await this.writeWeights((w) => {
          for (const n of gone) delete w[n];
        });
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
    return this.serial(async () => {
      await this.writeWeights((w) => {
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

  /** The weights recorded for some replicas (undefined: the default). */
  async weightsOf(containerIds: readonly string[]): Promise<Array<number | undefined>> {
    const w = await this.readWeights();
    return containerIds.map((id) => w[serverName(id)]);
  }

  /** The weights file: server name → weight, as every process on the host last wrote it. */
  async readWeights(): Promise<Record<string, number>> {
    try {
      const parsed = JSON.parse(await readFile(this.paths.weights, 'utf8')) as unknown;
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(
        Object.entries(parsed).filter(([k, v]) => SERVER.test(k) && Number.isInteger(v)),
      ) as Record<string, number>;
    } catch {
      return {};
    }
  }

  /** Read, change, write in place atomically, under the edge's lock (another process may change it meanwhile). */
  writeWeights(change: (w: Record<string, number>) => void): Promise<void> {
    return withEdgeLock(this.paths, async () => {
      const w = await this.readWeights();
      const before = JSON.stringify(w);
      change(w);
      if (JSON.stringify(w) === before) return;
      await writeAtomically(this.paths.weights, JSON.stringify(w));
    });
  }

  /**
   * Server names of the replicas drained out lately, by any process: not
   * rendered nor joined again, so a reload keeps them out, also between the
   * drain and the container's removal that follows it. Forgets those long
   * gone. Read under the edge's lock by a render.
   */
  async drained(): Promise<Set<string>> {
    const out = new Set<string>();
    const now = Date.now();
    const files = await readdir(this.paths.drains).catch(() => [] as string[]);
    for (const name of files) {
      if (!SERVER.test(name)) continue;
      const until = Number(await readFile(join(this.paths.drains, name), 'utf8').catch(() => 'NaN'));
      // A file being replaced reads as its old or new text (renamed in place), never empty.
      if (Number.isFinite(until) && until >= now) out.add(name);
      else if (Number.isFinite(until)) await rm(join(this.paths.drains, name), { force: true });
    }
    return out;
  }

  /** One file per drained server (its name; until when): a drain by one process never overwrites another's. */
  async #recordDrains(names: readonly string[], until: number): Promise<void> {
    await mkdir(this.paths.drains, { recursive: true, mode: 0o700 });
    for (const n of names) await writeAtomically(join(this.paths.drains, n), String(until));
  }

  async #undrain(names: readonly string[]): Promise<void> {
    for (const n of names) await rm(join(this.paths.drains, n), { force: true });
  }
}

export function clampWeight(weight: number): number {
  return Math.max(0, Math.min(256, Math.round(weight)));
}

function weightOption(weight: number | undefined): string {
  return weight === undefined ? '' : ` weight ${clampWeight(weight)}`;
}
