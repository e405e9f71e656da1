/**
 * Persistent volumes on Kubernetes. A StatefulSet gets one
 * volumeClaimTemplate per volume (so each replica gets its own claim,
 * `<volume>-wh-<id>-<ordinal>`, kept by the StatefulSet controller across
 * scale-downs); a Deployment gets one PersistentVolumeClaim per volume,
 * `wh-<id>-<volume>`, labelled with the instance and shared by its pods.
 * Claims outlive the workload: deprovision removes them only when asked.
 */
import type {
  CoreV1Api,
  V1PersistentVolumeClaim,
  V1PersistentVolumeClaimSpec,
  V1Volume,
  V1VolumeMount,
} from '@kubernetes/client-node';
import type { ProvisionRequest } from '../provider.js';
import type { ServiceSpec, VolumeSpec } from '../service-spec.js';
import type { KubeCall } from './kubernetes-call.js';
import { isNotFound } from './kubernetes-errors.js';
import {
  baseLabels,
  type InstanceObjects,
  instanceSelector,
  objectName,
  SpecError,
  stampTemplate,
} from './kubernetes-objects.js';

/** Size of a claim whose volume names none. */
export const DEFAULT_VOLUME_SIZE_MB = 1024;
/** The pod volume name the config files use; a volume may not take it. */
const CONFIG_VOLUME = 'wh-config';
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** One volume of the instance: services naming the same volume share it. */
interface InstanceVolume {
  name: string;
  sizeMb: number;
  storageClassName?: string;
}

/**
 * Checks the volumes of a request: DNS-label names, absolute mount paths,
 * positive integer sizes, and one size and type per name across services.
 */
export function validateVolumes(req: ProvisionRequest): void {
  instanceVolumes(req.services, undefined);
}

/** The instance's volumes by name, with the storage class each claim asks for. */
function instanceVolumes(services: readonly ServiceSpec[], defaultStorageClass: string | undefined): InstanceVolume[] {
  const byName = new Map<string, InstanceVolume & { type: string | undefined }>();
  for (const svc of services) {
    const mounted = new Set<string>();
    for (const v of svc.volumes) {
      checkVolume(svc.name, v);
      if (mounted.has(v.name)) throw new SpecError(`service ${svc.name}: volume ${v.name} is listed twice`);
      mounted.add(v.name);
      const sizeMb = v.sizeMb ?? DEFAULT_VOLUME_SIZE_MB;
      const seen = byName.get(v.name);
      if (seen && (seen.sizeMb !== sizeMb || seen.type !== v.type)) {
        throw new SpecError(`volume ${v.name} is declared with different sizes or types; services share it by name`);
      }
      const storageClassName = v.type || defaultStorageClass;
      byName.set(v.name, { name: v.name, sizeMb, type: v.type, ...(storageClassName ? { storageClassName } : {}) });
    }
  }
  return [...byName.values()].map(({ type: _t, ...v }) => v);
}

