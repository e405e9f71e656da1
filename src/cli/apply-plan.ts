import { type CurrentRoute, planRoutes, type RoutePlan, routeInput } from './route-plan.js';
import type { AppSpec, BuildSpec, ServiceSpec } from './spec-parse.js';

/** A service of the live instance, as `apply` reads it to compare. */
export interface CurrentService {
  name: string;
  image: string;
  role: string;
  dependsOn: string[];
  env: Array<{ name: string; value: string }>;
  ports: Array<{ container: number; host?: number | null; protocol: string }>;
  /** Live resources; `autoscale` is the policy with its defaults applied (null: none). */
  resources?: (Record<string, unknown> & { autoscale?: AutoscalePolicy | null }) | null;
  healthCheck?: Record<string, number | string | null | undefined> | null;
  command?: string[] | null;
  args?: string[] | null;
  secrets: Array<{ key: string; envName: string }>;
  volumes: Array<{ name: string; mountPath: string }>;
}

/** The live instance with the name in the file, as `apply` reads it. */
export interface CurrentInstance {
  id: string;
  name: string;
  version: number;
  kind: string;
  /** RUNNING, FAILED, …; absent from callers that do not read it. */
  state?: string;
  provider?: { key: string } | null;
  services: CurrentService[];
  /** SERVICES, or the kind of source the instance runs (absent from servers before sources). */
  sourceType?: string | null;
  /** Its routes; read only when the file has `routes:` (absent: none to compare). */
  routes?: CurrentRoute[];
  /**
   * Services whose image tag names another image than they run (`Instance.imageUpdates`: a tag rebuilt in
   * place); absent when not read or the provider cannot tell.
   */
  imageUpdates?: { service: string; image: string; runningImageId: string; currentImageId: string }[] | null;
}

/** One service a deploy changes, with what changed. */
export interface ServiceChange {
  name: string;
  /** The fields that differ, e.g. ["image", "env"]. */
  fields: string[];
  /** The `ServiceDeployInput` that makes the change (never with `autoscale`). */
  input: Record<string, unknown>;
  /** Set when only the image behind the tag moved: the image id running and the one the tag names now. */
  rebuilt?: { running: string; current: string };
  /**
   * Set when the autoscaling policy changes: the `ResourceSpecInput.autoscale`
   * sent by `scaleInstance` (null removes it). A deploy does not carry it: the
   * scale is the mutation that tells the provider (e.g. deletes a Kubernetes HPA).
   */
  autoscale?: AutoscalePolicy | null;
  /** The live policy, for the plan's text. */
  autoscaleWas?: AutoscalePolicy | null;
}

/** An autoscaling policy as the API takes and returns it. */
export interface AutoscalePolicy {
  minReplicas: number;
  maxReplicas: number;
  targetCpuPercent?: number | null;
  targetRequestsPerSecond?: number | null;
  scaleUpStabilizationSeconds?: number | null;
  scaleDownStabilizationSeconds?: number | null;
}

/** What `apply` will do. */
export type ApplyPlan =
  | { action: 'provision'; name: string; input: Record<string, unknown>; builds?: BuildPlan }
  | {
      action: 'deploy';
      name: string;
      instanceId: string;
      expectedVersion: number;
      changes: ServiceChange[];
      /** The services built from source, and how the plan names their source. */
      builds?: BuildPlan;
      /**
       * Set when nothing differs but the instance is FAILED: every service is
       * deployed again as it is (`changes` name them, with no fields), which
       * creates what a failed provision never did.
       */
      again?: true;
      /** Routes to add and remove as well, when the file's `routes:` differ. */
      routes?: RoutePlan;
      /** Services the file has and the instance does not: `ServiceSpecInput`s, created in place. */
      add?: Record<string, unknown>[];
      /** Services the instance has and the file does not: drained and removed in place. */
      remove?: string[];
    }
  | { action: 'none'; name: string; instanceId: string }
  /** Only routes change: addRoute and removeRoute, no operation. */
  | { action: 'routes'; name: string; instanceId: string; routes: RoutePlan }
  /** A source instance gets its source again: the server renders it and prunes what it no longer has. */
  | {
      action: 'deploySource';
      name: string;
      instanceId: string;
      expectedVersion: number;
      source: Record<string, unknown>;
      routes?: RoutePlan;
    };

/** The field a change names when only the image behind an unchanged tag moved. */
export const REBUILT = 'image rebuilt';

/** Each service with `build:`, by name, and its source as the plan prints it (`build ./web`). */
export type BuildPlan = Record<string, string>;

