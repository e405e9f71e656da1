/**
 * The provider contract: the one interface every orchestrator (Docker,
 * Kubernetes, …) implements so the control plane can drive workloads without
 * knowing which backend runs them. Faithful to the Go `provider` package this
 * project re-imagines (shared/seeds/provider-package.txt); where TypeScript
 * differs (no `context.Context`, no `io.Reader`) the difference is noted.
 *
 * Over 500 lines on purpose: the contract (its value types, the interface,
 * its optional extensions and the release snapshot rules built on them) is
 * read as one document, and control/ and schema/ import it from this path.
 */

import type { AutoscalePolicy } from './autoscaling.js';

/** A capability a provider declares. Values are the seed's strings. */
export const Capabilities = {
  provision: 'provision',
  deploy: 'deploy',
  scale: 'scale',
  logs: 'logs',
  exec: 'exec',
  volumes: 'volumes',
  gpu: 'gpu',
  blueGreen: 'strategy:blue-green',
  canary: 'strategy:canary',
  rolling: 'strategy:rolling',
  autoScale: 'autoscale',
  customDomains: 'custom-domains',
  tls: 'tls',
  helm: 'source:helm',
  manifests: 'source:manifests',
  argoCD: 'source:argocd',
} as const;
export type Capability = (typeof Capabilities)[keyof typeof Capabilities];
/** Every capability, in the seed's declaration order. */
export const ALL_CAPABILITIES: readonly Capability[] = Object.values(Capabilities);

/** Lifecycle state of an instance (the seed's InstanceState). */
export const InstanceStates = {
  provisioning: 'provisioning',
  starting: 'starting',
  running: 'running',
  stopping: 'stopping',
  stopped: 'stopped',
  failed: 'failed',
  destroying: 'destroying',
  destroyed: 'destroyed',
} as const;
export type InstanceState = (typeof InstanceStates)[keyof typeof InstanceStates];
export const ALL_INSTANCE_STATES: readonly InstanceState[] = Object.values(InstanceStates);

/**
 * Severity for the seed's worst-of aggregation (InstanceStatus.state across
 * services): failed > provisioning/starting/stopping > stopped > running.
 * States a provider never reports sit with the closest one it does.
 */
const STATE_SEVERITY: Record<InstanceState, number> = {
  running: 0,
  stopped: 1,
  destroyed: 1,
  stopping: 2,
  provisioning: 2,
  starting: 2,
  destroying: 2,
  failed: 3,
};

/** The more severe of two states (the first on a tie). */
export function worseState(a: InstanceState, b: InstanceState): InstanceState {
  return STATE_SEVERITY[b] > STATE_SEVERITY[a] ? b : a;
}

/** Lifecycle role of a service inside a workload. Exactly one `main` per workload. */
export const ServiceRoles = { main: 'main', sidecar: 'sidecar', init: 'init' } as const;
export type ServiceRole = (typeof ServiceRoles)[keyof typeof ServiceRoles];

/** Runtime topology: stateless replicas, or replicas with stable identity and storage. */
export const WorkloadKinds = { deployment: 'deployment', statefulSet: 'stateful_set' } as const;
export type WorkloadKind = (typeof WorkloadKinds)[keyof typeof WorkloadKinds];

/** Deploy strategies a provider may support (see the `strategy:*` capabilities). */
export const DeployStrategies = {
  rolling: 'rolling',
  recreate: 'recreate',
  blueGreen: 'blue_green',
  canary: 'canary',
} as const;
export type DeployStrategy = (typeof DeployStrategies)[keyof typeof DeployStrategies];

/** Geographic metadata for a provider's region. */
export interface Location {
  latitude?: number;
  longitude?: number;
  country?: string;
  city?: string;
}

/** Metadata about a provider. `name` is the bounded type name (`docker`, `kubernetes`). */
export interface ProviderInfo {
  name: string;
  version: string;
  region: string;
  location?: Location;
}

/** Desired resources of a service. Zero or absent means "provider default". */
export interface ResourceSpec {
  cpuMillis?: number;
  memoryMb?: number;
  diskMb?: number;
  replicas?: number;
  gpu?: string;
  /** Replicas follow the load between these bounds (`autoscaling.ts`); absent: replicas are as set. */
  autoscale?: AutoscalePolicy;
}

