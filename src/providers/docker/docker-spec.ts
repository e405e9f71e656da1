/**
 * From Wheelhouse service specs to Engine container configurations: request
 * validation, start order, the spec stored on each container (never holding a
 * secret value or a config file's content), deploy merging and spec hashing.
 */

import type Dockerode from 'dockerode';
import type { ProvisionRequest, ServiceDeploySpec } from '../provider.js';
import type {
  ConfigFile,
  HealthCheckSpec,
  PortSpec,
  SecretRef,
  ServiceRole,
  ServiceSpec,
  VolumeSpec,
  WorkloadKind,
} from '../service-spec.js';
import { ServiceRoles, WorkloadKinds } from '../service-spec.js';
import { deviceRequestsOf } from './docker-gpu.js';
import { containerName, Labels, shortHash, volumeName } from './docker-names.js';
import { createTar } from './docker-tar.js';

/** A config file as stored in a label: where it goes, not what it holds. */
export interface LabelledConfigFile {
  name: string;
  path: string;
  format: ConfigFile['format'];
}

/**
 * The service spec a container carries in its `wheelhouse.spec` label, so
 * every call can rebuild it from the engine alone. Not the control plane's
 * StoredServiceSpec (control/model.ts): this one is the Docker provider's own
 * shape. Secret refs are kept (names only); secret values and config file
 * contents never are.
 */
export interface LabelledServiceSpec {
  name: string;
  image: string;
  role: ServiceRole;
  dependsOn: string[];
  env: Record<string, string>;
  ports: PortSpec[];
  volumes: VolumeSpec[];
  healthCheck?: HealthCheckSpec;
  secrets: SecretRef[];
  configFiles: LabelledConfigFile[];
  annotations: Record<string, string>;
  command?: string[];
  args?: string[];
  /** Limits the container was created with; Scale may have changed them since (the engine is authoritative). */
  cpuMillis?: number;
  memoryMb?: number;
  /** GPUs asked for (a count or `all`), rendered as DeviceRequests (docker-gpu.ts). */
  gpu?: string;
}

/** A spec check that failed; the provider turns it into an `invalid_spec` error. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const VOLUME_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/;

/** Checks a ProvisionRequest against what this provider can run. Throws SpecError. */
export function validateProvision(req: ProvisionRequest): void {
  if (!req.instanceId) throw new SpecError('instanceId is required');
  if (req.kind !== WorkloadKinds.deployment && req.kind !== WorkloadKinds.statefulSet) {
    throw new SpecError(`unknown workload kind ${JSON.stringify(req.kind)}`);
  }
  if (req.services.length === 0) throw new SpecError('a workload needs at least one service');
  const mains = req.services.filter((s) => s.role === ServiceRoles.main);
  if (mains.length !== 1) throw new SpecError(`a workload needs exactly one main service, found ${mains.length}`);
  const names = new Set<string>();
  for (const svc of req.services) {
    validateService(svc);
    if (names.has(svc.name)) throw new SpecError(`service name ${svc.name} is used twice`);
    names.add(svc.name);
  }
  for (const svc of req.services) {
    for (const dep of svc.dependsOn) {
      if (!names.has(dep)) throw new SpecError(`service ${svc.name} depends on unknown service ${dep}`);
    }
  }
  startOrder(req.services);
}

/** One service's own rules (name, image, role, resources); validateProvision checks each. */
export function validateService(svc: ServiceSpec): void {
  if (!DNS_LABEL.test(svc.name)) throw new SpecError(`service name ${JSON.stringify(svc.name)} is not DNS-safe`);
  if (!svc.image) throw new SpecError(`service ${svc.name} has no image`);
  if (!Object.values(ServiceRoles).includes(svc.role)) {
    throw new SpecError(`service ${svc.name} has unknown role ${JSON.stringify(svc.role)}`);
  }
  if (svc.resources.gpu && !/^([1-9][0-9]{0,2}|all)$/.test(svc.resources.gpu))
    throw new SpecError(`service ${svc.name}: gpu must be a count ("1") or "all"`);
  validateResources(svc.name, svc.resources);
  validatePorts(svc.name, svc.ports, replicasOf(svc));
  for (const v of svc.volumes) {
    if (!VOLUME_NAME.test(v.name)) throw new SpecError(`volume name ${JSON.stringify(v.name)} is not valid`);
    if (!v.mountPath.startsWith('/')) throw new SpecError(`volume ${v.name} mount path must be absolute`);
  }
  for (const f of svc.configFiles) configFilePath(svc.name, f.path);
  for (const s of svc.secrets) {
    if (!s.envName || /[=\0]/.test(s.envName)) throw new SpecError(`secret env name ${JSON.stringify(s.envName)}`);
  }
  if (svc.healthCheck) validateHealthCheck(svc.name, svc.healthCheck);
}

