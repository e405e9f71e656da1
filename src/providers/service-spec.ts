/**
 * What a workload is made of, as the provider contract receives it: each
 * service's image, role, resources, ports, volumes, health check, secret
 * references and configuration files. Providers validate these against what
 * their backend can do; the control plane validates them first
 * (control/spec-validation.ts).
 */
import type { AutoscalePolicy } from './autoscaling.js';

/** Lifecycle role of a service inside a workload. Exactly one `main` per workload. */
export const ServiceRoles = { main: 'main', sidecar: 'sidecar', init: 'init' } as const;
export type ServiceRole = (typeof ServiceRoles)[keyof typeof ServiceRoles];

/** Runtime topology: stateless replicas, or replicas with stable identity and storage. */
export const WorkloadKinds = { deployment: 'deployment', statefulSet: 'stateful_set' } as const;
export type WorkloadKind = (typeof WorkloadKinds)[keyof typeof WorkloadKinds];

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
  /**
   * The provider name of a kept volume (issue 39) to mount, data and all,
   * instead of creating one; set by the control plane from `kept`.
   */
  existing?: string;
  /** The kept-volume record `existing` came from. */
  keptId?: string;
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
