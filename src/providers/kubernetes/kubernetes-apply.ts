/**
 * Writing an instance's objects: create what is missing, replace what is
 * there (carrying its resourceVersion, so a concurrent write fails instead of
 * being lost), delete what the request no longer needs. Converge, never
 * duplicate: a retried provision finishes the work instead of doubling it.
 */
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import {
  headlessName,
  type InstanceObjects,
  Labels,
  MANAGED_BY,
  objectName,
  secretKey,
  type Workload,
} from './kubernetes-objects.js';
import { ensureClaims } from './kubernetes-volumes.js';

/** Creates or replaces every object; removes the ones the request no longer needs. */
export async function applyObjects(
  cluster: KubeCluster,
  call: KubeCall,
  instanceId: string,
  objects: InstanceObjects,
): Promise<Workload> {
  const { apps, core, namespace } = cluster;
  const name = objectName(instanceId);
  const ignoreMissing = (err: unknown) => {
    if (!isNotFound(err)) throw err;
  };
  if (objects.secret) {
    const body = objects.secret;
    await upsert(
      () => core.readNamespacedSecret({ name, namespace }, call.opts()),
      () => core.createNamespacedSecret({ namespace, body }, call.opts()),
      (old) => core.replaceNamespacedSecret({ name, namespace, body: withVersion(body, old) }, call.opts()),
    );
  } else await core.deleteNamespacedSecret({ name, namespace }, call.opts()).catch(ignoreMissing);
  if (objects.configMap) {
    const body = objects.configMap;
    await upsert(
      () => core.readNamespacedConfigMap({ name, namespace }, call.opts()),
      () => core.createNamespacedConfigMap({ namespace, body }, call.opts()),
      (old) => core.replaceNamespacedConfigMap({ name, namespace, body: withVersion(body, old) }, call.opts()),
    );
  } else await core.deleteNamespacedConfigMap({ name, namespace }, call.opts()).catch(ignoreMissing);
  if (objects.service) await putService(cluster, call, name, objects.service);
  else await core.deleteNamespacedService({ name, namespace }, call.opts()).catch(ignoreMissing);
  if (objects.headless) await putService(cluster, call, headlessName(instanceId), objects.headless);
  await ensureClaims(core, namespace, call, objects.claims ?? []);

  const existing = await cluster.findWorkload(call, instanceId);
  if (existing && existing.kind !== objects.workload.kind) {
    await cluster.deleteWorkload(call, existing);
  }
  const w = objects.workload;
  if (w.kind === 'Deployment') {
    const { kind: _k, ...body } = w;
    const written =
      existing?.kind === 'Deployment'
        ? await apps.replaceNamespacedDeployment(
            { name, namespace, body: { ...withVersion(body, existing), kind: 'Deployment' } },
            call.opts(),
          )
        : await apps.createNamespacedDeployment({ namespace, body: { ...body, kind: 'Deployment' } }, call.opts());
    return { ...written, kind: 'Deployment' };
  }
  const { kind: _k, ...body } = w;
  const written =
    existing?.kind === 'StatefulSet'
      ? await apps.replaceNamespacedStatefulSet(
          { name, namespace, body: { ...withVersion(body, existing), kind: 'StatefulSet' } },
          call.opts(),
        )
      : await apps.createNamespacedStatefulSet({ namespace, body: { ...body, kind: 'StatefulSet' } }, call.opts());
  return { ...written, kind: 'StatefulSet' };
}

/** Creates or replaces the instance's ClusterIP Service. */
export async function putService(
  cluster: KubeCluster,
  call: KubeCall,
  name: string,
  body: NonNullable<InstanceObjects['service']>,
): Promise<void> {
  const { core, namespace } = cluster;
  await upsert(
    () => core.readNamespacedService({ name, namespace }, call.opts()),
    () => core.createNamespacedService({ namespace, body }, call.opts()),
    (old) => {
      // The cluster IP is allocated once and immutable: carry it over.
      const next = withVersion(body, old);
      next.spec = { ...next.spec, clusterIP: old.spec?.clusterIP, clusterIPs: old.spec?.clusterIPs };
      return core.replaceNamespacedService({ name, namespace, body: next }, call.opts());
    },
  );
}

/** Writes new values for the secret refs the workload's containers use. */
export async function updateSecret(
  cluster: KubeCluster,
  call: KubeCall,
  instanceId: string,
  w: Workload,
  secretValues: Record<string, string>,
): Promise<void> {
  const used = new Set(
    [...(w.spec?.template.spec?.containers ?? []), ...(w.spec?.template.spec?.initContainers ?? [])].flatMap((c) =>
      (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : [])),
    ),
  );
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(secretValues)) {
    if (used.has(secretKey(key))) data[secretKey(key)] = Buffer.from(value).toString('base64');
  }
  if (Object.keys(data).length === 0) return;
  const name = objectName(instanceId);
  const { core, namespace } = cluster;
  await upsert(
    () => core.readNamespacedSecret({ name, namespace }, call.opts()),
    () =>
      core.createNamespacedSecret(
        { namespace, body: { metadata: { name, namespace, labels: podLabelsOf(w) }, type: 'Opaque', data } },
        call.opts(),
      ),
    (old) =>
      core.replaceNamespacedSecret(
        { name, namespace, body: { ...old, data: { ...(old.data ?? {}), ...data } } },
        call.opts(),
      ),
  );
}

/** The instance labels of a workload, for objects created after provision. */
export function podLabelsOf(w: Workload): Record<string, string> {
  const labels = w.metadata?.labels ?? {};
  const out: Record<string, string> = { [Labels.managedBy]: MANAGED_BY };
  for (const key of [Labels.instance, Labels.tenant]) if (labels[key]) out[key] = labels[key];
  return out;
}

/** `body` with the resourceVersion of `old`, so a replace fails on a concurrent write instead of losing it. */
function withVersion<T extends { metadata?: { resourceVersion?: string } }>(
  body: T,
  old: { metadata?: { resourceVersion?: string } },
): T {
  return { ...body, metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion } };
}

/** Reads; creates when absent; replaces when present. */
async function upsert<T>(
  read: () => Promise<T>,
  create: () => Promise<T>,
  replace: (old: T) => Promise<T>,
): Promise<T> {
  let old: T;
  try {
    old = await read();
  } catch (err) {
    if (!isNotFound(err)) throw err;
    return create();
  }
  return replace(old);
}