/**
 * How a port is reached from outside the provider, where the provider can
 * choose (Kubernetes): a cluster-internal address, a port on every node, a
 * cloud load balancer, or an HTTP host routed by an Ingress.
 */
export const PortExposures = {
  clusterIp: 'cluster_ip',
  nodePort: 'node_port',
  loadBalancer: 'load_balancer',
  ingress: 'ingress',
} as const;
export type PortExposure = (typeof PortExposures)[keyof typeof PortExposures];

/** A port the service listens on; `host` 0 or absent asks for any free host port. */
export interface PortSpec {
  container: number;
  host?: number;
  protocol: 'tcp' | 'udp';
  /** Overrides the provider's default exposure for this port; absent keeps the default. */
  exposure?: PortExposure;
}

/**
 * A volume mounted into the service. Instance-owned; deprovision keeps it (and
 * its data) unless asked to delete volumes.
 */
export interface VolumeSpec {
  name: string;
  mountPath: string;
  sizeMb?: number;
  type?: string;
}

/**
 * Health checking for a service: an HTTP GET of `path` on `port` when `path` is
 * set, else a TCP connect to `port`. Durations are milliseconds.
 */
export interface HealthCheckSpec {
  path?: string;
  port: number;
  intervalMs?: number;
  timeoutMs?: number;
  retries?: number;
}

/** A reference to a vault secret, materialised as env var `envName` at apply time. */
export interface SecretRef {
  key: string;
  envName: string;
}

/**
 * A configuration file placed at `path` before the service starts. `content`
 * is resolved from the vault at apply time; the control plane never stores it
 * in a spec, event or snapshot.
 */
export interface ConfigFile {
  name: string;
  path: string;
  format: 'json' | 'yaml' | 'env' | 'text';
  content: string;
}

/** The per-service slice of a workload's spec. */
export interface ServiceSpec {
  /** Unique in the workload and DNS-safe: providers use it as the service's network alias. */
  name: string;
  image: string;
  role: ServiceRole;
  /** Services that must be running before this one starts. */
  dependsOn: string[];
  resources: ResourceSpec;
  env: Record<string, string>;
  ports: PortSpec[];
  volumes: VolumeSpec[];
  healthCheck?: HealthCheckSpec;
  secrets: SecretRef[];
  configFiles: ConfigFile[];
  annotations: Record<string, string>;
  /** Overrides the image's ENTRYPOINT. */
  command?: string[];
  /** Overrides the image's CMD. */
  args?: string[];
}

/**
 * What to create for one instance. One request produces one co-scheduling
 * unit (a Docker network of containers, a Kubernetes workload).
 */
export interface ProvisionRequest {
  instanceId: string;
  tenantId: string;
  name: string;
  kind: WorkloadKind;
  services: ServiceSpec[];
  /** Workload-level labels, applied to every object the provider creates. */
  labels: Record<string, string>;
  /** The release this provision produces (version 1); providers label objects with it. */
  releaseId?: string;
  /**
   * Secret values by vault key, resolved just before the call. Never logged,
   * never labelled, never returned: a provider only materialises them.
   */
  secretValues?: Record<string, string>;
}

/** Options of a deprovision. */
export interface DeprovisionOptions {
  /** Also remove the instance's persistent volumes; their data is lost. Default false: they are kept. */
  deleteVolumes?: boolean;
}

/** What a deprovision left behind on purpose. */
export interface DeprovisionResult {
  /** Provider names of the volumes (claims on Kubernetes) kept because deleteVolumes was not set. */
  keptVolumes: string[];
}

/** An endpoint through which an instance is reached. */
export interface Endpoint {
  serviceName?: string;
  url: string;
  port: number;
  protocol: string;
  public: boolean;
}

/** The result of Provision. */
export interface ProvisionResult {
  /** Workload-level handle (the Docker network name, a Kubernetes object name). */
  providerRef: string;
  /** Per-service handle (container id on Docker, container name on Kubernetes). */
  serviceRefs: Record<string, string>;
  endpoints: Endpoint[];
  metadata?: Record<string, string>;
}

/**
 * A per-service slice of a Deploy. Optional fields left undefined keep what the
 * service already runs with.
 */
