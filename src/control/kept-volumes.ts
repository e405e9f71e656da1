/**
 * Kept volumes (issue 39): what a deprovision kept (deleteVolumes not set),
 * recorded per tenant, listed, attached by id to a new instance's volume
 * (`VolumeSpecInput.kept`), or deleted on the provider and then forgotten.
 */
import { randomUUID } from 'node:crypto';
import type { KeptVolumeRow } from '../db/database.js';
import { type Db, type DbHandle, withTransaction } from '../db/db-types.js';
import * as kept from '../db/repositories/kept-volume-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import type { DeprovisionResult, Provider } from '../providers/provider.js';
import { isProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { ServiceSpec, VolumeSpec } from '../providers/service-spec.js';
import { ConflictError, NotFoundError, ValidationError } from './errors.js';
import { acquireProvider, callProvider } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { Problems } from './spec-validation.js';

/** A volume kept at a deprovision, as the API shows it. */
export interface KeptVolume {
  id: string;
  /** The provider it lives on (its registry key). */
  provider: string;
  /** Its name on the provider (a Docker named volume, a Kubernetes claim). */
  name: string;
  /** The VolumeSpec name it was created for. */
  volume: string;
  /** The service that mounted it, when known. */
  service: string | null;
  /** The name of the instance it was kept from. */
  instanceName: string;
  sizeMb: number | null;
  keptAt: Date;
  /** The instance it is attached to again, if any (then it is not listed). */
  attachedInstanceId: string | null;
}

export function toKeptVolume(r: KeptVolumeRow): KeptVolume {
  return {
    id: r.id,
    provider: r.provider_key,
    name: r.name,
    volume: r.volume,
    service: r.service,
    instanceName: r.instance_name,
    sizeMb: r.size_mb,
    keptAt: r.kept_at,
    attachedInstanceId: r.attached_instance_id,
  };
}

/** The provider calls a deletion may take. */
const DELETE_TIMEOUT_MS = 30_000;

/** Lists, reads and deletes a tenant's kept volumes. */
export class KeptVolumeService {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
  ) {}

  async list(
    caller: Principal,
    page: { limit: number; after?: { createdAt: Date; id: string } },
  ): Promise<KeptVolume[]> {
    return (await kept.listKeptVolumes(this.db, caller.tenantId, page)).map(toKeptVolume);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<KeptVolume[]> {
    return (await kept.findKeptVolumesByIds(this.db, tenantId, ids)).map(toKeptVolume);
  }

  /**
   * Deletes a detached kept volume on its provider (data and all), then its
   * record. Another tenant's is not found; one attached again is a conflict.
   */
  async delete(caller: Principal, id: string): Promise<void> {
    const row = await kept.findKeptVolume(this.db, caller.tenantId, id);
    if (!row) throw new NotFoundError('kept volume');
    if (row.attached_instance_id) {
      throw new ConflictError(`volume ${row.name} is attached to an instance again: deprovision that instance instead`);
    }
    const gone = () => new NotFoundError('kept volume');
    await callProvider(row.provider_key, gone, async () => {
      const { provider, ctx } = await acquireProvider(
        this.registry,
        row.provider_key,
        AbortSignal.timeout(DELETE_TIMEOUT_MS),
      );
      if (!provider.deleteKeptVolume) {
        throw new ConflictError(
          `the ${row.provider_key} provider cannot delete kept volume ${row.name} through the API yet: delete it on the provider (a Kubernetes claim: kubectl delete pvc ${row.name})`,
        );
      }
      try {
        await provider.deleteKeptVolume(ctx, caller.tenantId, row.name);
      } catch (err) {
        if (isProviderError(err, 'conflict')) throw new ConflictError(err.message);
        throw err;
      }
    });
    // In a transaction, so the audit entry commits with the record's removal.
    await withTransaction(this.db, (tx) => kept.deleteKeptVolume(tx, caller.tenantId, id));
  }
}

/** The input of one volume: `kept` is a kept volume's (local) id. */
interface VolumeInput {
  name: string;
  kept?: string | null;
}

/**
 * Checks the kept volumes a provision names (`services[i].volumes[j].kept`)
 * and sets them on the specs to store: each must be the tenant's, on the
 * provider the instance goes to, not attached already, named once, and the
 * provider must mount kept volumes. Returns the ids to attach in the
 * provision's transaction (attachKept).
 */
export async function checkKeptAttachments(
  db: Db,
  tenantId: string,
  providerKey: string,
  provider: Provider,
  inputs: readonly { volumes?: readonly VolumeInput[] | null }[],
  services: readonly { volumes: VolumeSpec[] }[],
  idempotencyKey?: string | null,
): Promise<string[]> {
  // A retried provision (same key) finds its volumes attached to the instance it made: a replay, not a conflict.
  const replayOf = idempotencyKey
    ? (await operations.findOperationByIdempotencyKey(db, tenantId, idempotencyKey))?.instance_id
    : undefined;
  const p = new Problems();
  const ids: string[] = [];
  for (const [i, s] of inputs.entries()) {
    for (const [j, v] of (s.volumes ?? []).entries()) {
      if (!v.kept) continue;
      const at = ['input', 'services', i, 'volumes', j, 'kept'];
      const row = await kept.findKeptVolume(db, tenantId, v.kept);
      const attach = provider.keptVolumeAttach;
      if (!row) p.add(at, 'no kept volume of this tenant has this id');
      else if (row.provider_key !== providerKey)
        p.add(at, `volume ${row.name} is kept on provider "${row.provider_key}", not "${providerKey}"`);
      else if (row.attached_instance_id && row.attached_instance_id === replayOf) continue;
      else if (row.attached_instance_id) p.add(at, `volume ${row.name} is already attached to an instance`);
      else if (ids.includes(row.id)) p.add(at, `volume ${row.name} is named twice`);
      else if (!attach?.supported)
        p.add(
          at,
          attach?.reason ??
            `the ${providerKey} provider cannot mount a kept volume in a new instance yet (it creates each instance's volumes itself); provision without kept`,
        );
      else {
        ids.push(row.id);
        const spec = services[i]?.volumes.find((x) => x.name === v.name);
        if (spec) Object.assign(spec, { existing: row.name, keptId: row.id });
      }
    }
  }
  p.throwIfAny();
  return ids;
}

/** Marks the checked kept volumes attached to the new instance; one taken meanwhile fails the provision. */
export async function attachKept(db: Db, tenantId: string, ids: readonly string[], instanceId: string): Promise<void> {
  for (const id of ids) {
    if (!(await kept.attachKeptVolume(db, tenantId, id, instanceId))) {
      throw ValidationError.of(['input', 'services'], 'a kept volume named here was attached by another provision');
    }
  }
}

/**
 * After a deprovision: records the volumes it kept (a re-attached one is
 * detached again, under this instance's names), or forgets the kept volumes
 * this instance had attached when it deleted its volumes.
 */
export async function recordDeprovisionedVolumes(
  db: Db,
  inst: { id: string; tenantId: string; name: string; providerKey: string },
  specs: readonly Pick<ServiceSpec, 'name' | 'volumes'>[],
  result: DeprovisionResult | undefined,
  deleteVolumes: boolean,
): Promise<void> {
  if (deleteVolumes) {
    await kept.deleteAttachedTo(db, inst.tenantId, inst.id);
    return;
  }
  const mounts = specs.flatMap((s) => s.volumes.map((v) => ({ service: s.name, spec: v })));
  // A re-attached volume is kept too when a repeated teardown no longer saw it (no container mounts it now).
  const attached = mounts.flatMap((m) => (m.spec.existing ? [m.spec.existing] : []));
  for (const name of new Set([...(result?.keptVolumes ?? []), ...attached])) {
    const volume =
      mounts.find((m) => m.spec.existing === name)?.spec.name ??
      result?.keptVolumeSpecs?.[name] ??
      namedAfter(
        name,
        mounts.map((m) => m.spec.name),
      ) ??
      name;
    const owner = mounts.find((m) => m.spec.existing === name) ?? mounts.find((m) => m.spec.name === volume);
    await kept.recordKeptVolume(db, {
      id: randomUUID(),
      tenant_id: inst.tenantId,
      provider_key: inst.providerKey,
      name,
      volume,
      service: owner?.service ?? null,
      instance_name: inst.name,
      size_mb: owner?.spec.sizeMb ?? null,
    });
  }
}

/**
 * The volume a provider name was made from, when the provider does not say:
 * the longest volume name it ends (`wh-<id>-data`) or starts (a StatefulSet
 * claim, `data-wh-<id>-0`) with, as a whole dash-separated part.
 */
function namedAfter(providerName: string, volumes: readonly string[]): string | undefined {
  return volumes
    .filter((v) => providerName.endsWith(`-${v}`) || providerName.startsWith(`${v}-`))
    .sort((a, b) => b.length - a.length)[0];
}