/** Checks cpu/memory/replica values. Throws SpecError. */
export function validateResources(service: string, r: { cpuMillis?: number; memoryMb?: number; replicas?: number }) {
  for (const [key, v] of Object.entries({ cpuMillis: r.cpuMillis, memoryMb: r.memoryMb, replicas: r.replicas })) {
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
      throw new SpecError(`service ${service}: ${key} must be a non-negative integer`);
    }
  }
  // The engine rejects limits below 6 MiB outright; say so in our words.
  if (r.memoryMb && r.memoryMb < 6) throw new SpecError(`service ${service}: memoryMb must be at least 6`);
}

/** Checks ports. A fixed host port cannot be shared by replicas. Throws SpecError. */
export function validatePorts(service: string, ports: readonly PortSpec[], replicas: number): void {
  for (const p of ports) {
    if (!Number.isInteger(p.container) || p.container < 1 || p.container > 65535) {
      throw new SpecError(`service ${service}: container port ${p.container} is out of range`);
    }
    if (p.protocol !== 'tcp' && p.protocol !== 'udp') {
      throw new SpecError(`service ${service}: protocol ${JSON.stringify(p.protocol)} is not tcp or udp`);
    }
    if (p.host !== undefined && (!Number.isInteger(p.host) || p.host < 0 || p.host > 65535)) {
      throw new SpecError(`service ${service}: host port ${p.host} is out of range`);
    }
    if (p.host && replicas > 1) {
      throw new SpecError(`service ${service}: fixed host port ${p.host} cannot be shared by ${replicas} replicas`);
    }
  }
}

function validateHealthCheck(service: string, h: HealthCheckSpec): void {
  if (!Number.isInteger(h.port) || h.port < 1 || h.port > 65535) {
    throw new SpecError(`service ${service}: health check port ${h.port} is out of range`);
  }
}

/** The in-container path of a config file, checked to be absolute and free of `..`. */
function configFilePath(service: string, path: string): string {
  if (!path.startsWith('/') || path.endsWith('/') || path.split('/').includes('..')) {
    throw new SpecError(`service ${service}: config file path ${JSON.stringify(path)} must be an absolute file path`);
  }
  return path;
}

/** Replicas a service runs: init services always one, otherwise `resources.replicas` (default 1). */
export function replicasOf(svc: { role: ServiceRole; resources?: { replicas?: number } }): number {
  if (svc.role === ServiceRoles.init) return 1;
  const r = svc.resources?.replicas;
  return r === undefined || r === null ? 1 : r;
}

/**
 * Start order: init services first, then the rest, each group in dependency
 * order (a stable topological sort, so independent services keep spec order).
 * Throws SpecError on a cycle or an init depending on a long-running service.
 */
export function startOrder<T extends { name: string; role: ServiceRole; dependsOn: string[] }>(services: T[]): T[] {
  const byName = new Map(services.map((s) => [s.name, s]));
  for (const s of services) {
    if (s.role !== ServiceRoles.init) continue;
    for (const d of s.dependsOn) {
      const dep = byName.get(d);
      if (dep && dep.role !== ServiceRoles.init) {
        throw new SpecError(`init service ${s.name} cannot depend on ${dep.role} service ${d}: inits run first`);
      }
    }
  }
  const inits = services.filter((s) => s.role === ServiceRoles.init);
  const rest = services.filter((s) => s.role !== ServiceRoles.init);
  return [...topo(inits, byName), ...topo(rest, byName)];
}

