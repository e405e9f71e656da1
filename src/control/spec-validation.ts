import type {
  HealthCheckSpec,
  PortExposure,
  PortSpec,
  ResourceSpec,
  ServiceRole,
  VolumeSpec,
} from '../providers/service-spec.js';
import { type AutoscaleInput, checkAutoscale, withAutoscaledReplicas } from './autoscale-validation.js';
import type { BuildSpecInput } from './builds-inputs.js';
import { type FieldError, ValidationError } from './errors.js';
import type { StoredServiceSpec } from './model.js';
import { checkServiceSet } from './service-set-rules.js';

/** Service input as the schema hands it over (enum values already mapped to ours). */
export interface ServiceSpecInput {
  name: string;
  /** Exactly one of image or build. */
  image?: string | null;
  /** Build the image from source first (issue 33). */
  build?: BuildSpecInput | null;
  role?: ServiceRole | null;
  dependsOn?: readonly string[] | null;
  resources?: ResourceInput | null;
  env?: readonly { name: string; value: string }[] | null;
  ports?: readonly PortInput[] | null;
  volumes?:
    | readonly {
        name: string;
        mountPath: string;
        sizeMb?: number | null;
        type?: string | null;
        /** A kept volume's id to mount (issue 39), checked by checkKeptAttachments. */
        kept?: string | null;
      }[]
    | null;
  healthCheck?: HealthCheckInput | null;
  secrets?: readonly { key: string; envName?: string | null }[] | null;
  configFiles?: readonly { name: string; path: string; format?: string | null; content: string }[] | null;
  command?: readonly string[] | null;
  args?: readonly string[] | null;
  annotations?: readonly { key: string; value: string }[] | null;
}
export interface ResourceInput {
  cpuMillis?: number | null;
  memoryMb?: number | null;
  diskMb?: number | null;
  replicas?: number | null;
  gpu?: string | null;
  /** null (explicitly) removes a policy in a scale. */
  autoscale?: AutoscaleInput | null;
}
export interface PortInput {
  container: number;
  host?: number | null;
  protocol?: 'tcp' | 'udp' | null;
  exposure?: PortExposure | null;
}
export interface HealthCheckInput {
  path?: string | null;
  port: number;
  intervalSeconds?: number | null;
  timeoutSeconds?: number | null;
  retries?: number | null;
}

export const DNS_LABEL = /^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;
const LABEL_KEY = /^[A-Za-z0-9]([A-Za-z0-9._/-]{0,61}[A-Za-z0-9])?$/;
export const SECRET_KEY = /^[A-Za-z0-9_.\-/]{1,128}$/;
const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const DOMAIN =
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::[0-9]{1,5})?';
const IMAGE_REF = new RegExp(
  `^(?:${DOMAIN}/)?${COMPONENT}(?:/${COMPONENT})*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$`,
);

export const LIMITS = {
  services: 20,
  replicas: 50,
  cpuMillis: 64_000,
  memoryMb: 262_144,
  minMemoryMb: 6,
  diskMb: 10_000_000,
  envValueBytes: 32 * 1024,
  configFileBytes: 256 * 1024,
  argv: 256,
  argBytes: 8 * 1024,
  labels: 64,
} as const;

/** Collects every problem before answering, so a client fixes its input in one round. */
export class Problems {
  readonly list: FieldError[] = [];
  add(path: (string | number)[], message: string): void {
    this.list.push({ path: path.map(String), message });
  }
  throwIfAny(): void {
    if (this.list.length) throw new ValidationError(this.list);
  }
}

/** A UTF-16 surrogate without its partner: not a character, and not valid in UTF-8 or JSON text. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Postgres text and jsonb cannot hold NUL, and jsonb refuses an unpaired
 * surrogate (JSON.stringify writes "\ud800", which Postgres rejects): reject
 * both anywhere in the input rather than fail on write.
 */
export function checkNoNul(p: Problems, value: unknown, path: (string | number)[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) p.add(path, 'must not contain NUL characters');
    else if (UNPAIRED_SURROGATE.test(value)) p.add(path, 'must be valid Unicode (an unpaired surrogate is not)');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      checkNoNul(p, v, [...path, i]);
    });
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) checkNoNul(p, v, [...path, k]);
  }
}

export function isImageRef(image: string): boolean {
  return image.length <= 255 && IMAGE_REF.test(image);
}

export function checkName(p: Problems, name: string, path: (string | number)[], what = 'name'): void {
  if (!DNS_LABEL.test(name)) {
    p.add(path, `${what} must be a DNS label: 1-63 lowercase letters, digits or "-", starting with a letter`);
  }
}

