/**
 * The executor's side of workload sources (issue 26): applying the release's
 * rendered source through the provider's engine, pruning what the previous
 * sets held (from the inventories in Postgres, never by label), recording the
 * new inventory, and deleting everything an instance applied when it goes.
 */
import type { Instance } from '../control/model.js';
import type { SecretService } from '../control/secrets.js';
import type { DbHandle } from '../db/db-types.js';
import * as releaseObjects from '../db/repositories/release-object-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import type { CallContext, Provider } from '../providers/provider.js';
import type { ObjectRef } from '../providers/sources.js';
import type { Masker } from './masking.js';
import { OperationFailure } from './operation-failures.js';

function key(r: ObjectRef): string {
  return `${r.apiVersion}|${r.kind}|${r.namespace ?? ''}|${r.name}`;
}

/** Every object the instance may have in the cluster: its current release's set and the last one applied. */
async function previousObjects(db: DbHandle, inst: Instance): Promise<ObjectRef[]> {
  const current = inst.currentReleaseId
    ? await releaseObjects.releaseObjects(db, inst.tenantId, inst.currentReleaseId)
    : [];
  const last = await releaseObjects.lastAppliedObjects(db, inst.tenantId, inst.id);
  const seen = new Map<string, ObjectRef>();
  for (const r of [...current, ...last]) seen.set(key(r), r);
  return [...seen.values()];
}

/** Applies the source of `releaseId` (the operation's, else the current one) and records its inventory. */
export async function applySource(
  db: DbHandle,
  secrets: SecretService,
  provider: Provider,
  call: CallContext,
  inst: Instance,
  releaseId: string | null,
  masker: Masker,
): Promise<string> {
  const id = releaseId ?? inst.currentReleaseId;
  const release = id ? (await releases.findReleasesByIds(db, inst.tenantId, [id]))[0] : undefined;
  const source = release?.source;
  if (!release || !source) throw new OperationFailure('NOT_FOUND', 'the release holds no source');
  const keys = source.secrets.map((s) => s.key);
  let secretValues: Record<string, string> = {};
  try {
    secretValues = keys.length ? await secrets.resolve(inst.tenantId, keys) : {};
  } catch (err) {
    throw new OperationFailure('SECRET_NOT_FOUND', err instanceof Error ? err.message : 'a secret is missing');
  }
  masker.add(Object.values(secretValues));
  const req = {
    instanceId: inst.id,
    tenantId: inst.tenantId,
    name: inst.name,
    labels: inst.labels,
    releaseId: release.id,
    source,
    previous: await previousObjects(db, inst),
    secretValues,
  };
  let objects: ObjectRef[];
  const { argo, manifests } = provider.engines;
  if (source.type === 'argocd') {
    if (!argo) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'the provider has no Argo CD engine');
    objects = (await argo.argoApply(call, req)).objects;
  } else {
    if (!manifests) throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'the provider has no manifest engine');
    objects = (await manifests.applyManifests(call, req)).objects;
  }
  await releaseObjects.recordReleaseObjects(db, inst.tenantId, release.id, objects);
  const pruned = req.previous.filter((r) => !objects.some((o) => key(o) === key(r)));
  return `applied ${objects.length} object(s) of the ${source.type} source${pruned.length ? `, pruned ${pruned.map((r) => `${r.kind}/${r.name}`).join(', ')}` : ''}`;
}

/** Deletes every object the instance applied (from its inventories), its Application included. */
export async function removeSource(db: DbHandle, provider: Provider, call: CallContext, inst: Instance): Promise<void> {
  const objects = await previousObjects(db, inst);
  const { argo, manifests } = provider.engines;
  if (inst.sourceType === 'argocd' && argo) await argo.argoDelete(call, inst.id);
  if (manifests && objects.length > 0) await manifests.deleteManifests(call, inst.id, objects);
}
