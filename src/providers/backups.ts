/**
 * Volume backups, the provider side (issue 36): the optional engine
 * `Provider.engines.volumeBackups` (engines.ts), of one of two modes.
 * `archive` reads one volume of an instance as a tar stream and writes one
 * back, each through a short-lived helper the platform runs beside the
 * services (on Docker a container that mounts the volume, read-only to read
 * it); the control plane owns the rest: the encryption, the checksum and the
 * store. `snapshot` has the platform take and keep a snapshot of the volume
 * and make a volume from it (Kubernetes VolumeSnapshots). Both stop and start
 * the services that mount a volume (a routed one drained first); the BACKUP
 * and RESTORE operations are the control plane's.
 *
 * Nothing of a helper is left on the platform after a call ends, whichever
 * way it ends; what a crashed process left is found again by the
 * operation's id (`removeLeftovers`).
 */
import type { Readable } from 'node:stream';
import type { CallContext } from './provider.js';

/** One volume of an instance, and the operation that reads or writes it (its id labels the helper). */
export interface VolumeRef {
  instanceId: string;
  /** The volume's name in the service specs. */
  volume: string;
  operationId: string;
}

/**
 * What both kinds of backup engine do around a copy: stop and start the
 * services that mount a volume, and clean up after a crashed run.
 */
export interface VolumeServiceControl {
  /** Stops the services whose replicas mount the volume (routed ones drained first); answers their names. */
  stopMounting: (ctx: CallContext, instanceId: string, volume: string) => Promise<string[]>;
  /** Starts `services` of the instance again (and joins them to their routes). */
  startServices: (ctx: CallContext, instanceId: string, services: readonly string[]) => Promise<void>;
  /** Removes what a previous run of `operationId` left (a process that crashed mid-copy); answers how many. */
  removeLeftovers: (ctx: CallContext, instanceId: string, operationId: string) => Promise<number>;
}

/** What a provider's own backup code does for VolumeServiceControl, with its own call type `C`. */
export interface ServiceControlImpl<C> {
  stopMounting(call: C, instanceId: string, volume: string): Promise<string[]>;
  startServices(call: C, instanceId: string, services: readonly string[]): Promise<void>;
  removeLeftovers(call: C, instanceId: string, operationId: string): Promise<number>;
}

/** VolumeServiceControl made of `impl`, each call through the provider's call mapping `run`. */
export function serviceControlVia<C>(
  run: <T>(ctx: CallContext, op: string, fn: (call: C) => Promise<T>) => Promise<T>,
  impl: ServiceControlImpl<C>,
): VolumeServiceControl {
  return {
    stopMounting: (ctx: CallContext, instanceId: string, volume: string) =>
      run(ctx, 'stop', (call) => impl.stopMounting(call, instanceId, volume)),
    startServices: (ctx: CallContext, instanceId: string, services: readonly string[]) =>
      run(ctx, 'start', (call) => impl.startServices(call, instanceId, services)),
    removeLeftovers: (ctx: CallContext, instanceId: string, operationId: string) =>
      run(ctx, 'backup cleanup', (call) => impl.removeLeftovers(call, instanceId, operationId)),
  };
}

/**
 * Reads and writes volumes as tar streams, which the control plane encrypts
 * into its backup store (Docker). An aborted `ctx.signal` stops the copy,
 * removes the helper and throws CanceledError; a volume no service mounts is
 * a ProviderError of kind `not_found`.
 */
export interface ArchiveVolumeBackupEngine extends VolumeServiceControl {
  mode: 'archive';
  /**
   * Streams the volume's content as a tar to `consume` and answers what it
   * answered, once the helper is removed. The tar's entries are under one
   * top directory (the volume's root).
   */
  readVolume: <T>(ctx: CallContext, ref: VolumeRef, consume: (tar: Readable) => Promise<T>) => Promise<T>;
  /** Replaces the volume's content with `tar` (as readVolume makes it): the old content is removed first. */
  writeVolume: (ctx: CallContext, ref: VolumeRef, tar: Readable) => Promise<void>;
}

/** A snapshot the platform took and keeps (a Kubernetes VolumeSnapshot), by its name. */
export interface VolumeSnapshotTaken {
  /** The snapshot's name on the platform (in the instance's namespace); what a restore and a delete name. */
  snapshot: string;
  /** The size a volume restored from it needs (a VolumeSnapshot's restoreSize), when the platform says. */
  sizeBytes: number | null;
}

/**
 * Backs volumes up as snapshots the platform keeps (Kubernetes
 * VolumeSnapshots through a CSI driver): nothing is copied through the
 * control plane and the backup store holds no archive; the platform's
 * storage is where the backup lives, and what protects it. An aborted
 * `ctx.signal` throws CanceledError (a snapshot being taken is deleted); a
 * volume no service mounts is a ProviderError of kind `not_found`.
 */
export interface SnapshotVolumeBackupEngine extends VolumeServiceControl {
  mode: 'snapshot';
  /** Takes a snapshot of the volume and waits until the platform says it is ready to restore from. */
  snapshotVolume: (ctx: CallContext, ref: VolumeRef) => Promise<VolumeSnapshotTaken>;
  /**
   * Replaces the volume with one made from `snapshot` (taken of this or
   * another instance of the same tenant). The services mounting it are
   * stopped by the caller first.
   */
  restoreSnapshot: (ctx: CallContext, ref: VolumeRef, snapshot: string) => Promise<void>;
  /** Deletes a snapshot of the instance's namespace; an absent one is fine. */
  deleteSnapshot: (ctx: CallContext, instanceId: string, snapshot: string) => Promise<void>;
}

/**
 * A provider's volume backups: archives the control plane encrypts and
 * stores, or snapshots the platform keeps (`mode` says which). The control
 * plane asks the engine's mode, never the provider's name.
 */
export type VolumeBackupEngine = ArchiveVolumeBackupEngine | SnapshotVolumeBackupEngine;
