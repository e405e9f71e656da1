/**
 * The Engine-facing primitives the provider is built from: finding an
 * instance's containers by label, ensuring images, networks and volumes,
 * creating, starting, stopping and removing containers. Each is idempotent
 * and tolerant of the object it acts on being absent or already done.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import { type ProviderError, ProviderErrorKinds } from '../provider-errors.js';
import { type ServiceRole, ServiceRoles, type WorkloadKind, WorkloadKinds } from '../service-spec.js';
import type { Call } from './docker-call.js';
import { engineMessage, isConflict, isNotFound, isNotModified, isUnreachable } from './docker-errors.js';
import { entriesFromBuffer } from './docker-logs.js';
import { instanceFilter, Labels, networkName } from './docker-names.js';
import { serviceOrder } from './docker-replicas.js';
import {
  type ContainerPlan,
  createOptions,
  type LabelledConfigFile,
  type LabelledServiceSpec,
  parseLabelledSpec,
  planVolumes,
} from './docker-spec.js';
import { createTar, readTar } from './docker-tar.js';
import { ensureVolume, requireKeptVolume } from './docker-volumes.js';

/** One container of an instance, as listed (labels parsed). */
export interface Listed {
  id: string;
  name: string;
  service: string;
  role: ServiceRole;
  replica: number;
  hash: string;
  /** Engine state: created, running, restarting, paused, exited, dead, removing. */
  state: string;
  labels: Record<string, string>;
  spec: LabelledServiceSpec | undefined;
  /** The id of the image it runs. */
  imageId: string;
}

/** A listed container with its inspect answer. */
export interface Inspected {
  listed: Listed;
  info: Dockerode.ContainerInspectInfo;
}

/** The current container of every replica, per service (replicas in index order). */
export interface Snapshot {
  network: string;
  current: Map<string, Inspected[]>;
}

/** What the instance's network records about it. */
export interface InstanceContext {
  network: string;
  kind: WorkloadKind;
  /** The labels every object of the instance carries. */
  base: Record<string, string>;
}

/** Timing settings of the engine primitives. */
export interface EngineSettings {
  apiTimeoutMs: number;
  pullTimeoutMs: number;
  stopTimeoutSeconds: number;
}

/** Engine primitives over one dockerode client. */
export class DockerEngine {
  constructor(
    readonly docker: Dockerode,
    private readonly settings: EngineSettings,
  ) {}

  /** The Engine's version answer. */
  version(call: Call): Promise<Dockerode.DockerVersion> {
    return untyped<Dockerode.DockerVersion>(this.docker, 'version', call.opts());
  }

  /** Pings the Engine. */
  async ping(call: Call): Promise<void> {
    await untyped<unknown>(this.docker, 'ping', call.opts());
  }