/**
 * What a service's image is until its build (queued ahead of the operation
 * that deploys it) writes the built reference in its place: never run (the
 * operation that would run it waits for the build and fails without it).
 */
export const PENDING_BUILD_IMAGE = 'wheelhouse.invalid/pending-build:latest';

/** Exactly one of `image` or `build`; the image to store (PENDING_BUILD_IMAGE until a build gives one). */
export function checkImageOrBuild(
  p: Problems,
  s: { image?: string | null; build?: unknown },
  at: (string | number)[],
): string {
  if (s.image != null && s.build != null)
    p.add([...at, 'image'], 'give exactly one of image or build (both were given)');
  else if (s.image == null && s.build == null)
    p.add([...at, 'image'], 'give exactly one of image or build (neither was given)');
  else if (s.image != null) checkImage(p, s.image, [...at, 'image']);
  return s.image ?? PENDING_BUILD_IMAGE;
}

export function checkImage(p: Problems, image: string, path: (string | number)[]): void {
  if (!isImageRef(image)) p.add(path, 'not a valid image reference (e.g. "registry.example.com/team/app:1.2")');
}

function intIn(p: Problems, v: number | null | undefined, min: number, max: number, path: (string | number)[]): void {
  if (v === null || v === undefined) return;
  if (!Number.isInteger(v) || v < min || v > max) p.add(path, `must be an integer from ${min} to ${max}`);
}

/**
 * Resources as given to provision/deploy/scale; `minReplicas` is 0 for scale
 * (scale to zero); `routed` whether an autoscale policy may go to zero (see `checkAutoscale`).
 */
export function checkResources(
  p: Problems,
  r: ResourceInput | null | undefined,
  path: (string | number)[],
  minReplicas = 1,
  routed: boolean | 'later' = false,
): ResourceSpec {
  if (!r) return {};
  intIn(p, r.cpuMillis, 1, LIMITS.cpuMillis, [...path, 'cpuMillis']);
  intIn(p, r.memoryMb, LIMITS.minMemoryMb, LIMITS.memoryMb, [...path, 'memoryMb']);
  intIn(p, r.diskMb, 1, LIMITS.diskMb, [...path, 'diskMb']);
  intIn(p, r.replicas, minReplicas, LIMITS.replicas, [...path, 'replicas']);
  // A GPU request is a count or every GPU of the node (issue 26).
  if (r.gpu !== null && r.gpu !== undefined && !/^([1-9][0-9]{0,2}|all)$/.test(r.gpu)) {
    p.add([...path, 'gpu'], 'must be a count ("1") or "all"');
  }
  const out: ResourceSpec = {};
  if (r.cpuMillis != null) out.cpuMillis = r.cpuMillis;
  if (r.memoryMb != null) out.memoryMb = r.memoryMb;
  if (r.diskMb != null) out.diskMb = r.diskMb;
  if (r.replicas != null) out.replicas = r.replicas;
  if (r.gpu != null) out.gpu = r.gpu;
  if (r.autoscale != null)
    out.autoscale = checkAutoscale(p, r.autoscale, [...path, 'autoscale'], LIMITS.replicas, routed);
  return out;
}

/** A policy's replicas within its bounds; an INIT service (it runs once) cannot have one. */
function autoscaledResources(p: Problems, role: ServiceRole, r: ResourceSpec, path: (string | number)[]): ResourceSpec {
  if (r.autoscale && role === 'init') p.add([...path, 'autoscale'], 'an INIT service runs once and cannot autoscale');
  return withAutoscaledReplicas(r);
}

export function checkEnv(
  p: Problems,
  env: readonly { name: string; value: string }[] | null | undefined,
  path: (string | number)[],
): Record<string, string> {
  const out: Record<string, string> = {};
  (env ?? []).forEach((e, i) => {
    if (!ENV_NAME.test(e.name))
      p.add([...path, i, 'name'], 'must be letters, digits and "_", not starting with a digit');
    else if (e.name in out) p.add([...path, i, 'name'], `duplicate variable ${e.name}`);
    if (Buffer.byteLength(e.value) > LIMITS.envValueBytes) p.add([...path, i, 'value'], 'is longer than 32 KiB');
    out[e.name] = e.value;
  });
  return out;
}

export function checkPorts(
  p: Problems,
  ports: readonly PortInput[] | null | undefined,
  path: (string | number)[],
): PortSpec[] {
  const seen = new Set<string>();
  return (ports ?? []).map((port, i) => {
    intIn(p, port.container, 1, 65535, [...path, i, 'container']);
    intIn(p, port.host, 0, 65535, [...path, i, 'host']);
    const protocol = port.protocol ?? 'tcp';
    const k = `${port.container}/${protocol}`;
    if (seen.has(k)) p.add([...path, i, 'container'], `port ${k} is listed twice`);
    seen.add(k);
    return {
      container: port.container,
      host: port.host ?? 0,
      protocol,
      ...(port.exposure ? { exposure: port.exposure } : {}),
    };
  });
}