export interface ServiceDeploySpec {
  name: string;
  image: string;
  env?: Record<string, string>;
  healthCheck?: HealthCheckSpec;
  command?: string[];
  args?: string[];
  ports?: PortSpec[];
  resources?: ResourceSpec;
}

/** A deployment: only the listed services change. */
export interface DeployRequest {
  instanceId: string;
  releaseId: string;
  services: ServiceDeploySpec[];
  strategy: DeployStrategy;
  /** As in ProvisionRequest: values for the secret refs of the services being replaced. */
  secretValues?: Record<string, string>;
}

/**
 * The result of Deploy. `endpoints`, when set, replaces the instance's stored
 * endpoints in full; leave it undefined to keep them.
 */
export interface DeployResult {
  providerRef: string;
  status: string;
  endpoints?: Endpoint[];
}

/**
 * A rollback. The seed passes only the release id; providers here are
 * stateless about release history (the control plane owns it), so the request
 * also carries the snapshot being restored as deploy specs — exactly what the
 * seed's `ServiceSnapshot.DeploySpec()` produces for a rollback.
 */
export interface RollbackRequest {
  instanceId: string;
  releaseId: string;
  services: ServiceDeploySpec[];
  secretValues?: Record<string, string>;
}

/** A resource change. `service` picks one service; omitted means the main service. */
export interface ScaleRequest {
  instanceId: string;
  service?: string;
  resources: ScaleResources;
}

/** A scale's changes: as ResourceSpec, where `autoscale: null` removes the service's policy. */
export type ScaleResources = Omit<ResourceSpec, 'autoscale'> & { autoscale?: AutoscalePolicy | null };

/** Per-service runtime state reported by the provider. */
export interface ServiceStatus {
  state: InstanceState;
  ready: boolean;
  restarts: number;
  providerRef?: string;
  message?: string;
  /**
   * How many replicas the provider holds for the service (in any state), when
   * it keeps them itself (Docker): fewer than the spec asks for is drift.
   * Unset where a controller keeps the count (a Kubernetes Deployment).
   */
  replicas?: number;
}

/**
 * Runtime state of an instance. `state` and `ready` aggregate across services
 * (worst-of); per-service detail is in `services`, keyed by service name.
 */
export interface InstanceStatus {
  state: InstanceState;
  ready: boolean;
  /** Sum across services. */
  restarts: number;
  startedAt?: Date;
  message?: string;
  endpoints: Endpoint[];
  services: Record<string, ServiceStatus>;
  metadata?: Record<string, string>;
  /**
   * When this status is expected to change with no platform event to say so
   * (a readiness floor ending, a health probe falling due): a readiness wait
   * reads status again then instead of waiting out its interval. Unset when
   * nothing is pending.
   */
  recheckAt?: Date;
}

/** Actual resource utilisation. */
export interface ResourceUsage {
  cpuPercent: number;
  memoryUsedMb: number;
  memoryLimitMb: number;
  diskUsedMb?: number;
  networkInMb: number;
  networkOutMb: number;
}

/** Log streaming options. `serviceName` empty means the main service. */
export interface LogOptions {
  serviceName?: string;
  follow: boolean;
  since?: Date;
  tail?: number;
}

/** One demultiplexed log line. */
export interface LogEntry {
  timestamp: Date;
  stream: 'stdout' | 'stderr';
  service: string;
  replica?: number;
  message: string;
}

/**
 * A stream of log lines. Closing it (or breaking out of the iteration) stops
 * the request to the backend; a provider must not leave the connection open.
 */
export interface LogStream extends AsyncIterable<LogEntry> {
  close(): Promise<void>;
}

/** A command to run inside a service. */
export interface ExecRequest {
  command: string[];
  /** Service to run in; omitted means the main service. */
  serviceName?: string;
  stdin?: string;
  tty?: boolean;
  /** The command is killed (exit code 124 by convention) after this long. */
  timeoutMs?: number;
}

/** The result of Exec. */
export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Credentials for one provider call. Never serialised: not to JSON, not to
 * logs. `values` suits flat secrets; `raw` carries a provider-specific object.
 */
export interface Credentials {
  values: Record<string, string>;
  raw?: unknown;
  expiresAt?: Date;
}