/**
 * startOrder cut into the groups that may be created together: each init
 * alone, in order (init containers run one after another, as Kubernetes runs
 * them), then the long-running services by dependency depth (a service comes
 * one group after the deepest service it depends on). Throws as startOrder.
 */
export function startLevels<T extends { name: string; role: ServiceRole; dependsOn: string[] }>(services: T[]): T[][] {
  const ordered = startOrder(services);
  const levels: T[][] = [];
  const depth = new Map<string, number>();
  const firstRest = ordered.filter((s) => s.role === ServiceRoles.init).length;
  for (const s of ordered) {
    if (s.role === ServiceRoles.init) {
      levels.push([s]);
      continue;
    }
    // Dependencies come earlier in the order; only long-running ones place a service (inits are all done first).
    const d = Math.max(-1, ...s.dependsOn.map((name) => depth.get(name) ?? -1)) + 1;
    depth.set(s.name, d);
    const level = firstRest + d;
    levels[level] ??= [];
    levels[level].push(s);
  }
  return levels.filter((l) => l.length > 0);
}

function topo<T extends { name: string; dependsOn: string[] }>(group: T[], all: Map<string, T>): T[] {
  const inGroup = new Set(group.map((s) => s.name));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: T[] = [];
  const visit = (s: T, path: string[]) => {
    if (done.has(s.name)) return;
    if (visiting.has(s.name)) throw new SpecError(`dependency cycle: ${[...path, s.name].join(' -> ')}`);
    visiting.add(s.name);
    for (const d of s.dependsOn) {
      const dep = all.get(d);
      if (dep && inGroup.has(d)) visit(dep, [...path, s.name]);
    }
    visiting.delete(s.name);
    done.add(s.name);
    out.push(s);
  };
  for (const s of group) visit(s, []);
  return out;
}

/** The stored form of a provisioned service. */
export function labelledSpecOf(svc: ServiceSpec): LabelledServiceSpec {
  return {
    name: svc.name,
    image: svc.image,
    role: svc.role,
    dependsOn: [...svc.dependsOn],
    env: { ...svc.env },
    ports: svc.ports.map((p) => ({ ...p })),
    volumes: svc.volumes.map((v) => ({ ...v })),
    healthCheck: svc.healthCheck ? { ...svc.healthCheck } : undefined,
    secrets: svc.secrets.map((s) => ({ key: s.key, envName: s.envName })),
    configFiles: svc.configFiles.map((f) => ({ name: f.name, path: f.path, format: f.format })),
    annotations: { ...svc.annotations },
    command: svc.command ? [...svc.command] : undefined,
    args: svc.args ? [...svc.args] : undefined,
    cpuMillis: svc.resources.cpuMillis || undefined,
    memoryMb: svc.resources.memoryMb || undefined,
    ...(svc.resources.gpu ? { gpu: svc.resources.gpu } : {}),
  };
}