function checkVolume(service: string, v: VolumeSpec): void {
  if (!DNS_LABEL.test(v.name) || v.name.length > 40) {
    throw new SpecError(`service ${service}: volume name ${v.name} must be a DNS label of at most 40 characters`);
  }
  if (v.name === CONFIG_VOLUME) throw new SpecError(`service ${service}: volume name ${CONFIG_VOLUME} is reserved`);
  if (!v.mountPath.startsWith('/'))
    throw new SpecError(`service ${service}: volume ${v.name} mount path must be absolute`);
  if (v.sizeMb !== undefined && (!Number.isInteger(v.sizeMb) || v.sizeMb <= 0)) {
    throw new SpecError(`service ${service}: volume ${v.name} sizeMb must be a positive integer`);
  }
  if (v.type !== undefined && v.type !== '' && !/^[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/.test(v.type)) {
    throw new SpecError(`service ${service}: volume ${v.name} type must name a storage class`);
  }
}

/** The claim spec of one volume: ReadWriteOnce, its size, its class (else the cluster's default class). */
function claimSpec(v: InstanceVolume): V1PersistentVolumeClaimSpec {
  return {
    accessModes: ['ReadWriteOnce'],
    resources: { requests: { storage: `${v.sizeMb}Mi` } },
    ...(v.storageClassName ? { storageClassName: v.storageClassName } : {}),
  };
}

/** The name of a Deployment's claim for `volume`. */
export function claimName(instanceId: string, volume: string): string {
  return `${objectName(instanceId)}-${volume}`;
}

/** Where each service mounts its volumes (the pod volume, or claim template, has the volume's name). */
export function volumeMountsOf(svc: ServiceSpec): V1VolumeMount[] {
  return svc.volumes.map((v) => ({ name: v.name, mountPath: v.mountPath }));
}

/** What a workload needs for the instance's volumes, by kind. */
export interface VolumeObjects {
  /** StatefulSet: one template per volume. */
  claimTemplates: V1PersistentVolumeClaim[];
  /** Deployment: one claim per volume, created before the workload. */
  claims: V1PersistentVolumeClaim[];
  /** Deployment: the pod volumes that mount those claims. */
  podVolumes: V1Volume[];
}

/** Builds the claim templates (StatefulSet) or claims and pod volumes (Deployment) of a request. */
export function volumeObjects(
  req: ProvisionRequest,
  namespace: string,
  labels: Record<string, string>,
  defaultStorageClass: string | undefined,
): VolumeObjects {
  const volumes = instanceVolumes(req.services, defaultStorageClass);
  if (req.kind === 'stateful_set') {
    return {
      claimTemplates: volumes.map((v) => ({ metadata: { name: v.name, labels: { ...labels } }, spec: claimSpec(v) })),
      claims: [],
      podVolumes: [],
    };
  }
  return {
    claimTemplates: [],
    claims: volumes.map((v) => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: claimName(req.instanceId, v.name), namespace, labels: { ...labels } },
      spec: claimSpec(v),
    })),
    podVolumes: volumes.map((v) => ({
      name: v.name,
      persistentVolumeClaim: { claimName: claimName(req.instanceId, v.name) },
    })),
  };
}

/**
 * Adds the request's volumes to built objects: mounts in each container,
 * claim templates on a StatefulSet, claims and pod volumes for a Deployment.
 * The pod template's hash is stamped again, since its spec changed.
 */
export function attachVolumes(
  objects: InstanceObjects,
  req: ProvisionRequest,
  namespace: string,
  defaultStorageClass: string | undefined,
): void {
  if (!req.services.some((s) => s.volumes.length > 0)) return;
  const labels = baseLabels(req);
  const built = volumeObjects(req, namespace, labels, defaultStorageClass);
  const w = objects.workload;
  const template = w.spec?.template;
  if (!template?.spec) return;
  const byName = new Map(req.services.map((s) => [s.name, s]));
  for (const c of [...template.spec.containers, ...(template.spec.initContainers ?? [])]) {
    const svc = byName.get(c.name);
    if (svc && svc.volumes.length > 0) c.volumeMounts = [...(c.volumeMounts ?? []), ...volumeMountsOf(svc)];
  }
  if (w.kind === 'StatefulSet' && w.spec) w.spec.volumeClaimTemplates = built.claimTemplates;
  else {
    template.spec.volumes = [...(template.spec.volumes ?? []), ...built.podVolumes];
    objects.claims = built.claims;
  }
  stampTemplate(template);
}

/** Creates the claims that do not exist yet; an existing claim is left as it is (its size only grows by hand). */
export async function ensureClaims(
  core: CoreV1Api,
  namespace: string,
  call: KubeCall,
  claims: readonly V1PersistentVolumeClaim[],
): Promise<void> {
  for (const body of claims) {
    const name = body.metadata?.name ?? '';
    try {
      await core.readNamespacedPersistentVolumeClaim({ name, namespace }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await core.createNamespacedPersistentVolumeClaim({ namespace, body }, call.opts());
    }
  }
}

/**
 * The instance's claims (a Deployment's, and those the StatefulSet
 * controller made from its templates, which carry the template's labels):
 * deleted when `deleteVolumes`, else left with their data. Returns the names
 * of the claims kept.
 */
export async function releaseClaims(
  core: CoreV1Api,
  namespace: string,
  call: KubeCall,
  instanceId: string,
  deleteVolumes: boolean,
): Promise<string[]> {
  let names: string[];
  try {
    const list = await core.listNamespacedPersistentVolumeClaim(
      { namespace, labelSelector: instanceSelector(instanceId) },
      call.opts(),
    );
    names = list.items.map((c) => c.metadata?.name ?? '').filter(Boolean);
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
  if (!deleteVolumes) return names.sort();
  for (const name of names) {
    await core.deleteNamespacedPersistentVolumeClaim({ name, namespace }, call.opts()).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
    });
  }
  return [];
}