/**
 * Per-call context: what Go carries in `context.Context`. `signal` cancels the
 * call; `credentials` are those the Registry resolved for this call (see
 * `Registry.acquire`), absent when no resolver is configured.
 */
export interface CallContext {
  signal?: AbortSignal;
  credentials?: Credentials;
}

/**
 * The unified interface for infrastructure operations. Each orchestrator
 * implements it. Every mutating call must be idempotent: deterministic names
 * let a repeated call converge on what exists instead of duplicating it, which
 * is what makes a re-claimed operation safe after a crash.
 */
export interface Provider {
  /** Metadata about this provider. */
  info(): ProviderInfo;
  /** What this provider supports; the control plane checks before calling. */
  capabilities(): readonly Capability[];
  /** Creates every resource of an instance. Repeating it converges. */
  provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult>;
  /**
   * Tears down every resource of an instance; absent resources are not an
   * error. Persistent volumes are kept (their data survives) unless
   * `opts.deleteVolumes`; the result names what was kept.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: providers that keep nothing return nothing
  deprovision(ctx: CallContext, instanceId: string, opts?: DeprovisionOptions): Promise<DeprovisionResult | void>;
  /** Starts a stopped instance. */
  start(ctx: CallContext, instanceId: string): Promise<void>;
  /** Gracefully stops a running instance. */
  stop(ctx: CallContext, instanceId: string): Promise<void>;
  /** A stop+start cycle. */
  restart(ctx: CallContext, instanceId: string): Promise<void>;
  /** The current runtime status. */
  status(ctx: CallContext, instanceId: string): Promise<InstanceStatus>;
  /** Pushes a new release; services not listed are left untouched. */
  deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult>;
  /** Restores a previous release's services. */
  rollback(ctx: CallContext, req: RollbackRequest): Promise<void>;
  /** Adjusts replicas and resource limits of one service. */
  scale(ctx: CallContext, req: ScaleRequest): Promise<void>;
  /** Current resource utilisation across the instance. */
  resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage>;
  /** Streams log lines of one service (all its replicas). */
  logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream>;
  /** Runs a command inside one service's first replica. */
  exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult>;
  /**
   * Optional: calls `listener` whenever the backend reports that something of
   * an instance changed (a container died, a pod went unready). A hint, not a
   * record: it carries no state, may repeat, and may be lost, so whoever
   * listens re-reads `status` and keeps polling as the fallback. Returns the
   * unsubscribe function; the provider holds one backend stream however many
   * listeners it has.
   */
  subscribeChanges?(listener: (change: InstanceChange) => void): () => void;
}

/** What `subscribeChanges` reports: which instance changed, and why, for logs. */
export interface InstanceChange {
  instanceId: string;
  /** Human-readable cause (`die web`, `health_status: unhealthy sidecar`); never parsed. */
  reason: string;
}

/** True when `p` implements the optional `subscribeChanges`. */
export function isChangeSource(p: Provider): p is Provider & Required<Pick<Provider, 'subscribeChanges'>> {
  return typeof p.subscribeChanges === 'function';
}

/** Result of a provider connectivity test (the seed's HealthStatus). */
export interface HealthStatus {
  healthy: boolean;
  message: string;
  latencyMs: number;
  checkedAt: Date;
}

/** Optional: a provider that can test its connectivity. */
export interface HealthChecker {
  healthCheck(ctx: CallContext): Promise<HealthStatus>;
}

/**
 * How long to wait for readiness and how often to poll, in milliseconds. Zero
 * or absent values fall back to the defaults below.
 */
