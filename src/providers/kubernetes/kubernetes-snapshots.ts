/**
 * Volume backups on Kubernetes as CSI VolumeSnapshots (`snapshot.storage.k8s.io/v1`),
 * the provider's `volumeBackups` engine in `snapshot` mode (backups.ts) when it
 * is configured with a `volumeSnapshotClass`.
 *
 * - A backup is a VolumeSnapshot of the volume's claim (a Deployment's
 *   `wh-<id>-<volume>`, a StatefulSet's first replica's `<volume>-wh-<id>-0`)
 *   in the instance's namespace, in the configured class, named after the
 *   operation and labelled with it; the backup is done once the snapshot
 *   controller says `readyToUse`. A snapshot that fails (`status.error`), is
 *   canceled or never gets ready in time is deleted: no half-made snapshot is
 *   left. The class is read first: a class the cluster lacks (or a cluster
 *   without the snapshot API) is `invalid_spec` saying so, before anything is made.
 * - A restore replaces the claim: the workload is already scaled to zero by
 *   the caller (stopMounting), the claim is deleted and, once gone, created
 *   again with the same name, class, access modes and labels, at least the
 *   snapshot's restoreSize, and `dataSource` naming the snapshot; the CSI
 *   driver provisions the new volume from it. The same name is what keeps
 *   the workload, and every later deploy and rollback of it, pointing at the
 *   restored data with nothing else to change (a claim's dataSource is
 *   immutable: a new volume needs a new claim object). A re-run after a crash
 *   does the same again: the snapshot is still there.
 * - Stopping the services that mount a volume scales the workload to zero
 *   (every service of the instance is a container of its one pod) and waits
 *   until its pods are gone, remembering the replicas as a stop does; starting
 *   gives them back.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CustomObjectsApi, V1PersistentVolumeClaim } from '@kubernetes/client-node';
import type { VolumeRef, VolumeSnapshotTaken } from '../backups.js';
import { CanceledError, ProviderErrorKinds } from '../provider-errors.js';
import { KubeCall, type KubeTarget } from './kubernetes-call.js';
import type { KubeChanges } from './kubernetes-changes.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import { startWorkload, stopWorkload } from './kubernetes-lifecycle.js';
import { Labels, MANAGED_BY, objectName } from './kubernetes-objects.js';

const GROUP = 'snapshot.storage.k8s.io';
const VERSION = 'v1';
/** The label that finds a BACKUP operation's snapshot again (removeLeftovers). */
export const BACKUP_OPERATION_LABEL = 'wheelhouse.dev/backup-operation';
/** The annotation a restored claim carries: the snapshot it was made from. */
export const RESTORED_FROM_ANNOTATION = 'wheelhouse.dev/restored-from';

/** A VolumeSnapshot as read (only what is used). */
interface VolumeSnapshot {
  metadata?: { name?: string };
  status?: { readyToUse?: boolean; restoreSize?: string; error?: { message?: string } };
}

/** The snapshot engine's settings. */
export interface SnapshotOptions {
  /** The VolumeSnapshotClass every snapshot is taken in. */
  snapshotClass: string;
  /** How long a snapshot may take to become ready. */
  readyTimeoutMs: number;
  /** How long stopping the workload (and a deleted claim's release) may take. */
  stopTimeoutMs: number;
  pollMs: number;
  apiTimeoutMs: number;
  target: KubeTarget;
}

/** The VolumeSnapshot a BACKUP operation takes of an instance's volume. */
export function snapshotName(instanceId: string, volume: string, operationId: string): string {
  return `${objectName(instanceId)}-${volume}-${operationId}`.toLowerCase();
}

/** Bytes of a Kubernetes quantity (`64Mi`, `1G`, `1073741824`); undefined when unreadable. */
export function quantityBytes(q: string | undefined): number | undefined {
  const m = /^([0-9.]+)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/.exec(q ?? '');
  if (!m) return undefined;
  const binary = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 } as Record<string, number>;
  const decimal = { k: 1, M: 2, G: 3, T: 4, P: 5, E: 6 } as Record<string, number>;
  const unit = m[2] ?? '';
  const factor = binary[unit] ? 1024 ** binary[unit] : decimal[unit] ? 1000 ** decimal[unit] : 1;
  return Math.round(Number(m[1]) * factor);
}