  /** `instance ... has no containers`, as not_found. */
  notFound(call: Call, instanceId: string): ProviderError {
    return call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no containers`);
  }

  /** The instance's containers with their labels parsed. */
  async list(call: Call, instanceId: string): Promise<Listed[]> {
    const containers = await this.docker.listContainers(call.opts({ all: true, filters: instanceFilter(instanceId) }));
    const out: Listed[] = [];
    for (const c of containers) {
      const labels = c.Labels ?? {};
      const replica = Number(labels[Labels.replica]);
      const service = labels[Labels.service];
      if (!service || !Number.isInteger(replica)) continue;
      out.push({
        id: c.Id,
        name: (c.Names?.[0] ?? '').replace(/^\//, ''),
        service,
        role: (labels[Labels.role] as ServiceRole) ?? ServiceRoles.main,
        replica,
        hash: labels[Labels.specHash] ?? '',
        state: c.State,
        labels,
        spec: parseLabelledSpec(labels),
        imageId: c.ImageID,
      });
    }
    return out;
  }

  /** As list, but an instance without containers is not_found. */
  async listOrThrow(call: Call, instanceId: string): Promise<Listed[]> {
    const all = await this.list(call, instanceId);
    if (all.length === 0) throw this.notFound(call, instanceId);
    return all;
  }

  /** Every container inspected, keeping per replica the newest (a rollout in flight leaves two). */
  async snapshot(call: Call, instanceId: string): Promise<Snapshot> {
    const listed = await this.list(call, instanceId);
    const inspected = await Promise.all(
      listed.map(async (l): Promise<Inspected | undefined> => {
        try {
          return { listed: l, info: await this.docker.getContainer(l.id).inspect(call.opts()) };
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
      }),
    );
    const byReplica = new Map<string, Inspected>();
    for (const item of inspected) {
      if (!item) continue;
      const key = `${item.listed.service}\u0000${item.listed.replica}`;
      const prior = byReplica.get(key);
      if (!prior || Date.parse(item.info.Created) > Date.parse(prior.info.Created)) byReplica.set(key, item);
    }
    const current = new Map<string, Inspected[]>();
    for (const item of [...byReplica.values()].sort((a, b) => a.listed.replica - b.listed.replica)) {
      const list = current.get(item.listed.service) ?? [];
      list.push(item);
      current.set(item.listed.service, list);
    }
    return { network: networkName(instanceId), current };
  }

  /** The instance's network, kind and shared labels, read back from its network. */
  async instanceContext(call: Call, instanceId: string): Promise<InstanceContext> {
    const network = networkName(instanceId);
    let labels: Record<string, string>;
    try {
      const info = await untyped<Dockerode.NetworkInspectInfo>(this.docker.getNetwork(network), 'inspect', call.opts());
      labels = info.Labels ?? {};
    } catch (err) {
      if (isNotFound(err)) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no network`);
      throw err;
    }
    const kind =
      labels[Labels.kind] === WorkloadKinds.statefulSet ? WorkloadKinds.statefulSet : WorkloadKinds.deployment;
    return { network, kind, base: labels };
  }

  /** Ids of `images`, each ensured present (see ensureImage). */
  async ensureImages(call: Call, images: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(images)];
    // Inspected (and, when missing, pulled) together: each is one independent engine call.
    const resolved = await Promise.all(unique.map((image) => this.ensureImage(call, image)));
    return new Map(unique.map((image, i) => [image, resolved[i]!]));
  }

  /** The id the image reference names on this engine now, or undefined when it has none (never pulled). */
  async imageIdOf(call: Call, image: string): Promise<string | undefined> {
    try {
      return (await untyped<Dockerode.ImageInspectInfo>(this.docker.getImage(image), 'inspect', call.opts())).Id;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** The image's id. A missing image is pulled once; when that fails, `image_not_found`. */
  async ensureImage(call: Call, image: string): Promise<string> {
    const present = await this.imageIdOf(call, image);
    if (present) return present;
    try {
      const stream = await this.docker.pull(image, { abortSignal: call.api(this.settings.pullTimeoutMs) });
      await new Promise<void>((resolve, reject) => {
        this.docker.modem.followProgress(stream, (err: Error | null, output: Array<{ error?: string }>) => {
          const failed = output?.find((o) => o.error);
          if (err) reject(err);
          else if (failed) reject(new Error(failed.error));
          else resolve();
        });
      });
      return (await untyped<Dockerode.ImageInspectInfo>(this.docker.getImage(image), 'inspect', call.opts())).Id;
    } catch (err) {
      if (isUnreachable(err) || call.signal?.aborted) throw err;
      throw call.fail(
        ProviderErrorKinds.imageNotFound,
        `image ${image} is not present and could not be pulled: ${engineMessage(err)}`,
        err,
      );
    }
  }

  /** Creates the instance's network unless it exists; a same-named network of someone else is a conflict. */
  async ensureNetwork(call: Call, instanceId: string, labels: Record<string, string>): Promise<string> {
    const name = networkName(instanceId);
    const existing = await this.docker.listNetworks(call.opts({ filters: instanceFilter(instanceId) }));
    if (existing.some((n) => n.Name === name)) return name;
    try {
      await this.docker.createNetwork(
        call.opts({ Name: name, Driver: 'bridge', CheckDuplicate: true, Labels: labels }),
      );
    } catch (err) {
      if (!isConflict(err) && !/already exists/i.test(engineMessage(err))) throw err;
      const info = await untyped<Dockerode.NetworkInspectInfo>(this.docker.getNetwork(name), 'inspect', call.opts());
      if (info.Labels?.[Labels.instance] !== instanceId) {
        throw call.fail(
          ProviderErrorKinds.conflict,
          `network ${name} exists and does not belong to instance ${instanceId}`,
        );
      }
    }
    return name;
  }

  /**
   * The volumes `plan` mounts, created first and labelled (the Engine would
   * otherwise create a missing one on mount, unlabelled, and deprovision would
   * never find it); a kept volume attached again must exist and be the tenant's.
   */
  async ensureVolumes(call: Call, plan: ContainerPlan): Promise<ReturnType<typeof planVolumes>> {
    const volumes = planVolumes(plan);
    for (const v of volumes) {
      if (v.existing) await requireKeptVolume(this.docker, call, v.name, plan.baseLabels[Labels.tenant]);
      else await ensureVolume(this.docker, call, v.name, { ...plan.baseLabels, [Labels.volume]: v.volume }, v.sizeMb);
    }
    return volumes;
  }

  /**
   * Creates the container `plan` describes, places its config files and
   * starts it. A leftover of ours under the same name is replaced; a
   * container that fails to start is removed again.
   */
  async createAndStart(call: Call, plan: ContainerPlan, configTar: Buffer | undefined): Promise<string> {
    await this.ensureVolumes(call, plan);
    const { name, ...body } = createOptions(plan);
    const create = () =>
      // Body and query are passed apart: docker-modem would otherwise copy the whole body,
      // secret env included, into the request URL.
      this.docker.createContainer(call.opts({ _query: { name }, _body: body }) as Dockerode.ContainerCreateOptions);
    let container: Dockerode.Container;
    try {
      container = await create();
    } catch (err) {
      if (!isConflict(err) || !name) throw err;
      const info = await this.docker.getContainer(name).inspect(call.opts());
      if (info.Config.Labels?.[Labels.instance] !== plan.instanceId) {
        throw call.fail(
          ProviderErrorKinds.conflict,
          `container ${name} exists and does not belong to instance ${plan.instanceId}`,
        );
      }
      if (plan.besidePredecessor) {
        // The predecessor serves until this one is ready; the rollout removes it after.
        container = await this.docker.createContainer(
          call.opts({
            _query: { name: `${name}-${randomBytes(3).toString('hex')}` },
            _body: body,
          }) as Dockerode.ContainerCreateOptions,
        );
      } else {
        await this.remove(call, info.Id);
        container = await create();
      }
    }
    try {
      if (configTar) await container.putArchive(configTar, call.opts({ path: '/' }));
      await container.start(call.opts());
    } catch (err) {
      await this.remove(call, container.id).catch(() => undefined);
      throw err;
    }
    return container.id;
  }

  /** The spec stored on a container; a container without one is not ours to rebuild. */
  labelledSpec(call: Call, info: Dockerode.ContainerInspectInfo): LabelledServiceSpec {
    const spec = parseLabelledSpec(info.Config.Labels);
    if (!spec) {
      throw call.fail(
        ProviderErrorKinds.internal,
        `container ${info.Name.replace(/^\//, '')} has no readable ${Labels.spec} label`,
      );
    }
    return spec;
  }

  /** Config files copied out of a replica, re-packed at their full paths for a new container. */
  async readConfigTar(call: Call, containerId: string, files: LabelledConfigFile[]): Promise<Buffer | undefined> {
    if (files.length === 0) return undefined;
    const container = this.docker.getContainer(containerId);
    const entries = [];
    for (const f of files) {
      const stream = await container.getArchive(call.opts({ path: f.path }));
      const [file] = readTar(await collect(stream));
      if (!file) {
        throw call.fail(ProviderErrorKinds.internal, `config file ${f.name} (${f.path}) could not be read back`);
      }
      entries.push({ name: f.path.replace(/^\/+/, ''), content: file.content, mode: file.mode });
    }
    return createTar(entries);
  }

  /** Starts a container; one already running is fine. */
  async start(call: Call, id: string): Promise<void> {
    try {
      await this.docker.getContainer(id).start(call.opts());
    } catch (err) {
      if (!isNotModified(err)) throw err;
    }
  }

  /** Stops every running container, dependents before what they depend on. */
  async stopAll(call: Call, all: Listed[]): Promise<void> {
    for (const service of serviceOrder(all).reverse()) {
      const targets = all.filter(
        (c) => c.service === service && (c.state === 'running' || c.state === 'restarting' || c.state === 'paused'),
      );
      await Promise.all(
        targets.map(async (c) => {
          try {
            await this.docker.getContainer(c.id).stop(this.#stopOptions(call));
          } catch (err) {
            if (!isNotModified(err) && !isNotFound(err)) throw err;
          }
        }),
      );
    }
  }

  /** Removes containers in parallel (see remove). */
  async removeAll(call: Call, containers: Listed[]): Promise<void> {
    await Promise.all(containers.map((c) => this.remove(call, c.id)));
  }

  /** Stops (gracefully) and removes a container; an absent one is fine. */
  async remove(call: Call, id: string): Promise<void> {
    const container = this.docker.getContainer(id);
    try {
      await container.stop(this.#stopOptions(call));
    } catch (err) {
      if (isNotFound(err)) return;
      if (!isNotModified(err) && !isConflict(err)) throw err;
    }
    try {
      await container.remove(call.opts({ force: true, v: true }));
    } catch (err) {
      // 409: removal already in progress (a concurrent deprovision); the engine finishes it.
      if (!isNotFound(err) && !isConflict(err)) throw err;
    }
  }

  /**
   * Removes every container and network of the instance, and its named
   * volumes when `deleteVolumes` (else they are kept, data intact, and their
   * names returned). Volumes and networks are released a moment after their
   * containers go, so "in use" answers are retried briefly.
   */
  async teardown(
    call: Call,
    instanceId: string,
    deleteVolumes = false,
  ): Promise<{ kept: string[]; specs: Record<string, string> }> {
    const filters = instanceFilter(instanceId);
    const containers = await this.docker.listContainers(call.opts({ all: true, filters }));
    // A kept volume attached again carries its first instance's labels: it is found by what mounts it.
    const mounted = containers.flatMap((c) => (c.Mounts ?? []).filter((m) => m.Type === 'volume').map((m) => m.Name));
    await Promise.all(containers.map((c) => this.remove(call, c.Id)));
    const volumes = await this.docker.listVolumes(call.opts({ filters }));
    const names = new Set([...(volumes.Volumes ?? []).map((v) => v.Name), ...mounted.filter((n): n is string => !!n)]);
    const specs: Record<string, string> = {};
    for (const v of volumes.Volumes ?? []) {
      const spec = v.Labels?.[Labels.volume];
      if (spec) specs[v.Name] = spec;
    }
    const kept: string[] = [];
    for (const name of names) {
      if (!deleteVolumes) {
        kept.push(name);
        continue;
      }
      await this.#retryBusy(call, () => this.docker.getVolume(name).remove(call.opts()));
    }
    const networks = await this.docker.listNetworks(call.opts({ filters }));
    for (const n of networks) {
      await this.#retryBusy(call, () => this.docker.getNetwork(n.Id).remove(call.opts()));
    }
    return { kept: kept.sort(), specs };
  }

  /** Every instance with managed objects on the engine, with the tenant its labels name. */
  async managedWorkloads(call: Call): Promise<{ instanceId: string; tenantId: string }[]> {
    const filters = { label: [`${Labels.managed}=true`] };
    // Volumes are left out: a deprovision keeps them on purpose, so they alone never make an orphan.
    const [containers, networks] = await Promise.all([
      this.docker.listContainers(call.opts({ all: true, filters })),
      this.docker.listNetworks(call.opts({ filters })),
    ]);
    const found = new Map<string, string>();
    for (const labels of [...containers.map((c) => c.Labels), ...networks.map((n) => n.Labels)]) {
      const id = labels?.[Labels.instance];
      const tenant = labels?.[Labels.tenant];
      if (id && tenant) found.set(id, tenant);
    }
    return [...found].map(([instanceId, tenantId]) => ({ instanceId, tenantId }));
  }

  /** The last `n` log lines of a container (both streams, merged); empty when unreadable. */
  async lastLines(call: Call, id: string, n: number): Promise<string[]> {
    try {
      const buf = await this.docker
        .getContainer(id)
        .logs(call.opts({ stdout: true, stderr: true, timestamps: true, tail: n, follow: false as const }) as never);
      return entriesFromBuffer(toBuffer(buf), { service: '' })
        .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime())
        .slice(-n)
        .map((e) => e.message);
    } catch {
      return [];
    }
  }

  #stopOptions(call: Call): { t: number; abortSignal: AbortSignal } {
    // Stop answers only after the grace period: bound it by that, not by the plain API timeout.
    const t = this.settings.stopTimeoutSeconds;
    return { t, abortSignal: call.api(this.settings.apiTimeoutMs + t * 1000) };
  }

  async #retryBusy(call: Call, fn: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await fn();
        return;
      } catch (err) {
        if (isNotFound(err)) return;
        const busy = isConflict(err) || /in use|active endpoints/i.test(engineMessage(err));
        if (!busy || attempt >= 20) throw err;
        await delay(100, undefined, { signal: call.signal }).catch(() => {
          throw err;
        });
      }
    }
  }
}

/** A logs answer as a Buffer (dockerode hands back a Buffer, or a string on odd payloads). */
export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  return Buffer.alloc(0);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Calls a dockerode method with an options object its typings leave out
 * (ping, version, image and network inspect all accept one at runtime).
 */
function untyped<R>(target: object, method: string, opts: object): Promise<R> {
  const fn = (target as Record<string, (o: object) => Promise<R>>)[method];
  if (!fn) throw new Error(`dockerode has no ${method}`);
  return fn.call(target, opts);
}
