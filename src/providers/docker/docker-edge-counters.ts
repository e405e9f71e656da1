/**
 * What the Docker edge counts: requests and 5xx answers per service or per
 * set of replicas (HAProxy's `show stat`), and the response times in the
 * latency ring (docker-edge-latency.ts). Read only; a canary's analysis and
 * the autoscaler read them. Both start again from zero after a reload.
 */
import type { BackendCounters } from '../traffic.js';
import { backendPrefix, previewBackend, serverName } from './docker-edge-config.js';
import { LATENCY_RING, latenciesOf } from './docker-edge-latency.js';
import { type EdgePaths, runningMaster } from './docker-edge-process.js';
import { parseShowStat, runtimeCommand } from './docker-edge-runtime.js';

/** The edge's latency ring, read once. */
export interface LatencyRing {
  /**
   * Response times (ms) of some replicas of a service (a canary's new set),
   * over its backends and its blue-green preview's, that ended in
   * `(sinceMs, untilMs]`.
   */
  latencies(
    instanceId: string,
    service: string,
    containerIds: readonly string[],
    sinceMs: number,
    untilMs?: number,
  ): number[];
}

export class EdgeCounters {
  constructor(
    private readonly paths: EdgePaths,
    private readonly backendsOf: (instanceId: string, service: string) => Promise<string[]>,
  ) {}

  /** Counters summed over every backend of a service, or undefined when it is not routed. */
  async ofService(instanceId: string, service: string): Promise<BackendCounters | undefined> {
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
   * Counters of some replicas of a service (a canary's new set), summed over
   * its backends in the current worker. They start again from zero after a
   * reload: a reader takes differences and treats a drop as a new start.
   */
  async ofServers(instanceId: string, service: string, containerIds: readonly string[]): Promise<BackendCounters> {
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
   * The ring of recent responses, read once. Undefined when it cannot be
   * read (HAProxy not running, or one started from a configuration without
   * the ring, until the next render reloads it). The ring holds the current
   * worker's latest responses only: after a reload it starts empty.
   */
  async latencyRing(): Promise<LatencyRing | undefined> {
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
}