/** Reads the stored spec back from a container's labels; undefined when absent or unreadable. */
export function parseLabelledSpec(labels: Record<string, string> | undefined): LabelledServiceSpec | undefined {
  const raw = labels?.[Labels.spec];
  if (!raw) return undefined;
  try {
    const spec = JSON.parse(raw) as LabelledServiceSpec;
    return spec && typeof spec.name === 'string' && typeof spec.image === 'string' ? spec : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies a deploy spec on top of what the service runs now: fields the
 * deploy leaves undefined keep their current value (as snapshotFromDeploy
 * does for releases). `current` resources are the engine's live limits.
 */
export function mergeDeploy(
  current: LabelledServiceSpec,
  deploy: ServiceDeploySpec,
  currentLimits: { cpuMillis?: number; memoryMb?: number },
): LabelledServiceSpec {
  const resources = deploy.resources;
  return {
    ...current,
    image: deploy.image || current.image,
    env: deploy.env ? { ...deploy.env } : { ...current.env },
    healthCheck: deploy.healthCheck ? { ...deploy.healthCheck } : current.healthCheck,
    command: deploy.command ? [...deploy.command] : current.command,
    args: deploy.args ? [...deploy.args] : current.args,
    ports: deploy.ports ? deploy.ports.map((p) => ({ ...p })) : current.ports,
    dependsOn: deploy.dependsOn ? [...deploy.dependsOn] : current.dependsOn,
    secrets: deploy.secrets ? deploy.secrets.map((r) => ({ ...r })) : current.secrets,
    volumes: deploy.volumes ? deploy.volumes.map((v) => ({ ...v })) : current.volumes,
    cpuMillis: resources ? resources.cpuMillis || undefined : currentLimits.cpuMillis,
    memoryMb: resources ? resources.memoryMb || undefined : currentLimits.memoryMb,
  };
}

/**
 * The hash naming a container: everything that needs a new container to
 * change. CPU and memory values are left out (Scale updates them in place), as are
 * secret values and config contents (they must never reach a name or label).
 */
export function specHash(spec: LabelledServiceSpec, imageId: string, kind: WorkloadKind): string {
  const { cpuMillis, memoryMb, annotations: _ann, dependsOn: _deps, ...rest } = spec;
  // Whether a limit exists is hashed: the Engine can change a limit in place but never lift one.
  const limited = { cpu: Boolean(cpuMillis), memory: Boolean(memoryMb) };
  return shortHash({ ...rest, imageId, kind, limited }, 10);
}

/** Everything needed to create one replica's container. */
export interface ContainerPlan {
  instanceId: string;
  kind: WorkloadKind;
  network: string;
  spec: LabelledServiceSpec;
  replica: number;
  imageId: string;
  releaseId?: string;
  /** Labels shared by the instance's objects (workload labels + instance labels). */
  baseLabels: Record<string, string>;
  /** Secret env values by env name, resolved for this container. */
  secretEnv: Record<string, string>;
  /** Run the image under docker-init so signals reach the process (fast, clean stops). */
  init: boolean;
  /**
   * The replica's predecessor keeps serving until this container is ready (a
   * rolling replacement): when it holds the same name (a restart: same spec),
   * the new container takes a suffixed name instead of removing it.
   */
  besidePredecessor?: boolean;
}

/**
 * The named volumes a container of `plan` mounts: one per VolumeSpec for the
 * instance, or one per replica for a stateful set (stable per-replica storage).
 */
export function planVolumes(
  plan: ContainerPlan,
): Array<{ name: string; volume: string; mountPath: string; existing: boolean; sizeMb?: number }> {
  const perReplica = plan.kind === WorkloadKinds.statefulSet && plan.spec.role !== ServiceRoles.init;
  return plan.spec.volumes.map((v) => ({
    // A kept volume attached again is mounted under its own name (every replica shares it).
    name: v.existing ?? volumeName(plan.instanceId, v.name, perReplica ? plan.replica : undefined),
    volume: v.name,
    mountPath: v.mountPath,
    existing: v.existing !== undefined,
    ...(v.sizeMb ? { sizeMb: v.sizeMb } : {}),
  }));
}

/** The container's deterministic name for `plan`. */
function planName(plan: ContainerPlan): string {
  return containerName(plan.instanceId, plan.spec.name, plan.replica, specHash(plan.spec, plan.imageId, plan.kind));
}

/**
 * Where a container's ports are published on the host: loopback only. Requests from
 * elsewhere reach a service through the edge (its routes, with TLS and the canary's
 * split), which talks to containers on their instance network; a port bound on every
 * interface would let the network reach the service around the edge and its TLS.
 */
export const PUBLISH_ADDRESS = '127.0.0.1';

/** The Engine's create-container body for `plan`. */
export function createOptions(plan: ContainerPlan): Dockerode.ContainerCreateOptions {
  const { spec } = plan;
  const hash = specHash(spec, plan.imageId, plan.kind);
  const env = { ...spec.env, ...plan.secretEnv };
  const exposed: Record<string, Record<string, never>> = {};
  const bindings: Record<string, Array<{ HostIp: string; HostPort: string }>> = {};
  for (const p of spec.ports) {
    const key = `${p.container}/${p.protocol}`;
    exposed[key] = {};
    bindings[key] = [{ HostIp: PUBLISH_ADDRESS, HostPort: p.host ? String(p.host) : '' }];
  }
  const mounts = planVolumes(plan).map((v) => ({
    Type: 'volume' as const,
    Source: v.name,
    Target: v.mountPath,
    ReadOnly: false,
  }));
  const labels: Record<string, string> = {
    ...plan.baseLabels,
    [Labels.service]: spec.name,
    [Labels.role]: spec.role,
    [Labels.replica]: String(plan.replica),
    [Labels.spec]: JSON.stringify(spec),
    [Labels.specHash]: hash,
  };
  if (plan.releaseId) labels[Labels.release] = plan.releaseId;
  const memory = spec.memoryMb ? spec.memoryMb * 1024 * 1024 : 0;
  return {
    name: planName(plan),
    Image: plan.imageId,
    Hostname: replicaHostname(spec.name, plan.replica),
    Entrypoint: spec.command && spec.command.length > 0 ? spec.command : undefined,
    Cmd: spec.args && spec.args.length > 0 ? spec.args : undefined,
    Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
    Labels: labels,
    ExposedPorts: exposed,
    HostConfig: {
      NetworkMode: plan.network,
      PortBindings: bindings,
      Mounts: mounts,
      NanoCpus: spec.cpuMillis ? spec.cpuMillis * 1_000_000 : 0,
      Memory: memory,
      // Equal to Memory: no swap on top of the limit, and Scale can move both together.
      MemorySwap: memory,
      // Long-running services come back after a crash or an engine restart, but not after Stop.
      RestartPolicy: spec.role === ServiceRoles.init ? { Name: 'no' } : { Name: 'unless-stopped' },
      Init: plan.init,
      ...(spec.gpu ? { DeviceRequests: deviceRequestsOf(spec.gpu) } : {}),
    },
    NetworkingConfig: {
      EndpointsConfig: {
        [plan.network]: { Aliases: [spec.name, replicaHostname(spec.name, plan.replica)] },
      },
    },
  };
}

/** The hostname (and extra alias) of one replica, e.g. `web-0`. */
function replicaHostname(service: string, replica: number): string {
  return `${service}-${replica}`;
}

/** A tar of config files at their paths, for putArchive at `/`. */
export function configTarOf(service: string, files: ConfigFile[]): Buffer | undefined {
  if (files.length === 0) return undefined;
  return createTar(
    files.map((f) => ({ name: configFilePath(service, f.path).replace(/^\/+/, ''), content: f.content, mode: 0o644 })),
  );
}

/** The CPU and memory limits a container runs with now (Scale may have changed them since creation). */
export function limitsOf(info: Dockerode.ContainerInspectInfo): { cpuMillis?: number; memoryMb?: number } {
  const nano = info.HostConfig?.NanoCpus ?? 0;
  const memory = info.HostConfig?.Memory ?? 0;
  return {
    cpuMillis: nano > 0 ? Math.round(nano / 1_000_000) : undefined,
    memoryMb: memory > 0 ? Math.round(memory / (1024 * 1024)) : undefined,
  };
}

/** A container's environment as a map. */
export function envOf(info: Dockerode.ContainerInspectInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of info.Config.Env ?? []) {
    const i = entry.indexOf('=');
    if (i > 0) out[entry.slice(0, i)] = entry.slice(i + 1);
  }
  return out;
}

/**
 * Secret env for a replacement container: the caller's values first, else
 * what the container being replaced holds (values never leave the engine
 * otherwise: they are not in any label). Throws SpecError when neither has one.
 */
export function carriedSecrets(
  info: Dockerode.ContainerInspectInfo,
  spec: LabelledServiceSpec,
  secretValues: Record<string, string> | undefined,
): Record<string, string> {
  const env = envOf(info);
  const out: Record<string, string> = {};
  for (const ref of spec.secrets) {
    const value = secretValues?.[ref.key] ?? env[ref.envName];
    if (value === undefined) {
      throw new SpecError(`service ${spec.name}: no value for secret ${ref.key} (${ref.envName})`);
    }
    out[ref.envName] = value;
  }
  return out;
}

/** The secret values a container holds, so messages built from its output can be redacted. */
export function secretValuesOf(info: Dockerode.ContainerInspectInfo, spec: LabelledServiceSpec | undefined): string[] {
  if (!spec || spec.secrets.length === 0) return [];
  const env = envOf(info);
  return spec.secrets.map((s) => env[s.envName]).filter((v): v is string => Boolean(v));
}