export interface ReadinessPolicy {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Optional: a provider whose Provision and Deploy return before the workload
 * serves. The control plane polls `status` with this policy after those calls.
 */
export interface ReadinessWaiter {
  readinessPolicy(): ReadinessPolicy;
}

/**
 * Optional: a provider that can list the workloads it holds (by their labels),
 * so the supervisor can find orphans: objects no instance record owns.
 */
export interface WorkloadLister {
  managedWorkloads(ctx: CallContext): Promise<{ instanceId: string; tenantId: string }[]>;
}

export function isWorkloadLister(p: Provider): p is Provider & WorkloadLister {
  return typeof (p as Partial<WorkloadLister>).managedWorkloads === 'function';
}

/** True when `p` declares `capability`. */
export function hasCapability(p: Provider, capability: Capability): boolean {
  return p.capabilities().includes(capability);
}

/** True when `p` implements the optional HealthChecker. */
export function isHealthChecker(p: Provider): p is Provider & HealthChecker {
  return typeof (p as Partial<HealthChecker>).healthCheck === 'function';
}

/** True when `p` implements the optional ReadinessWaiter. */
export function isReadinessWaiter(p: Provider): p is Provider & ReadinessWaiter {
  return typeof (p as Partial<ReadinessWaiter>).readinessPolicy === 'function';
}

/**
 * The bounded name telemetry labels a provider by (`docker`, `kubernetes`), or
 * `unknown` when `p` is absent or reports no name. Not the registry key.
 */
export function typeName(p: Provider | null | undefined): string {
  if (!p) return 'unknown';
  const name = p.info().name;
  return name ? name : 'unknown';
}

/**
 * The Release snapshot a deploy spec produces on top of `prior` (the service's
 * snapshot in the previous release, if any): optional fields left unset keep
 * the prior value, so a rollback restores them too.
 */
export interface ServiceSnapshot {
  name: string;
  image: string;
  env: Record<string, string>;
  command?: string[];
  args?: string[];
  ports: PortSpec[];
  resources?: ResourceSpec;
}

function isZeroResources(r: ResourceSpec | undefined): boolean {
  return !r || Object.values(r).every((v) => v === undefined || v === 0 || v === '');
}

/** Records a provisioned service as a Release snapshot (a zero ResourceSpec is left out). */
export function snapshotOf(svc: ServiceSpec): ServiceSnapshot {
  return {
    name: svc.name,
    image: svc.image,
    env: { ...svc.env },
    command: svc.command,
    args: svc.args,
    ports: svc.ports.map((p) => ({ ...p })),
    resources: isZeroResources(svc.resources) ? undefined : { ...svc.resources },
  };
}

/** The snapshot `spec` produces when applied on top of `prior`. */
export function snapshotFromDeploy(spec: ServiceDeploySpec, prior: ServiceSnapshot | undefined): ServiceSnapshot {
  return {
    name: spec.name,
    image: spec.image,
    env: spec.env ? { ...spec.env } : { ...(prior?.env ?? {}) },
    command: spec.command ?? prior?.command,
    args: spec.args ?? prior?.args,
    ports: spec.ports ? spec.ports.map((p) => ({ ...p })) : (prior?.ports ?? []),
    resources: spec.resources ? { ...spec.resources } : prior?.resources,
  };
}

/** The deploy spec that restores `s`, as a rollback does. */
export function deploySpecOf(s: ServiceSnapshot): ServiceDeploySpec {
  return {
    name: s.name,
    image: s.image,
    env: { ...s.env },
    command: s.command,
    args: s.args,
    ports: s.ports.map((p) => ({ ...p })),
    resources: s.resources ? { ...s.resources } : undefined,
  };
}

/**
 * The contract's calls that reach the backend, each taking the call's context
 * first: what /metrics counts per provider and what a vault credential is
 * attached to. One list, so a call added to the contract is covered by both.
 */
export const BACKEND_CALLS = [
  'provision',
  'deprovision',
  'start',
  'stop',
  'restart',
  'status',
  'deploy',
  'rollback',
  'scale',
  'resources',
  'logs',
  'exec',
] as const;

// ---------------------------------------------------------------- workload sources (issue 26)
// The seed's DeploymentSource: besides image services, a workload may be given
// as Kubernetes manifests (inline YAML or a kustomization), a Helm chart, or an
// Argo CD Application. Each kind is carried by an optional engine a provider
// implements (like WorkloadLister); the control plane asks for it by type guard
// and checks the matching `source:*` capability first.

/** Which kind of workload an instance or release holds. */
export const SourceTypes = { services: 'services', manifests: 'manifests', helm: 'helm', argocd: 'argocd' } as const;
export type SourceType = (typeof SourceTypes)[keyof typeof SourceTypes];

/** One object of an applied set, as an inventory records it. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  /** Absent for a cluster-scoped object. */
  namespace?: string;
  name: string;
}

