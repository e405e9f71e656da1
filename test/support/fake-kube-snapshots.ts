/**
 * The stand-in's storage behind claims and CSI VolumeSnapshots
 * (`snapshot.storage.k8s.io/v1`), kept apart from fake-kube-api.ts, which
 * stores the objects and serves their REST routes, and calls in here when one
 * is created or deleted and when a pod goes.
 *
 * - `installApi` serves the two custom resources, as installing the
 *   external-snapshotter's CRDs does (without it their routes are 404, as on a
 *   cluster without them); `addClass` makes a cluster-scoped
 *   VolumeSnapshotClass. A GET of a class that does not exist is 404.
 * - The CRD's validation (422): a VolumeSnapshot's `spec.source` names exactly
 *   one of `persistentVolumeClaimName` and `volumeSnapshotContentName`.
 * - The snapshot controller and CSI driver: a VolumeSnapshot is cut when it is
 *   created (the claim's content copied as it is at that moment, and how many
 *   live pods mounted the claim then recorded in `cuts`); `readyDelayMs`
 *   later its status says `readyToUse: true` and `restoreSize` (the claim's
 *   request). A class that does not exist, or a claim that does not, is a
 *   `status.error` instead, readyToUse false, as the controller reports it.
 * - The provisioner: a claim created with a `dataSource` naming a ready
 *   VolumeSnapshot of its namespace, asking at least its restoreSize, is Bound
 *   with the snapshot's content; naming a missing, unready or larger one, it
 *   stays Pending. Any other new claim is an empty volume.
 * - The `kubernetes.io/pvc-protection` finalizer: deleting a claim a live pod
 *   still mounts marks it terminating (deletionTimestamp) and keeps it until
 *   the last such pod is gone.
 *
 * A volume's content is a map of file paths to text that a test writes and
 * reads (`writeVolume`, `readVolume`) by claim, as a test on a real cluster
 * would through a pod; it belongs to the claim object (its uid), so a claim
 * deleted and made again under the same name is a new volume.
 */

type Obj = Record<string, any>;

const GROUP = 'snapshot.storage.k8s.io';

/** What the snapshots need of the stand-in's store. */
export interface SnapshotHost {
  /** The stored object itself (not a copy), or undefined. */
  stored(plural: string, namespace: string, name: string): Obj | undefined;
  /** Copies of the stored objects of a kind in a namespace. */
  list(plural: string, namespace: string): Obj[];
  /** Stores a new object as a POST would. */
  create(plural: string, namespace: string, obj: Obj): void;
  /** Records a change of a stored object (a new resourceVersion, a watch event). */
  changed(plural: string, namespace: string, obj: Obj): void;
  /** Deletes a stored object for good. */
  remove(plural: string, namespace: string, name: string): void;
  /** Serves a custom resource. */
  defineResource(r: { group: string; version: string; kind: string; plural: string; namespaced?: boolean }): void;
}

/** One snapshot as it was cut. */
export interface SnapshotCut {
  namespace: string;
  snapshot: string;
  claim: string;
  /** Live pods that mounted the claim when the snapshot was cut. */
  podsMounting: number;
}

export class FakeSnapshots {
  /** Every snapshot cut, in order. */
  readonly cuts: SnapshotCut[] = [];
  /** Volume content by claim uid. */
  readonly #volumes = new Map<string, Record<string, string>>();
  /** Snapshot content by snapshot uid. */
  readonly #snapshots = new Map<string, Record<string, string>>();

  constructor(
    private readonly host: SnapshotHost,
    private readonly readyDelayMs = 30,
  ) {}

  /** Serves VolumeSnapshots and VolumeSnapshotClasses (the CRDs installed). */
  installApi(): void {
    this.host.defineResource({ group: GROUP, version: 'v1', kind: 'VolumeSnapshot', plural: 'volumesnapshots' });
    this.host.defineResource({
      group: GROUP,
      version: 'v1',
      kind: 'VolumeSnapshotClass',
      plural: 'volumesnapshotclasses',
      namespaced: false,
    });
  }

  /** Makes a VolumeSnapshotClass of `driver`. */
  addClass(name: string, driver = 'csi.test.dev'): void {
    this.host.create('volumesnapshotclasses', '', {
      apiVersion: `${GROUP}/v1`,
      kind: 'VolumeSnapshotClass',
      metadata: { name },
      driver,
      deletionPolicy: 'Delete',
    });
  }

  /** Replaces the content of the volume behind claim `claim`. */
  writeVolume(namespace: string, claim: string, files: Record<string, string>): void {
    const pvc = this.host.stored('persistentvolumeclaims', namespace, claim);
    if (!pvc) throw new Error(`no claim ${namespace}/${claim}`);
    this.#volumes.set(pvc.metadata.uid, { ...files });
  }