export function checkHealthCheck(
  p: Problems,
  h: HealthCheckInput | null | undefined,
  path: (string | number)[],
): HealthCheckSpec | undefined {
  if (!h) return undefined;
  intIn(p, h.port, 1, 65535, [...path, 'port']);
  if (h.path != null && (!h.path.startsWith('/') || h.path.length > 1024))
    p.add([...path, 'path'], 'must start with "/"');
  intIn(p, h.intervalSeconds, 1, 3600, [...path, 'intervalSeconds']);
  intIn(p, h.timeoutSeconds, 1, 600, [...path, 'timeoutSeconds']);
  intIn(p, h.retries, 0, 100, [...path, 'retries']);
  return {
    ...(h.path ? { path: h.path } : {}),
    port: h.port,
    ...(h.intervalSeconds ? { intervalMs: h.intervalSeconds * 1000 } : {}),
    ...(h.timeoutSeconds ? { timeoutMs: h.timeoutSeconds * 1000 } : {}),
    ...(h.retries != null ? { retries: h.retries } : {}),
  };
}

export function checkArgv(
  p: Problems,
  argv: readonly string[] | null | undefined,
  path: (string | number)[],
): string[] | undefined {
  if (argv == null) return undefined;
  if (argv.length > LIMITS.argv) p.add(path, `at most ${LIMITS.argv} items`);
  argv.forEach((a, i) => {
    if (Buffer.byteLength(a) > LIMITS.argBytes) p.add([...path, i], 'is longer than 8 KiB');
  });
  return [...argv];
}

function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') && path !== '/' && !path.split('/').includes('..') && path.length <= 1024;
}

function checkLabels(
  p: Problems,
  labels: readonly { key: string; value: string }[] | null | undefined,
  path: (string | number)[],
  maxValue: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  if ((labels?.length ?? 0) > LIMITS.labels) p.add(path, `at most ${LIMITS.labels} entries`);
  (labels ?? []).forEach((l, i) => {
    if (!LABEL_KEY.test(l.key)) p.add([...path, i, 'key'], 'must be 1-63 letters, digits, ".", "_", "/" or "-"');
    else if (l.key in out) p.add([...path, i, 'key'], `duplicate key ${l.key}`);
    if (l.value.length > maxValue) p.add([...path, i, 'value'], `is longer than ${maxValue} characters`);
    out[l.key] = l.value;
  });
  return out;
}

export function checkInstanceLabels(
  p: Problems,
  labels: readonly { key: string; value: string }[] | null | undefined,
  path: (string | number)[],
) {
  return checkLabels(p, labels, path, 255);
}

/** UPPER_SNAKE of a vault key: `db/password` → `DB_PASSWORD`. */
export function defaultEnvName(key: string): string {
  return key
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^([0-9])/, '_$1')
    .toUpperCase();
}

/** Flags each secret reference at `path` whose key the vault lacks (`missing`: SecretService.missing's answer). */
export function checkSecretsInVault(
  p: Problems,
  refs: readonly { key: string }[],
  missing: readonly string[],
  path: (string | number)[],
): void {
  refs.forEach((ref, j) => {
    if (missing.includes(ref.key)) p.add([...path, j, 'key'], `no secret "${ref.key}" in the vault`);
  });
}

/** What validateServices returns: the specs to store, and config contents to put in the vault. */
export interface ValidatedServices {
  services: StoredServiceSpec[];
  /** vault key → file content, to store before the operation is queued. */
  configContents: Record<string, string>;
}

/**
 * Checks every rule of a workload's services and returns the specs to store.
 * `contentKey(service, file)` names the vault entry for a config file's content.
 */
export function validateServices(
  p: Problems,
  input: readonly ServiceSpecInput[],
  path: (string | number)[],
  contentKey: (service: string, file: string) => string,
  /** Services a route will reach (scale to zero is only for them). */
  routed: ReadonlySet<string> = new Set(),
): ValidatedServices {
  if (input.length === 0) p.add(path, 'must list at least one service');
  if (input.length > LIMITS.services) p.add(path, `at most ${LIMITS.services} services`);
  const names = new Set<string>();
  const configContents: Record<string, string> = {};
  const services = input.map((s, i): StoredServiceSpec => {
    if (names.has(s.name)) p.add([...path, i, 'name'], `duplicate service name ${s.name}`);
    names.add(s.name);
    return validateService(p, s, [...path, i], contentKey, routed, configContents);
  });
  if (input.length > 0)
    checkServiceSet(p, services, (name) => [...path, services.findIndex((s) => s.name === name)], path);
  return { services, configContents };
}

