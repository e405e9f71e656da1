import DataLoader from 'dataloader';
import type { Event, Instance, Operation, Release } from '../control/model.js';
import type { Principal } from '../control/scopes.js';
import type { Services } from '../control/services.js';

/**
 * Per-request batch loaders: every nested relation goes through one, so a page
 * of N instances costs a constant number of statements. Each is scoped to the
 * caller's tenant; ids of other tenants load as null.
 */
export interface Loaders {
  instance: DataLoader<string, Instance | null>;
  release: DataLoader<string, Release | null>;
  operation: DataLoader<string, Operation | null>;
  event: DataLoader<string, Event | null>;
  latestOperation: DataLoader<string, Operation | null>;
}

function byKey<T>(keys: readonly string[], rows: T[], key: (t: T) => string): (T | null)[] {
  const m = new Map(rows.map((r) => [key(r), r]));
  return keys.map((k) => m.get(k) ?? null);
}

/**
 * The loaders of one request, each made on first use: most requests (a
 * `viewer`, a single node) touch one or none, and the read path pays for
 * every object it builds.
 */
export function createLoaders(services: Services, principal: Principal): Loaders {
  const q = services.queries;
  const tenant = principal.tenantId;
  const made: Partial<Loaders> = {};
  const lazy = <K extends keyof Loaders>(key: K, make: () => Loaders[K]) => ({
    enumerable: true,
    get: (): Loaders[K] => {
      made[key] ??= make();
      return made[key] as Loaders[K];
    },
  });
  return Object.defineProperties({} as Loaders, {
    instance: lazy(
      'instance',
      () => new DataLoader(async (ids) => byKey(ids, await q.instancesByIds(tenant, ids), (i) => i.id)),
    ),
    release: lazy(
      'release',
      () => new DataLoader(async (ids) => byKey(ids, await q.releasesByIds(tenant, ids), (r) => r.id)),
    ),
    operation: lazy(
      'operation',
      () => new DataLoader(async (ids) => byKey(ids, await q.operationsByIds(tenant, ids), (o) => o.id)),
    ),
    event: lazy(
      'event',
      () => new DataLoader(async (ids) => byKey(ids, await q.eventsByIds(tenant, ids), (e) => e.id)),
    ),
    latestOperation: lazy(
      'latestOperation',
      () => new DataLoader(async (ids) => byKey(ids, await q.latestOperations(tenant, ids), (o) => o.instanceId)),
    ),
  });
}
