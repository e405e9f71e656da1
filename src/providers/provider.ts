/**
 * The provider contract: the one interface every orchestrator (Docker,
 * Kubernetes, …) implements so the control plane can drive workloads without
 * knowing which backend runs them. Faithful to the Go `provider` package this
 * project re-imagines (shared/seeds/provider-package.txt); where TypeScript
 * differs (no `context.Context`, no `io.Reader`) the difference is noted.
 *
 * The calls, their requests and results, and the interface are read as one
 * document here; what a workload is made of is in service-spec.ts, the
 * optional engines in engines.ts (and the files it names), capabilities in
 * capabilities.ts, the release snapshot rules in control/release-snapshots.ts.
 */

import type { AutoscalePolicy } from './autoscaling.js';
import type { Capability } from './capabilities.js';
import type { MissingEngines, ProviderEngines } from './engines.js';
import type { ExecRequest, ExecResult, LogOptions, LogStream } from './provider-io.js';
import type {
  HealthCheckSpec,
  PortSpec,
  ResourceSpec,
  SecretRef,
  ServiceSpec,
  VolumeSpec,
  WorkloadKind,
} from './service-spec.js';

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
  /** The volume name (VolumeSpec name) each kept provider volume was created for, where the provider knows it. */
  keptVolumeSpecs?: Record<string, string>;
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
  /** Replace the service's dependencies, secret refs or volumes (a new container on Docker). */
  dependsOn?: string[];
  secrets?: SecretRef[];
  volumes?: VolumeSpec[];
}