/**
 * The rules of one service (a provision's, or one a deploy adds in place);
 * its config files' contents are put in `configContents` by vault key.
 */
export function validateService(
  p: Problems,
  s: ServiceSpecInput,
  at: (string | number)[],
  contentKey: (service: string, file: string) => string,
  routed: ReadonlySet<string>,
  configContents: Record<string, string>,
): StoredServiceSpec {
  checkName(p, s.name, [...at, 'name']);
  const image = checkImageOrBuild(p, s, at);
  const ports = checkPorts(p, s.ports, [...at, 'ports']);
  const volumes = checkVolumes(p, s.volumes, [...at, 'volumes']);
  const env = checkEnv(p, s.env, [...at, 'env']);
  const secrets = checkSecretRefs(p, s.secrets, env, [...at, 'secrets']);
  const paths = new Set<string>();
  const configFiles = (s.configFiles ?? []).map((f, j) => {
    checkName(p, f.name, [...at, 'configFiles', j, 'name'], 'config file name');
    if (!isAbsolutePath(f.path))
      p.add([...at, 'configFiles', j, 'path'], 'must be an absolute path (not "/", no "..")');
    if (paths.has(f.path)) p.add([...at, 'configFiles', j, 'path'], `duplicate path ${f.path}`);
    paths.add(f.path);
    if (Buffer.byteLength(f.content) > LIMITS.configFileBytes)
      p.add([...at, 'configFiles', j, 'content'], 'is larger than 256 KiB');
    const key = contentKey(s.name, f.name);
    configContents[key] = f.content;
    return {
      name: f.name,
      path: f.path,
      format: (f.format ?? 'text') as StoredServiceSpec['configFiles'][number]['format'],
      contentKey: key,
    };
  });
  // A check on an unpublished port is fine on a private network: nothing to compare with the ports.
  const healthCheck = checkHealthCheck(p, s.healthCheck, [...at, 'healthCheck']);
  return {
    name: s.name,
    image,
    role: s.role ?? 'main',
    dependsOn: [...(s.dependsOn ?? [])],
    resources: autoscaledResources(
      p,
      s.role ?? 'main',
      checkResources(p, s.resources, [...at, 'resources'], 1, routed.has(s.name)),
      [...at, 'resources'],
    ),
    env,
    ports,
    volumes,
    ...(healthCheck ? { healthCheck } : {}),
    secrets,
    configFiles,
    annotations: checkLabels(p, s.annotations, [...at, 'annotations'], 4096),
    ...(s.command != null ? { command: checkArgv(p, s.command, [...at, 'command']) } : {}),
    ...(s.args != null ? { args: checkArgv(p, s.args, [...at, 'args']) } : {}),
  };
}

/** A service's volumes: DNS-safe names given once, absolute mount paths, sizes in range. */
export function checkVolumes(p: Problems, input: ServiceSpecInput['volumes'], path: (string | number)[]): VolumeSpec[] {
  const volumeNames = new Set<string>();
  return (input ?? []).map((v, j) => {
    checkName(p, v.name, [...path, j, 'name'], 'volume name');
    if (volumeNames.has(v.name)) p.add([...path, j, 'name'], `duplicate volume ${v.name}`);
    volumeNames.add(v.name);
    if (!isAbsolutePath(v.mountPath)) p.add([...path, j, 'mountPath'], 'must be an absolute path (not "/", no "..")');
    intIn(p, v.sizeMb, 1, LIMITS.diskMb, [...path, j, 'sizeMb']);
    return {
      name: v.name,
      mountPath: v.mountPath,
      ...(v.sizeMb ? { sizeMb: v.sizeMb } : {}),
      ...(v.type ? { type: v.type } : {}),
    };
  });
}

/** A service's secret refs: vault-key syntax, and an env name that is valid and not also in `env`. */
export function checkSecretRefs(
  p: Problems,
  input: ServiceSpecInput['secrets'],
  env: Record<string, string>,
  path: (string | number)[],
): StoredServiceSpec['secrets'] {
  return (input ?? []).map((ref, j) => {
    if (!SECRET_KEY.test(ref.key)) p.add([...path, j, 'key'], 'must be 1-128 letters, digits, "_", ".", "-" or "/"');
    const envName = ref.envName ?? defaultEnvName(ref.key);
    if (!ENV_NAME.test(envName))
      p.add([...path, j, 'envName'], 'must be letters, digits and "_", not starting with a digit');
    else if (envName in env) p.add([...path, j, 'envName'], `${envName} is also set in env`);
    return { key: ref.key, envName };
  });
}