/** VolumeSnapshots of the volumes of one namespace's instances. */
export class KubeVolumeSnapshots {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly changes: KubeChanges,
    private readonly custom: CustomObjectsApi,
    private readonly options: SnapshotOptions,
  ) {}

  /** Snapshots the volume's claim and waits until it is ready (see the module comment). */
  async snapshotVolume(call: KubeCall, ref: VolumeRef): Promise<VolumeSnapshotTaken> {
    const namespace = this.cluster.namespace;
    const claim = await this.claimOf(call, ref.instanceId, ref.volume);
    await this.#checkClass(call);
    const name = snapshotName(ref.instanceId, ref.volume, ref.operationId);
    const w = await this.cluster.readWorkload(call, ref.instanceId);
    const body = {
      apiVersion: `${GROUP}/${VERSION}`,
      kind: 'VolumeSnapshot',
      metadata: {
        name,
        namespace,
        labels: {
          [Labels.instance]: ref.instanceId,
          [Labels.tenant]: w.metadata?.labels?.[Labels.tenant] ?? '',
          [Labels.managedBy]: MANAGED_BY,
          [BACKUP_OPERATION_LABEL]: ref.operationId,
        },
      },
      spec: { volumeSnapshotClassName: this.options.snapshotClass, source: { persistentVolumeClaimName: claim } },
    };
    await this.custom.createNamespacedCustomObject(
      { group: GROUP, version: VERSION, namespace, plural: 'volumesnapshots', body },
      call.opts(),
    );
    try {
      const ready = await this.#untilReady(call, name);
      const size = quantityBytes(ready.status?.restoreSize);
      return { snapshot: name, sizeBytes: size ?? null };
    } catch (err) {
      // Nothing half-made is left: a snapshot that failed, timed out or was canceled goes.
      await this.#deleteDetached(call.bearer, name);
      if (call.signal?.aborted) throw new CanceledError('backup canceled');
      throw err;
    }
  }

  /** Replaces the volume's claim with one made from `snapshot` (the workload already stopped: see the module comment). */
  async restoreSnapshot(call: KubeCall, ref: VolumeRef, snapshot: string): Promise<void> {
    const namespace = this.cluster.namespace;
    const snap = await this.#read(call, snapshot);
    if (!snap)
      throw call.fail(ProviderErrorKinds.notFound, `VolumeSnapshot ${snapshot} is gone from namespace ${namespace}`);
    if (snap.status?.readyToUse !== true)
      throw call.fail(ProviderErrorKinds.invalidSpec, `VolumeSnapshot ${snapshot} is not ready to restore from`);
    const claim = await this.claimOf(call, ref.instanceId, ref.volume);
    const old = await this.#readClaim(call, claim);
    if (old) await this.#deleteClaim(call, claim);
    const w = await this.cluster.readWorkload(call, ref.instanceId);
    const labels = old?.metadata?.labels ?? {
      [Labels.instance]: ref.instanceId,
      [Labels.tenant]: w.metadata?.labels?.[Labels.tenant] ?? '',
      [Labels.managedBy]: MANAGED_BY,
    };
    const wanted = old?.spec?.resources?.requests?.storage;
    const restoreSize = snap.status?.restoreSize;
    // The new volume holds at least the snapshot: a smaller request is refused by the CSI provisioner.
    const storage =
      wanted && (quantityBytes(wanted) ?? 0) >= (quantityBytes(restoreSize) ?? 0) ? wanted : (restoreSize ?? wanted);
    const body: V1PersistentVolumeClaim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: claim, namespace, labels, annotations: { [RESTORED_FROM_ANNOTATION]: snapshot } },
      spec: {
        accessModes: old?.spec?.accessModes ?? ['ReadWriteOnce'],
        ...(old?.spec?.storageClassName ? { storageClassName: old.spec.storageClassName } : {}),
        resources: { requests: { storage: storage ?? '1Gi' } },
        dataSource: { apiGroup: GROUP, kind: 'VolumeSnapshot', name: snapshot },
      },
    };
    await this.cluster.core.createNamespacedPersistentVolumeClaim({ namespace, body }, call.opts());
  }

  /** Deletes a snapshot; an absent one is fine. */
  async deleteSnapshot(call: KubeCall, snapshot: string): Promise<void> {
    try {
      await this.custom.deleteNamespacedCustomObject(
        {
          group: GROUP,
          version: VERSION,
          namespace: this.cluster.namespace,
          plural: 'volumesnapshots',
          name: snapshot,
        },
        call.opts(),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /** Scales the workload to zero (every service is in its one pod) and waits until its pods are gone. */
  async stopMounting(call: KubeCall, instanceId: string, volume: string): Promise<string[]> {
    await this.claimOf(call, instanceId, volume);
    const w = await this.cluster.readWorkload(call, instanceId);
    if ((w.spec?.replicas ?? 1) === 0) return [];
    await stopWorkload(this.cluster, this.changes, call, instanceId, this.options.stopTimeoutMs);
    return (w.spec?.template.spec?.containers ?? []).map((c) => c.name);
  }

  /** Scales the workload back to the replicas it had (a stop's annotation). */
  async startServices(call: KubeCall, instanceId: string, services: readonly string[]): Promise<void> {
    if (services.length > 0) await startWorkload(this.cluster, call, instanceId);
  }

  /** Deletes the snapshots a crashed run of BACKUP `operationId` left (taken again when it runs again). */
  async removeLeftovers(call: KubeCall, instanceId: string, operationId: string): Promise<number> {
    let items: VolumeSnapshot[];
    try {
      const list = (await this.custom.listNamespacedCustomObject(
        {
          group: GROUP,
          version: VERSION,
          namespace: this.cluster.namespace,
          plural: 'volumesnapshots',
          labelSelector: `${BACKUP_OPERATION_LABEL}=${operationId},${Labels.instance}=${instanceId}`,
        },
        call.opts(),
      )) as { items?: VolumeSnapshot[] };
      items = list.items ?? [];
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
    for (const s of items) if (s.metadata?.name) await this.deleteSnapshot(call, s.metadata.name);
    return items.length;
  }

  /** The claim that holds `volume` of the instance's workload; `not_found` when no service mounts it. */
  async claimOf(call: KubeCall, instanceId: string, volume: string): Promise<string> {
    const w = await this.cluster.readWorkload(call, instanceId);
    if (w.kind === 'StatefulSet') {
      // Each replica has its own claim: the first replica's is the one backed up and restored (as on Docker).
      if ((w.spec?.volumeClaimTemplates ?? []).some((t) => t.metadata?.name === volume))
        return `${volume}-${w.metadata?.name}-0`;
    } else {
      const podVolume = (w.spec?.template.spec?.volumes ?? []).find((v) => v.name === volume);
      if (podVolume?.persistentVolumeClaim) return podVolume.persistentVolumeClaim.claimName;
    }
    throw call.fail(ProviderErrorKinds.notFound, `no service of instance ${instanceId} mounts volume "${volume}"`);
  }

  /** The configured class must exist: a snapshot in a missing class would only ever report an error. */
  async #checkClass(call: KubeCall): Promise<void> {
    const name = this.options.snapshotClass;
    try {
      await this.custom.getClusterCustomObject(
        { group: GROUP, version: VERSION, plural: 'volumesnapshotclasses', name },
        call.opts(),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
      throw call.fail(
        ProviderErrorKinds.invalidSpec,
        `the provider's volumeSnapshotClass "${name}" does not exist on the cluster (or the cluster serves no ${GROUP}/${VERSION}): kubectl get volumesnapshotclass`,
      );
    }
  }

  async #read(call: KubeCall, name: string): Promise<VolumeSnapshot | undefined> {
    try {
      return (await this.custom.getNamespacedCustomObject(
        { group: GROUP, version: VERSION, namespace: this.cluster.namespace, plural: 'volumesnapshots', name },
        call.opts(),
      )) as VolumeSnapshot;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Polls the snapshot until the controller says it is ready; its error, its disappearance or the deadline fail. */
  async #untilReady(call: KubeCall, name: string): Promise<VolumeSnapshot> {
    const deadline = Date.now() + this.options.readyTimeoutMs;
    for (;;) {
      const snap = await this.#read(call, name);
      if (!snap) throw call.fail(ProviderErrorKinds.notFound, `VolumeSnapshot ${name} was deleted while being taken`);
      if (snap.status?.readyToUse === true) return snap;
      if (snap.status?.error?.message)
        throw call.fail(ProviderErrorKinds.internal, `VolumeSnapshot ${name} failed: ${snap.status.error.message}`);
      if (Date.now() >= deadline)
        throw call.fail(
          ProviderErrorKinds.timeout,
          `VolumeSnapshot ${name} was not ready after ${Math.round(this.options.readyTimeoutMs / 1000)} s`,
        );
      await delay(this.options.pollMs, undefined, call.signal ? { signal: call.signal } : {});
    }
  }

  async #readClaim(call: KubeCall, name: string): Promise<V1PersistentVolumeClaim | undefined> {
    try {
      return await this.cluster.core.readNamespacedPersistentVolumeClaim(
        { name, namespace: this.cluster.namespace },
        call.opts(),
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Deletes a claim and waits until it is gone (its protection finalizer holds it while a pod still uses it). */
  async #deleteClaim(call: KubeCall, name: string): Promise<void> {
    const namespace = this.cluster.namespace;
    try {
      await this.cluster.core.deleteNamespacedPersistentVolumeClaim({ name, namespace }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const deadline = Date.now() + this.options.stopTimeoutMs;
    while (await this.#readClaim(call, name)) {
      if (Date.now() >= deadline)
        throw call.fail(ProviderErrorKinds.timeout, `claim ${name} is still in use after its deletion`);
      await delay(this.options.pollMs, undefined, call.signal ? { signal: call.signal } : {});
    }
  }

  /** Deletes a snapshot with a call of its own: the caller's may be canceled. */
  async #deleteDetached(bearer: string | undefined, name: string): Promise<void> {
    const call = new KubeCall('backup cleanup', undefined, this.options.apiTimeoutMs, this.options.target).withBearer(
      bearer,
    );
    await this.deleteSnapshot(call, name).catch(() => undefined);
  }
}