/** Changes a deploy cannot make (the instance must be destroyed and applied again). */
export class UnsupportedChangeError extends Error {
  override readonly name = 'UnsupportedChangeError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * Decides what `apply` does, with no I/O: provision when there is no live
 * instance of that name; else a deploy of exactly the services whose
 * deployable fields differ; else, for a FAILED instance, a deploy of every
 * service as it is; else nothing. Fields the file leaves out of
 * `resources`, `healthCheck`, `command` and `args` keep their live value (a
 * deploy cannot unset them); `env` and `ports` are compared whole (absent
 * means none). Services the file adds or leaves out are added or removed
 * in place by the same deploy (`add`, `remove`); `dependsOn`, `secrets` and
 * `volumes` are compared whole and deployed like the other fields. Changes
 * to a role, the provider or the kind throw UnsupportedChangeError. Routes
 * are planned apart (planRoutes): they change through addRoute/removeRoute,
 * never through an operation.
 */
export function planApply(current: CurrentInstance | null, spec: AppSpec): ApplyPlan {
  const built = spec.services.filter((s) => s.build);
  const builds = built.length
    ? { builds: Object.fromEntries(built.map((s) => [s.name, describeBuild(s.build as BuildSpec)])) }
    : {};
  if (!current) return { action: 'provision', name: spec.name, input: provisionInput(spec), ...builds };
  const routes = planRoutes(current.routes ?? [], spec.routes);
  const routeChanges = routes.add.length + routes.remove.length > 0 ? { routes } : {};
  const runsSource = (current.sourceType ?? 'SERVICES') !== 'SERVICES';
  if (spec.sourceInput || runsSource) {
    if (!spec.sourceInput || !runsSource) {
      const was = runsSource ? `a ${current.sourceType} source` : 'services';
      throw new UnsupportedChangeError([
        `source: the instance runs ${was} (a deploy cannot change this; destroy and apply again)`,
      ]);
    }
    return {
      action: 'deploySource',
      name: spec.name,
      instanceId: current.id,
      expectedVersion: current.version,
      source: spec.sourceInput,
      ...routeChanges,
    };
  }

  const problems: string[] = [];
  if (spec.provider && current.provider && spec.provider !== current.provider.key) {
    problems.push(`provider: ${current.provider.key} → ${spec.provider}`);
  }
  if (spec.kind && spec.kind !== current.kind) problems.push(`kind: ${current.kind} → ${spec.kind}`);
  const live = new Map(current.services.map((s) => [s.name, s]));
  const wanted = new Set(spec.services.map((s) => s.name));
  // Services added or removed are created, or drained and removed, in place by the deploy.
  const add = spec.services.filter((s) => !live.has(s.name)).map(serviceInput);
  const remove = current.services.filter((s) => !wanted.has(s.name)).map((s) => s.name);
  const setChange = { ...(add.length > 0 ? { add } : {}), ...(remove.length > 0 ? { remove } : {}) };

  const changes: ServiceChange[] = [];
  for (const want of spec.services) {
    const have = live.get(want.name);
    if (!have) continue;
    problems.push(...fixedFieldProblems(want, have));
    const change = diffService(want, have);
    if (change) changes.push(change);
    else {
      // The same tag names another image now (rebuilt in place): deploying it again rolls that image out.
      const moved = current.imageUpdates?.find((u) => u.service === want.name && u.image === want.image);
      if (moved)
        changes.push({
          name: want.name,
          fields: [REBUILT],
          input: { name: want.name, image: want.image },
          rebuilt: { running: moved.runningImageId, current: moved.currentImageId },
        });
    }
  }
  if (problems.length > 0) throw new UnsupportedChangeError(problems);
  // A FAILED instance does not match its file, whatever the specs say: applying it again is the way out.
  if (changes.length === 0 && current.state === 'FAILED' && !setChange.add && !setChange.remove) {
    return {
      action: 'deploy',
      name: spec.name,
      instanceId: current.id,
      expectedVersion: current.version,
      changes: spec.services.map((s) => ({ name: s.name, fields: [], input: { name: s.name, ...imageOrBuild(s) } })),
      again: true,
      ...builds,
      ...routeChanges,
    };
  }
  if (changes.length === 0 && !setChange.add && !setChange.remove) {
    return routeChanges.routes
      ? { action: 'routes', name: spec.name, instanceId: current.id, routes }
      : { action: 'none', name: spec.name, instanceId: current.id };
  }
  return {
    action: 'deploy',
    name: spec.name,
    instanceId: current.id,
    expectedVersion: current.version,
    changes,
    ...builds,
    ...routeChanges,
    ...setChange,
  };
}

function fixedFieldProblems(want: ServiceSpec, have: CurrentService): string[] {
  const at = `services.${want.name}`;
  const problems: string[] = [];
  if ((want.role ?? 'MAIN') !== have.role) problems.push(`${at}.role: ${have.role} → ${want.role ?? 'MAIN'}`);
  // Renaming the service is the in-place way: the new name is added, the old one drained and removed.
  return problems.map(
    (p) => `${p} (a deploy cannot change this: rename the service to replace it in place, or destroy and apply again)`,
  );
}

function diffService(want: ServiceSpec, have: CurrentService): ServiceChange | undefined {
  const fields: string[] = [];
  const input: Record<string, unknown> = { name: want.name, ...imageOrBuild(want) };
  // A source cannot be compared with what runs without building it: a service with `build:` is
  // always built (an unchanged context answers its steps from the builder's cache).
  if (want.build) fields.push('build');
  else if (want.image !== have.image) fields.push('image');

  const wantEnv = envList(want.env);
  const haveEnv = [...have.env].sort(byName).map((e) => `${e.name}=${e.value}`);
  if (
    !sameList(
      wantEnv.map((e) => `${e.name}=${e.value}`),
      haveEnv,
    )
  ) {
    fields.push('env');
    input.env = wantEnv;
  }
  const wantPorts = portList(want);
  // The server reports an unpinned host port as 0 (or null): both mean "any".
  const key = (p: { container: number; host?: number | null; protocol?: string | null }) =>
    `${p.container}:${p.host || ''}/${p.protocol ?? 'TCP'}`;
  if (!sameList(wantPorts.map(key).sort(), have.ports.map(key).sort())) {
    fields.push('ports');
    input.ports = wantPorts;
  }
  const { autoscale: wantPolicy, ...wantResources } = want.resources ?? {};
  // With a policy the autoscaler owns the replicas: the file's count is not compared (nor sent).
  if (wantPolicy) delete wantResources.replicas;
  if (Object.keys(wantResources).length > 0 && !covers(have.resources, wantResources)) {
    fields.push('resources');
    input.resources = wantResources;
  }
  const havePolicy = have.resources?.autoscale ?? null;
  const policyChange = !samePolicy(wantPolicy ?? null, havePolicy);
  if (policyChange) fields.push('autoscale');
  if (want.healthCheck && !covers(have.healthCheck, want.healthCheck)) {
    fields.push('healthCheck');
    input.healthCheck = want.healthCheck;
  }
  if (want.command && !sameList(want.command, have.command ?? [])) {
    fields.push('command');
    input.command = want.command;
  }
  if (want.args && !sameList(want.args, have.args ?? [])) {
    fields.push('args');
    input.args = want.args;
  }
  // Dependencies, secrets and volumes are compared whole (absent means none) and sent whole.
  if (!sameList([...(want.dependsOn ?? [])].sort(), [...have.dependsOn].sort())) {
    fields.push('dependsOn');
    input.dependsOn = want.dependsOn ?? [];
  }
  // The server names a secret's variable when the file does not: a file without envName keeps the live one.
  const liveEnvName = new Map(have.secrets.map((r) => [r.key, r.envName]));
  const wantSecrets = (want.secrets ?? []).map(
    (r) => `${r.key}:${('envName' in r && r.envName) || liveEnvName.get(r.key) || ''}`,
  );
  if (!sameList(wantSecrets.sort(), have.secrets.map((r) => `${r.key}:${r.envName}`).sort())) {
    fields.push('secrets');
    input.secrets = want.secrets ?? [];
  }
  const volumeKey = (v: { name: string; mountPath: string }) => `${v.name}:${v.mountPath}`;
  if (!sameList((want.volumes ?? []).map(volumeKey).sort(), have.volumes.map(volumeKey).sort())) {
    fields.push('volumes');
    input.volumes = want.volumes ?? [];
  }
  if (fields.length === 0) return undefined;
  return policyChange
    ? { name: want.name, fields, input, autoscale: wantPolicy ?? null, autoscaleWas: havePolicy }
    : { name: want.name, fields, input };
}

/** The server's defaults for the windows (AutoscaleInput), so a file that leaves them out matches. */
const WINDOW_DEFAULTS = { scaleUpStabilizationSeconds: 0, scaleDownStabilizationSeconds: 300 } as const;

function samePolicy(want: AutoscalePolicy | null, have: AutoscalePolicy | null): boolean {
  if (!want || !have) return want === have;
  const w = { ...WINDOW_DEFAULTS, ...dropUndefined({ ...want }) };
  const keys = [
    'minReplicas',
    'maxReplicas',
    'targetCpuPercent',
    'targetRequestsPerSecond',
    'scaleUpStabilizationSeconds',
    'scaleDownStabilizationSeconds',
  ] as const;
  return keys.every((k) => (w[k] ?? null) === (have[k] ?? null));
}

/** `1–3, cpu 50%`, `2–5, 20 req/s`, or `off`. */
export function describePolicy(p: AutoscalePolicy | null | undefined): string {
  if (!p) return 'off';
  const targets = [
    p.targetCpuPercent != null ? `cpu ${p.targetCpuPercent}%` : undefined,
    p.targetRequestsPerSecond != null ? `${p.targetRequestsPerSecond} req/s` : undefined,
  ].filter(Boolean);
  return `${p.minReplicas}–${p.maxReplicas}, ${targets.join(', ')}`;
}

/** The ProvisionInstanceInput for a spec (without `wait`). */
export function provisionInput(spec: AppSpec): Record<string, unknown> {
  return dropUndefined({
    name: spec.name,
    provider: spec.provider,
    kind: spec.kind,
    labels: spec.labels ? labelList(spec.labels) : undefined,
    readiness: spec.readiness,
    ...(spec.sourceInput ? { source: spec.sourceInput } : {}),
    ...(spec.routes?.length ? { routes: spec.routes.map(routeInput) } : {}),
    ...(spec.schedules?.length ? { schedules: spec.schedules } : {}),
    services: spec.services.map(serviceInput),
  });
}

/** A file's service as the API's ServiceSpecInput (a provision's, or one a deploy adds). */
function serviceInput(s: ServiceSpec): Record<string, unknown> {
  return dropUndefined({
    name: s.name,
    ...imageOrBuild(s),
    role: s.role,
    dependsOn: s.dependsOn,
    env: s.env ? envList(s.env) : undefined,
    ports: s.ports,
    resources: s.resources,
    healthCheck: s.healthCheck,
    command: s.command,
    args: s.args,
    secrets: s.secrets,
    volumes: s.volumes,
    configFiles: s.configFiles,
    annotations: s.annotations ? labelList(s.annotations) : undefined,
  });
}

/** `{ image }`, or `{ build }` as the API's BuildSpecInput (a local context's archive is attached by the CLI). */
function imageOrBuild(s: ServiceSpec): { image: string } | { build: Record<string, unknown> } {
  return s.build ? { build: buildInput(s.build) } : { image: s.image as string };
}

/**
 * The API's BuildSpecInput for a file's `build:`. A git source is sent as
 * written; a local `context` leaves `source.archive` null, the place where
 * the CLI attaches the packed directory (`archivePlaces`).
 */
export function buildInput(b: BuildSpec): Record<string, unknown> {
  return dropUndefined({
    source: b.git ? { git: dropUndefined({ ...b.git }) } : { archive: null },
    contextPath: b.contextPath,
    dockerfile: b.dockerfile,
    target: b.target,
    args: b.args ? envList(b.args) : undefined,
    secrets: b.secrets,
    cpuMillis: b.cpuMillis,
    memoryMb: b.memoryMb,
    timeoutSeconds: b.timeoutSeconds,
  });
}

/** How a plan names a service's build: `build ./web`, `build git https://…#main`. */
export function describeBuild(b: BuildSpec): string {
  if (b.git) return `build git ${b.git.url}#${b.git.ref ?? 'HEAD'}`;
  return `build ${b.context}`;
}

function envList(env: Record<string, string> | undefined): Array<{ name: string; value: string }> {
  return Object.entries(env ?? {})
    .map(([name, value]) => ({ name, value }))
    .sort(byName);
}

function portList(s: ServiceSpec): Array<{ container: number; host?: number; protocol?: 'TCP' | 'UDP' }> {
  return s.ports ?? [];
}

function labelList(labels: Record<string, string>): Array<{ key: string; value: string }> {
  return Object.entries(labels).map(([key, value]) => ({ key, value }));
}

/** True when every field `want` sets has the same value in `have`. */
function covers(have: Record<string, unknown> | null | undefined, want: Record<string, unknown>): boolean {
  return Object.entries(want).every(([k, v]) => v === undefined || have?.[k] === v);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function dropUndefined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
