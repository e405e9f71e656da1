import { LRUCache } from 'lru-cache';
import type { ListedInstanceRow } from '../db/repositories/instance-repository.js';
import { type Instance, type Release, toInstance, toRelease } from './model.js';

/** How many instances and releases one process keeps as read. */
export const INSTANCE_ROWS_LIMITS = { instances: 5_000, releases: 5_000 } as const;

interface Kept {
  tenantId: string;
  version: string;
  instance: Instance;
}

/**
 * Instances as this process last read them, by row version, and their
 * current releases. A dashboard polls the same page over and over; reading
 * where its rows stand (id and version) costs a fraction of reading the rows
 * (their JSON columns were most of a list request's CPU), and a row whose
 * version has not moved is the row already read. The version is the row's
 * `xmin`: every write, by any replica, a migration or a person with psql,
 * gives the row a new one, so nothing here is ever stale and nothing needs
 * telling when a row changes. Releases are never written after the
 * transaction that made them (the link to their operation is made there), so
 * a release is kept by id alone.
 *
 * What is handed out is shared by every request that reads it, so it is
 * frozen: code that changed it in place would change it for everyone.
 */
export class InstanceRows {
  readonly #instances = new LRUCache<string, Kept>({ max: INSTANCE_ROWS_LIMITS.instances });
  readonly #releases = new LRUCache<string, Release>({ max: INSTANCE_ROWS_LIMITS.releases });

  /** The instance `id` of `tenantId` as it was at `version`, when this process has read it so. */
  instance(tenantId: string, id: string, version: string): Instance | undefined {
    const kept = this.#instances.get(id);
    return kept && kept.version === version && kept.tenantId === tenantId ? kept.instance : undefined;
  }

  /** A release of `tenantId` this process has read. */
  release(tenantId: string, id: string): Release | undefined {
    const kept = this.#releases.get(id);
    return kept && kept.tenantId === tenantId ? kept : undefined;
  }

  /** Keeps a row just read (and its current release), and returns the instance as handed out. */
  remember(row: ListedInstanceRow): Instance {
    const instance = deepFreeze(toInstance(row));
    this.#instances.set(row.id, { tenantId: row.tenant_id, version: row.row_version, instance });
    const release = row.current_release;
    if (release && release.tenant_id === row.tenant_id) this.#releases.set(release.id, deepFreeze(toRelease(release)));
    return instance;
  }
}

/** Freezes a plain object and everything it holds (Dates are left as they are: nobody sets a Date's time). */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || value instanceof Date || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