  /** The content of the volume behind claim `claim` (undefined: no such claim). */
  readVolume(namespace: string, claim: string): Record<string, string> | undefined {
    const pvc = this.host.stored('persistentvolumeclaims', namespace, claim);
    return pvc ? { ...(this.#volumes.get(pvc.metadata.uid) ?? {}) } : undefined;
  }

  /** Why the API server refuses `obj` of `plural` (422), or undefined. */
  invalid(plural: string, obj: Obj): string | undefined {
    if (plural !== 'volumesnapshots') return undefined;
    const source = obj.spec?.source ?? {};
    const named = ['persistentVolumeClaimName', 'volumeSnapshotContentName'].filter((k) => source[k]);
    if (named.length !== 1)
      return `VolumeSnapshot.${GROUP} "${obj.metadata?.name}" is invalid: spec.source: Invalid value: "object": exactly one of volumeSnapshotContentName and persistentVolumeClaimName must be set`;
    return undefined;
  }

  /** A stored object was created: a snapshot is cut, a claim provisioned. */
  created(plural: string, namespace: string, obj: Obj): void {
    if (plural === 'volumesnapshots') this.#cut(namespace, obj);
    if (plural === 'persistentvolumeclaims') this.#provision(namespace, obj);
  }

  /** A stored object was deleted. */
  deleted(plural: string, obj: Obj): void {
    if (plural === 'volumesnapshots') this.#snapshots.delete(obj.metadata.uid);
    if (plural === 'persistentvolumeclaims') this.#volumes.delete(obj.metadata.uid);
  }

  /**
   * A DELETE of a claim: true when a live pod still mounts it, so it is only
   * marked terminating (the protection finalizer holds it); false: delete it.
   */
  holdClaim(namespace: string, pvc: Obj): boolean {
    if (this.#mounting(namespace, pvc.metadata.name) === 0) return false;
    if (!pvc.metadata.deletionTimestamp) {
      pvc.metadata.deletionTimestamp = new Date().toISOString();
      pvc.metadata.finalizers = ['kubernetes.io/pvc-protection'];
      this.host.changed('persistentvolumeclaims', namespace, pvc);
    }
    return true;
  }

  /** A pod went: a terminating claim no live pod mounts any more goes too. */
  podGone(namespace: string): void {
    for (const pvc of this.host.list('persistentvolumeclaims', namespace)) {
      if (pvc.metadata.deletionTimestamp && this.#mounting(namespace, pvc.metadata.name) === 0)
        this.host.remove('persistentvolumeclaims', namespace, pvc.metadata.name);
    }
  }

  /** Live pods of the namespace whose volumes name claim `claim`. */
  #mounting(namespace: string, claim: string): number {
    return this.host
      .list('pods', namespace)
      .filter(
        (p) =>
          !['Succeeded', 'Failed'].includes(p.status?.phase) &&
          ((p.spec?.volumes ?? []) as Obj[]).some((v) => v.persistentVolumeClaim?.claimName === claim),
      ).length;
  }

  #cut(namespace: string, snap: Obj): void {
    const name = snap.metadata.name as string;
    const claimName = snap.spec?.source?.persistentVolumeClaimName as string | undefined;
    const className = snap.spec?.volumeSnapshotClassName as string | undefined;
    const pvc = claimName ? this.host.stored('persistentvolumeclaims', namespace, claimName) : undefined;
    const cls = className ? this.host.stored('volumesnapshotclasses', '', className) : undefined;
    const error = !className
      ? 'Failed to get default snapshot class: no default VolumeSnapshotClass'
      : !cls
        ? `Failed to get snapshot class with error volumesnapshotclass.${GROUP} "${className}" not found`
        : !pvc
          ? `failed to get input parameters to create snapshot ${name}: "persistentvolumeclaims \\"${claimName}\\" not found"`
          : undefined;
    if (!error && pvc && claimName) {
      this.#snapshots.set(snap.metadata.uid, { ...(this.#volumes.get(pvc.metadata.uid) ?? {}) });
      this.cuts.push({
        namespace,
        snapshot: name,
        claim: claimName,
        podsMounting: this.#mounting(namespace, claimName),
      });
    }
    const restoreSize = pvc?.spec?.resources?.requests?.storage;
    setTimeout(() => {
      const current = this.host.stored('volumesnapshots', namespace, name);
      if (!current || current.metadata.uid !== snap.metadata.uid) return;
      current.status = error
        ? { readyToUse: false, error: { message: error, time: new Date().toISOString() } }
        : {
            readyToUse: true,
            restoreSize,
            creationTime: new Date().toISOString(),
            boundVolumeSnapshotContentName: `snapcontent-${snap.metadata.uid}`,
          };
      this.host.changed('volumesnapshots', namespace, current);
    }, this.readyDelayMs).unref();
  }

  #provision(namespace: string, pvc: Obj): void {
    const source = pvc.spec?.dataSource ?? pvc.spec?.dataSourceRef;
    if (!source) {
      this.#volumes.set(pvc.metadata.uid, {});
      return;
    }
    const snap =
      source.kind === 'VolumeSnapshot' && source.apiGroup === GROUP
        ? this.host.stored('volumesnapshots', namespace, source.name)
        : undefined;
    const content = snap ? this.#snapshots.get(snap.metadata.uid) : undefined;
    const fits = bytes(pvc.spec?.resources?.requests?.storage) >= bytes(snap?.status?.restoreSize);
    if (snap?.status?.readyToUse !== true || !content || !fits) {
      // The external provisioner keeps retrying; the claim never binds here.
      pvc.status = { phase: 'Pending' };
      return;
    }
    this.#volumes.set(pvc.metadata.uid, { ...content });
    pvc.status = { phase: 'Bound', capacity: { storage: pvc.spec.resources.requests.storage } };
  }
}

/** Bytes of a quantity with a binary suffix (what the provider and these tests write); 0 when unset. */
function bytes(q: string | undefined): number {
  const m = /^(\d+)(Ki|Mi|Gi|Ti)?$/.exec(q ?? '');
  if (!m) return 0;
  return Number(m[1]) * 1024 ** ({ Ki: 1, Mi: 2, Gi: 3, Ti: 4 }[m[2] ?? ''] ?? 0);
}
