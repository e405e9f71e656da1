/**
 * How an instance's listed containers read: its services in start order or
 * in report order, a service's replica count and the replica its spec is
 * read from, and the endpoints a snapshot serves. Pure: no Engine call.
 */
import type { Endpoint } from '../provider.js';
import type { ServiceRole } from '../service-spec.js';
import type { Listed, Snapshot } from './docker-engine.js';
import { startOrder } from './docker-spec.js';
import { endpointsOf, phaseOf } from './docker-status.js';

/** Endpoints of the running replicas in a snapshot, main service first. */
export function snapshotEndpoints(snap: Snapshot): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [, replicas] of sortServices(snap.current)) {
    for (const { listed, info } of replicas) {
      if (listed.spec && phaseOf(info) === 'running') out.push(...endpointsOf(info, listed.spec));
    }
  }
  return out;
}

/** Services in start order (from the specs stored on their containers). */
export function serviceOrder(all: Listed[]): string[] {
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
export function sortServices<T extends Array<{ listed: Listed }>>(current: Map<string, T>): Array<[string, T]> {
  const rank = (role: ServiceRole | undefined) => (role === 'main' ? 0 : role === 'sidecar' ? 1 : 2);
  return [...current.entries()].sort(
    ([a, ra], [b, rb]) => rank(ra[0]?.listed.role) - rank(rb[0]?.listed.role) || a.localeCompare(b),
  );
}

/** The container a service's spec is read from: replica 0, running if possible. */
export function reference(mine: Listed[]): Listed {
  const sorted = [...mine].sort(
    (a, b) => a.replica - b.replica || Number(b.state === 'running') - Number(a.state === 'running'),
  );
  return sorted[0] as Listed;
}

/** How many distinct replicas a service has. */
export function replicaCount(mine: Listed[]): number {
  return new Set(mine.map((c) => c.replica)).size;
}