/** A file of a kustomization directory (`kustomization.yaml` and what it names). */
export interface SourceFile {
  path: string;
  content: string;
}

/** A Helm chart and the values it is rendered with (`helm template`). */
export interface HelmSource {
  chart: string;
  repoUrl?: string;
  version?: string;
  values?: Record<string, unknown>;
}

/** An Argo CD Application's source, destination and sync policy (the seed's ArgoCDSource). */
export interface ArgoCDSource {
  project?: string;
  repoUrl: string;
  path?: string;
  targetRevision?: string;
  destServer?: string;
  destNamespace?: string;
  helm?: { valueFiles?: string[]; parameters?: Record<string, string> };
  syncPolicy?: { automated?: boolean; selfHeal?: boolean; prune?: boolean };
}

/** A source as the user gave it: exactly one of manifests, helm, argocd. */
export interface WorkloadSource {
  manifests?: { yaml?: string; kustomize?: SourceFile[] };
  helm?: HelmSource;
  argocd?: ArgoCDSource;
  /** Vault values the objects need, materialised as one Secret at apply time (never in a document). */
  secrets: SecretRef[];
}

/**
 * A source as a release keeps it: the rendered documents of a manifests or
 * Helm source (what a rollback re-applies), or the Application's spec.
 */
export interface RenderedSource {
  type: Exclude<SourceType, 'services'>;
  /** The rendered multi-document YAML (manifests and helm). */
  manifests?: string;
  helm?: HelmSource;
  argocd?: ArgoCDSource;
  secrets: SecretRef[];
}

/** What to render and validate for one instance. */
export interface SourceRenderRequest {
  instanceId: string;
  tenantId: string;
  name: string;
  source: WorkloadSource;
}

/** What to apply for one instance: the rendered source, and what the previous set held (pruned when absent now). */
export interface SourceApplyRequest {
  instanceId: string;
  tenantId: string;
  name: string;
  labels: Record<string, string>;
  releaseId?: string;
  source: RenderedSource;
  /** The objects the instance's previous release applied (its inventory); those not in the new set are deleted. */
  previous: ObjectRef[];
  /** Values of `source.secrets`, resolved just before the call; never logged or returned. */
  secretValues?: Record<string, string>;
}

/** The objects an apply left in place: the new release's inventory. */
export interface SourceApplyResult {
  objects: ObjectRef[];
}

/**
 * Optional: applies manifests (inline YAML or a kustomize build), labelled for
 * the instance, by server-side apply. `renderManifests` validates everything
 * (YAML, kinds the backend serves, namespaces, no Secret documents) before
 * anything is applied and throws `invalid_spec` naming the bad document.
 * `status()` reports a source instance with one entry in `services` per
 * object, keyed `Kind/name`.
 */
export interface ManifestEngine {
  renderManifests(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource>;
  applyManifests(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult>;
  /** Deletes the listed objects (an inventory); absent ones are fine. */
  deleteManifests(ctx: CallContext, instanceId: string, objects: ObjectRef[]): Promise<void>;
}

/** Optional: renders a Helm chart to documents, then applied by the ManifestEngine. */
export interface HelmEngine {
  renderHelm(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource>;
}

/** Optional: drives an Argo CD Application named for the instance; status() follows its sync and health. */
export interface ArgoEngine {
  argoApply(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult>;
  argoDelete(ctx: CallContext, instanceId: string): Promise<void>;
}

export function isManifestEngine(p: Provider): p is Provider & ManifestEngine {
  return typeof (p as Partial<ManifestEngine>).applyManifests === 'function';
}

export function isHelmEngine(p: Provider): p is Provider & HelmEngine {
  return typeof (p as Partial<HelmEngine>).renderHelm === 'function';
}

export function isArgoEngine(p: Provider): p is Provider & ArgoEngine {
  return typeof (p as Partial<ArgoEngine>).argoApply === 'function';
}

/** The source engines' calls that take the call's context first (credentials are attached to them too). */
export const SOURCE_CALLS = [
  'renderManifests',
  'applyManifests',
  'deleteManifests',
  'renderHelm',
  'argoApply',
  'argoDelete',
] as const;
