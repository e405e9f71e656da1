import type { DbHandle } from '../db/db-types.js';
import { lastAppliedObjects } from '../db/repositories/release-object-repository.js';
import type { Instance } from './model.js';

/** One applied object with its readiness as last observed (status keys a source's objects `Kind/name`). */
export interface SourceObject {
  apiVersion: string;
  kind: string;
  namespace: string | null;
  name: string;
  ready: boolean | null;
  message: string | null;
}

/** The objects a source instance applied last (its inventory in Postgres), joined with its observed status. */
export async function sourceObjectsOf(db: DbHandle, inst: Instance): Promise<SourceObject[]> {
  const objects = await lastAppliedObjects(db, inst.tenantId, inst.id);
  return objects.map((o) => {
    const seen = inst.serviceStatus[`${o.kind}/${o.name}`];
    return {
      apiVersion: o.apiVersion,
      kind: o.kind,
      namespace: o.namespace ?? null,
      name: o.name,
      ready: seen ? seen.ready : null,
      message: seen?.message ?? null,
    };
  });
}