/** A deployment: only the listed services change. */
export interface DeployRequest {
  instanceId: string;
  releaseId: string;
  services: ServiceDeploySpec[];
  strategy: DeployStrategy;
  /** As in ProvisionRequest: values for the secret refs of the services being replaced or added. */
  secretValues?: Record<string, string>;
  /** Services to create beside the others, as a provision would (its network, its volumes). */
  add?: ServiceSpec[];
  /** Services to drain and remove; their volumes are kept, as at a deprovision without deleteVolumes. */
  remove?: string[];
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
  /** Services the restored release has and the instance no longer does (see DeployRequest.add). */
  add?: ServiceSpec[];
  /** Services the instance has and the restored release did not (see DeployRequest.remove). */
  remove?: string[];
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
  /**
   * An INIT service that ran to completion (exit 0): reported `stopped` and
   * ready, with the message `completed`. It is where it should be, so it
   * neither lowers the instance's worst-of state nor counts as drift.
   */
  completed?: boolean;
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

// Logs and exec: provider-io.ts (re-exported here, where the contract is read).
export type { ExecRequest, ExecResult, LogEntry, LogOptions, LogStream } from './provider-io.js';

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
 * What a heal did to one service: `started` its stopped replicas again (same
 * containers), `replaced` them with new ones, or `left` them to the backend,
 * which restarts them itself (the engine's restart policy on a crash loop,
 * the kubelet on Kubernetes).
 */
export type HealAction = 'started' | 'replaced' | 'left';

/** The result of a heal, per service named in the call. */
export interface HealResult {
  services: Record<string, { action: HealAction; message?: string }>;
}

/**
 * The unified interface for infrastructure operations. Each orchestrator
 * implements it. Every mutating call must be idempotent: deterministic names
 * let a repeated call converge on what exists instead of duplicating it, which
 * is what makes a re-claimed operation safe after a crash.
 *
 * Work beyond the base calls (routes, canaries, autoscaling, workload
 * sources) is done by the provider's optional `engines` (engines.ts).
 */
export interface Provider {
  /** Metadata about this provider. */
  info(): ProviderInfo;
  /**
   * What this provider supports; the control plane checks before calling.
   * The base capabilities and those of the engines present (`capabilitiesWith`).
   */
  capabilities(): readonly Capability[];
  /** The optional engines this provider has. */
  readonly engines: ProviderEngines;
  /** Why an engine is absent (HAProxy not installed, say), for the error that refuses its work. */
  readonly missingEngines?: MissingEngines;
  /**
   * Set when this provider cannot add or remove services of a running
   * instance in place (`DeployRequest.add`/`remove`), nor change a service's
   * volumes, secrets or dependsOn: the reason, and the way out, for the error
   * that refuses such a deploy. Unset: it can.
   */
  readonly serviceSetFixed?: string;
  /** Creates every resource of an instance. Repeating it converges. */
  provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult>;
  /**
   * Tears down every resource of an instance; absent resources are not an
   * error. Persistent volumes are kept (their data survives) unless
   * `opts.deleteVolumes`; the result names what was kept.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: providers that keep nothing return nothing
  deprovision(ctx: CallContext, instanceId: string, opts?: DeprovisionOptions): Promise<DeprovisionResult | void>;
  /**
   * Optional: deletes a volume a deprovision kept (issue 39), data and all,
   * if it is the tenant's; an absent one is no error. A volume in use is a
   * conflict. Without it, kept volumes cannot be deleted through the API.
   */
  deleteKeptVolume?(ctx: CallContext, tenantId: string, name: string): Promise<void>;
  /**
   * Whether a provision may mount a kept volume (`VolumeSpec.existing`);
   * otherwise the reason it cannot, for the refusal.
   */
  readonly keptVolumeAttach?: { supported: true } | { supported: false; reason: string };
  /**
   * Optional: why this provider cannot enforce a volume's `sizeMb` (undefined
   * when it can). Without it, `sizeMb` is taken as enforced.
   */
  volumeSizeRefusal?(ctx: CallContext): Promise<string | undefined>;
  /** Starts a stopped instance. */
  start(ctx: CallContext, instanceId: string): Promise<void>;
  /** Gracefully stops a running instance. */
  stop(ctx: CallContext, instanceId: string): Promise<void>;
  /** A stop+start cycle. */
  restart(ctx: CallContext, instanceId: string): Promise<void>;
  /**
   * Optional: brings the named long-running services back where they are down,
   * touching nothing else (the other services' containers, pods and host
   * ports stay as they are). The supervisor's recovery of a service that
   * drifted; without it the supervisor restarts the whole instance. Idempotent:
   * a service already running is left. INIT services are never healed.
   */
  heal?(ctx: CallContext, instanceId: string, services: readonly string[]): Promise<HealResult>;
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
  /**
   * Optional: the services whose image reference now names another image on
   * the backend than the one their replicas run (a tag rebuilt or re-pushed in
   * place), so `apply` can roll it out instead of calling the spec up to date.
   * Without it, Wheelhouse cannot tell.
   */
  imageUpdates?(ctx: CallContext, instanceId: string): Promise<ImageUpdate[]>;
  /** Streams log lines of one service (all its replicas). */
  logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream>;
  /** Runs a command inside one service's first replica. */
  exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult>;
  /** Optional: tests connectivity. Never throws: an unreachable backend is `healthy: false` with the reason. */
  healthCheck?(ctx: CallContext): Promise<HealthStatus>;
  /** Optional: asks the backend for its version (info() is synchronous and reports the last one seen). */
  refreshInfo?(ctx: CallContext): Promise<ProviderInfo>;
  /**
   * Optional: the workloads the provider holds (by their labels), so the
   * supervisor can find orphans: objects no instance record owns.
   */
  managedWorkloads?(ctx: CallContext): Promise<{ instanceId: string; tenantId: string }[]>;
  /**
   * Optional, for a provider whose Provision and Deploy return before the
   * workload serves: the control plane polls `status` with this policy after
   * those calls.
   */
  readinessPolicy?(): ReadinessPolicy;
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

/** A service whose image reference has moved since its replicas started (see `Provider.imageUpdates`). */
export interface ImageUpdate {
  service: string;
  /** The reference, as the spec gives it (`team/web:1`). */
  image: string;
  /** The image id its replicas run. */
  runningImageId: string;
  /** The image id the reference names now. */
  currentImageId: string;
}

/** What `subscribeChanges` reports: which instance changed, and why, for logs. */
export interface InstanceChange {
  instanceId: string;
  /** Human-readable cause (`die web`, `health_status: unhealthy sidecar`); never parsed. */
  reason: string;
}

/** Result of a provider connectivity test (the seed's HealthStatus). */
export interface HealthStatus {
  healthy: boolean;
  message: string;
  latencyMs: number;
  checkedAt: Date;
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
