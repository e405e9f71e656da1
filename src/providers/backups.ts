/**
 * Volume backups, the provider side (issue 36): the optional engine
 * `Provider.engines.volumeBackups` (engines.ts). It reads one volume of an
 * instance as a tar stream and writes one back, each through a short-lived
 * helper the platform runs beside the services (on Docker a container that
 * mounts the volume, read-only to read it), and stops and starts the services
 * that mount a volume (a routed one drained first). The control plane owns
 * the rest: the BACKUP and RESTORE operations, the encryption, the checksum
 * and the store.
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
 * Reads and writes volumes. An aborted `ctx.signal` stops the copy, removes
 * the helper and throws CanceledError; a volume no service mounts is a
 * ProviderError of kind `not_found`.
 */
export interface VolumeBackupEngine {
  /**
   * Streams the volume's content as a tar to `consume` and answers what it
   * answered, once the helper is removed. The tar's entries are under one
   * top directory (the volume's root).
   */
  readVolume: <T>(ctx: CallContext, ref: VolumeRef, consume: (tar: Readable) => Promise<T>) => Promise<T>;
  /** Replaces the volume's content with `tar` (as readVolume makes it): the old content is removed first. */
  writeVolume: (ctx: CallContext, ref: VolumeRef, tar: Readable) => Promise<void>;
  /** Stops the services whose replicas mount the volume (routed ones drained first); answers their names. */
  stopMounting: (ctx: CallContext, instanceId: string, volume: string) => Promise<string[]>;
  /** Starts `services` of the instance again (and joins them to their routes). */
  startServices: (ctx: CallContext, instanceId: string, services: readonly string[]) => Promise<void>;
  /** Removes what a previous run of `operationId` left (a process that crashed mid-copy); answers how many. */
  removeLeftovers: (ctx: CallContext, instanceId: string, operationId: string) => Promise<number>;
}
