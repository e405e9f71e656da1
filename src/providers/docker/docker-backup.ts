/**
 * The Docker provider's volume backup engine (backups.ts). A volume is read
 * and written through a helper container that mounts it: created from the
 * image a service that mounts the volume already runs (on the Engine, so
 * nothing is pulled: it works offline), under no alias, on no network.
 *
 * - Reading: the helper mounts the volume read-only and is never started; the
 *   Engine's archive API (`docker cp`) streams its content as a tar, so the
 *   image needs no `tar` and no file lands on the host.
 * - Writing: the helper mounts it read-write and runs `sh -c 'rm -rf …'` to
 *   empty it (the image needs `sh` and `rm`), then the Engine extracts the
 *   tar into it (the archive API again).
 *
 * A helper is removed whichever way the copy ends, with a call of its own so a
 * canceled caller's signal does not stop the removal; one a crashed process
 * left is found by its operation's label (removeLeftovers).
 */
import type { Readable } from 'node:stream';
import type Dockerode from 'dockerode';
import type { VolumeRef } from '../backups.js';
import { CanceledError, ProviderErrorKinds } from '../provider-errors.js';
import type { Call } from './docker-call.js';
import { leaveEdge } from './docker-edge-hooks.js';
import type { Listed } from './docker-engine.js';
import { healServices } from './docker-heal.js';
import { backupHelperName, Labels } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';
import { removeScratch, removeScratchLabelled } from './docker-scratch.js';

/** Where a helper mounts the volume; the tar's entries are under `volume/`. */
const MOUNT = '/volume';
/** Empties the volume, dot files included (`..?*` and `.[!.]*` match what `*` does not). */
const EMPTY = `rm -rf ${MOUNT}/..?* ${MOUNT}/.[!.]* ${MOUNT}/*`;

/** Volume backups on one Docker Engine. */
export class DockerVolumeBackups {
  constructor(private readonly parts: DockerParts) {}

  /** Streams the volume's tar to `consume` (see backups.ts). */
  async readVolume<T>(call: Call, ref: VolumeRef, consume: (tar: Readable) => Promise<T>): Promise<T> {
    const helper = await this.#helper(call, ref, true, ['true']);
    try {
      const tar = (await helper.getArchive({ path: MOUNT, abortSignal: call.signal } as object)) as Readable;
      return await consume(tar);
    } catch (err) {
      if (call.signal?.aborted) throw new CanceledError('backup canceled');
      throw err;
    } finally {
      await this.#removeQuietly(helper.id);
    }
  }

  /** Replaces the volume's content with `tar` (see backups.ts). */
  async writeVolume(call: Call, ref: VolumeRef, tar: Readable): Promise<void> {
    const helper = await this.#helper(call, ref, false, ['sh', '-c', EMPTY]);
    try {
      await helper.start(call.opts());
      const { StatusCode } = (await helper.wait({ abortSignal: call.signal } as object)) as { StatusCode: number };
      if (StatusCode !== 0)
        throw call.fail(
          ProviderErrorKinds.invalidSpec,
          `emptying volume ${ref.volume} failed (exit ${StatusCode}): its service's image needs sh and rm`,
        );
      // The tar's top directory is `volume/`: extracted at / it lands in the mount.
      await helper.putArchive(
        tar as unknown as NodeJS.ReadableStream,
        { path: '/', abortSignal: call.signal } as object,
      );
    } catch (err) {
      if (call.signal?.aborted) throw new CanceledError('restore canceled');
      throw err;
    } finally {
      await this.#removeQuietly(helper.id);
    }
  }

  /** Stops the services mounting the volume, a routed one drained out of the edge first. */
  async stopMounting(call: Call, instanceId: string, volume: string): Promise<string[]> {
    const all = await this.parts.engine.listOrThrow(call, instanceId);
    const services = new Set(this.#mounting(all, volume).map((c) => c.service));
    if (services.size === 0) throw this.#noVolume(call, volume);
    const targets = all.filter((c) => services.has(c.service));
    const running = targets.filter((c) => c.state === 'running');
    await leaveEdge(this.parts.edge, instanceId, running);
    await this.parts.engine.stopAll(call, targets);
    return [...new Set(running.map((c) => c.service))];
  }

  /** Starts `services` again (the heal's start: their stopped replicas, joined to their routes). */
  async startServices(call: Call, instanceId: string, services: readonly string[]): Promise<void> {
    if (services.length > 0) await healServices(this.parts, call, instanceId, services);
  }

  /** Removes the helpers a previous run of `operationId` left; answers how many there were. */
  removeLeftovers(call: Call, instanceId: string, operationId: string): Promise<number> {
    return removeScratchLabelled(
      this.parts,
      call,
      'backup cleanup',
      instanceId,
      `${Labels.backupOperation}=${operationId}`,
    );
  }

  /** The containers whose spec mounts `volume`, the first replica first. */
  #mounting(all: Listed[], volume: string): Listed[] {
    return all.filter((c) => c.spec?.volumes.some((v) => v.name === volume)).sort((a, b) => a.replica - b.replica);
  }

  #noVolume(call: Call, volume: string) {
    return call.fail(ProviderErrorKinds.notFound, `no service of the instance mounts volume "${volume}"`);
  }

  /**
   * Creates the helper for `ref`: the volume the first replica mounts (a
   * stateful set's replica 0), from that replica's image, labelled with the
   * operation. A leftover of the same operation is removed first.
   */
  async #helper(call: Call, ref: VolumeRef, readOnly: boolean, command: string[]): Promise<Dockerode.Container> {
    const { engine } = this.parts;
    await this.removeLeftovers(call, ref.instanceId, ref.operationId);
    const at = await engine.instanceContext(call, ref.instanceId);
    const owner = this.#mounting(await engine.listOrThrow(call, ref.instanceId), ref.volume)[0];
    const mountPath = owner?.spec?.volumes.find((v) => v.name === ref.volume)?.mountPath;
    if (!owner || !mountPath) throw this.#noVolume(call, ref.volume);
    const info = await engine.docker.getContainer(owner.id).inspect(call.opts());
    const source = info.Mounts.find((m) => m.Destination === mountPath && m.Type === 'volume')?.Name;
    if (!source) throw this.#noVolume(call, ref.volume);
    const body: Dockerode.ContainerCreateOptions = {
      Image: owner.imageId,
      Entrypoint: command,
      Cmd: [],
      User: '0',
      WorkingDir: '/',
      Labels: { ...at.base, [Labels.backupOperation]: ref.operationId },
      NetworkDisabled: true,
      HostConfig: {
        Mounts: [{ Type: 'volume', Source: source, Target: MOUNT, ReadOnly: readOnly }],
        RestartPolicy: { Name: 'no' },
        NetworkMode: 'none',
      },
    };
    const name = backupHelperName(ref.instanceId, ref.operationId);
    return engine.docker.createContainer(
      call.opts({ _query: { name }, _body: body }) as Dockerode.ContainerCreateOptions,
    );
  }

  /** Removes a helper (and its anonymous volumes); absent is fine. */
  #removeQuietly(id: string): Promise<void> {
    return removeScratch(this.parts, 'backup cleanup', id);
  }
}
