/**
 * From a ProvisionRequest to Kubernetes objects, and the edits Deploy and
 * Scale make to them. One instance is one workload (a Deployment or a
 * StatefulSet) whose single pod template holds every service as a container
 * (init services as initContainers), plus a ClusterIP Service for its ports,
 * a Secret for the values its secret refs name and a ConfigMap for its config
 * files. Every object is named `wh-<instanceId>` and carries the labels below.
 * Container requests and limits are kubernetes-resources.ts'.
 */
import { createHash } from 'node:crypto';
import type {
  V1ConfigMap,
  V1Container,
  V1ContainerPort,
  V1Deployment,
  V1EnvVar,
  V1PersistentVolumeClaim,
  V1PodTemplateSpec,
  V1Probe,
  V1Secret,
  V1Service,
  V1StatefulSet,
} from '@kubernetes/client-node';
import type { Endpoint, ProvisionRequest, ServiceDeploySpec } from '../provider.js';
import {
  type HealthCheckSpec,
  type PortExposure,
  type PortSpec,
  type ResourceSpec,
  type ServiceRole,
  ServiceRoles,
  type ServiceSpec,
  type WorkloadKind,
  WorkloadKinds,
} from '../service-spec.js';
import { applyResources, resourcesOf } from './kubernetes-resources.js';

/** Label and annotation keys the provider writes and reads back. */
export const Labels = {
  instance: 'wheelhouse.dev/instance',
  tenant: 'wheelhouse.dev/tenant',
  release: 'wheelhouse.dev/release',
  managedBy: 'app.kubernetes.io/managed-by',
} as const;

export const Annotations = {
  /** JSON `{ [service]: role }`: which containers are main, sidecar or init. */
  roles: 'wheelhouse.dev/roles',
  /** Replicas before the last stop, so start brings back as many. */
  replicas: 'wheelhouse.dev/replicas',
  /** Hash of the pod template as the provider last wrote it: pods carrying it are current. */
  templateHash: 'wheelhouse.dev/template-hash',
  /** Set by restart (the same key kubectl rollout restart uses): a new value rolls every pod. */
  restartedAt: 'kubectl.kubernetes.io/restartedAt',
} as const;

export const MANAGED_BY = 'wheelhouse';

/** A spec the Kubernetes provider cannot run; surfaces as ProviderError `invalid_spec`. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
}

/** The one name every object of an instance has. */
export function objectName(instanceId: string): string {
  return `wh-${instanceId}`.toLowerCase();
}

/** The headless Service that governs a StatefulSet's pods (stable per-replica DNS names). */
export function headlessName(instanceId: string): string {
  return `${objectName(instanceId)}-pods`;
}

/** A canary's or blue-green rollout's second Deployment: the new release's set (kubernetes-canary.ts). */
export function nextName(instanceId: string): string {
  return `${objectName(instanceId)}-next`;
}

/** The Service that selects the new set only (a blue-green preview, a Gateway canary's backend). */
export function previewServiceName(instanceId: string): string {
  return `${objectName(instanceId)}-preview`;
}

/** The label selector that finds every object (and pod) of an instance. */
export function instanceSelector(instanceId: string): string {
  return `${Labels.instance}=${instanceId}`;
}

/** A workload: the one object an instance runs as. */
export type Workload = (V1Deployment & { kind: 'Deployment' }) | (V1StatefulSet & { kind: 'StatefulSet' });

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SECRET_KEY = /^[-._a-zA-Z0-9]+$/;

/** The Secret data key a vault key is stored under (vault keys need not be valid Secret keys). */
export function secretKey(vaultKey: string): string {
  return SECRET_KEY.test(vaultKey) && vaultKey.length <= 253 ? vaultKey : `x-${Buffer.from(vaultKey).toString('hex')}`;
}

/** The ConfigMap data key of one service's config file. */
function configKey(service: string, fileName: string): string {
  return `${service}.${fileName.replace(/[^-._a-zA-Z0-9]/g, '_')}`;
}

/** Checks what Kubernetes (or this provider) cannot run, before anything is created. */
export function validateProvision(req: ProvisionRequest): void {
  if (!DNS_LABEL.test(objectName(req.instanceId)) || objectName(req.instanceId).length > 63) {
    throw new SpecError(`instance id ${req.instanceId} does not make a valid Kubernetes object name`);
  }
  if (req.kind !== WorkloadKinds.deployment && req.kind !== WorkloadKinds.statefulSet) {
    throw new SpecError(`workload kind ${req.kind} is not supported`);
  }
  if (req.kind === WorkloadKinds.statefulSet && headlessName(req.instanceId).length > 63) {
    throw new SpecError(`instance id ${req.instanceId} is too long for a StatefulSet's headless Service name`);
  }
  const names = new Set<string>();
  const mains = req.services.filter((s) => s.role === ServiceRoles.main);
  if (mains.length !== 1) throw new SpecError(`a workload needs exactly one main service (found ${mains.length})`);
  const mainReplicas = mains[0]?.resources.replicas || 1;
  const ports = new Set<string>();
  for (const svc of req.services) {
    if (!DNS_LABEL.test(svc.name) || svc.name.length > 63) {
      throw new SpecError(`service name ${svc.name} is not a DNS label`);
    }
    if (names.has(svc.name)) throw new SpecError(`service ${svc.name} is listed twice`);
    names.add(svc.name);
    validateResources(svc.name, svc.resources);
    const r = svc.resources.replicas;
    if (svc.role !== ServiceRoles.main && r && r !== mainReplicas) {
      throw new SpecError(
        `service ${svc.name}: every service runs in the instance's one pod, so replicas are set on the main service only`,
      );
    }
    if (svc.role === ServiceRoles.init && (svc.ports.length > 0 || svc.healthCheck)) {
      throw new SpecError(`init service ${svc.name} cannot have ports or a health check`);
    }
    for (const p of svc.ports) {
      const key = `${p.container}/${p.protocol}`;
      if (svc.role !== ServiceRoles.init && ports.has(key)) {
        throw new SpecError(`port ${key} is used twice: the services of an instance share one pod network`);
      }
      ports.add(key);
    }
    for (const f of svc.configFiles) {
      if (!f.path.startsWith('/'))
        throw new SpecError(`service ${svc.name}: config file path ${f.path} is not absolute`);
    }
    for (const ref of svc.secrets) {
      if (req.secretValues?.[ref.key] === undefined) {
        throw new SpecError(`service ${svc.name}: no value was provided for secret ${ref.key} (${ref.envName})`);
      }
    }
  }
  for (const svc of req.services) {
    for (const dep of svc.dependsOn) {
      if (!names.has(dep)) throw new SpecError(`service ${svc.name} depends on unknown service ${dep}`);
    }
  }
}

/**
 * Refuses, before anything is sent, a policy the cluster's HPA would not
 * follow as written: scale to zero needs an alpha feature gate and an object
 * metric, a requests/s target a metrics adapter; neither is written here.
 */
export function validateAutoscale(service: string, a: NonNullable<ResourceSpec['autoscale']>): void {
  if (a.minReplicas === 0)
    throw new SpecError(`service ${service}: scale to zero (minReplicas 0) is not available on Kubernetes`);
  if (a.targetRequestsPerSecond != null)
    throw new SpecError(
      `service ${service}: autoscaling on Kubernetes follows CPU only (the cluster's HPA): use targetCpuPercent, not targetRequestsPerSecond`,
    );
}

/** Checks a resource change this provider can apply. */
export function validateResources(service: string, r: ResourceSpec): void {
  // GPUs: a count or `all`; the control plane checks the `gpu` capability (kubernetes-gpu.ts sets the limits).
  if (r.gpu && !/^([1-9][0-9]{0,2}|all)$/.test(r.gpu))
    throw new SpecError(`service ${service}: gpu must be a count ("1") or "all"`);
  if (r.autoscale) validateAutoscale(service, r.autoscale);
  const fields = { cpuMillis: r.cpuMillis, memoryMb: r.memoryMb, diskMb: r.diskMb, replicas: r.replicas };
  for (const [field, v] of Object.entries(fields)) {
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
      throw new SpecError(`service ${service}: ${field} must be a non-negative integer`);
    }
  }
}

/** A readiness probe: HTTP GET of the path when set, else a TCP connect. */
function probeOf(check: HealthCheckSpec): V1Probe {
  const probe: V1Probe = check.path
    ? { httpGet: { path: check.path, port: check.port } }
    : { tcpSocket: { port: check.port } };
  probe.periodSeconds = Math.max(1, Math.round((check.intervalMs ?? 2000) / 1000));
  probe.timeoutSeconds = Math.max(1, Math.ceil((check.timeoutMs ?? 1000) / 1000));
  probe.failureThreshold = check.retries && check.retries > 0 ? check.retries : 3;
  return probe;
}

function portsOf(ports: PortSpec[]): V1Container['ports'] {
  return ports.map((p) => ({
    containerPort: p.container,
    protocol: p.protocol === 'udp' ? 'UDP' : 'TCP',
    ...(p.exposure ? { name: `${EXPOSURE_PREFIX[p.exposure]}${p.protocol === 'udp' ? 'u' : ''}-${p.container}` } : {}),
  }));
}

/** Container port name prefixes that record a port's exposure override (see kubernetes-exposure.ts). */
const EXPOSURE_PREFIX: Record<PortExposure, string> = {
  cluster_ip: 'ci',
  node_port: 'np',
  load_balancer: 'lb',
  ingress: 'in',
};

/** The exposure override a container port's name records, if any. */
export function exposureOverride(port: V1ContainerPort): PortExposure | undefined {
  const m = /^([a-z]{2})u?-\d+$/.exec(port.name ?? '');
  const found = Object.entries(EXPOSURE_PREFIX).find(([, prefix]) => prefix === m?.[1]);
  return found?.[0] as PortExposure | undefined;
}

function plainEnv(env: Record<string, string>): V1EnvVar[] {
  return Object.entries(env).map(([name, value]) => ({ name, value }));
}

/** One service as a container; secret values only by reference to the instance's Secret. */
function containerOf(svc: ServiceSpec, instanceId: string): V1Container {
  const name = objectName(instanceId);
  const container: V1Container = {
    name: svc.name,
    image: svc.image,
    env: [
      ...plainEnv(svc.env),
      ...svc.secrets.map((ref) => ({
        name: ref.envName,
        valueFrom: { secretKeyRef: { name, key: secretKey(ref.key) } },
      })),
    ],
    ports: portsOf(svc.ports),
    resources: resourcesOf(svc.resources),
    volumeMounts: svc.configFiles.map((f) => ({
      name: 'wh-config',
      mountPath: f.path,
      subPath: configKey(svc.name, f.name),
      readOnly: true,
    })),
  };
  if (svc.command) container.command = [...svc.command];
  if (svc.args) container.args = [...svc.args];
  if (svc.healthCheck) container.readinessProbe = probeOf(svc.healthCheck);
  return container;
}

/** A stable hash of what decides a pod's contents: pods carrying it run the current template. */
export function templateHash(template: V1PodTemplateSpec): string {
  const restartedAt = template.metadata?.annotations?.[Annotations.restartedAt] ?? '';
  return createHash('sha256')
    .update(JSON.stringify([template.spec, restartedAt]))
    .digest('hex')
    .slice(0, 16);
}

/** Recomputes the template hash annotation after an edit of the template. */
export function stampTemplate(template: V1PodTemplateSpec): void {
  template.metadata ??= {};
  template.metadata.annotations = { ...(template.metadata.annotations ?? {}) };
  delete template.metadata.annotations[Annotations.templateHash];
  template.metadata.annotations[Annotations.templateHash] = templateHash(template);
}

/** Labels of every object of an instance. */
export function baseLabels(req: ProvisionRequest): Record<string, string> {
  return {
    ...req.labels,
    [Labels.instance]: req.instanceId,
    [Labels.tenant]: req.tenantId,
    [Labels.managedBy]: MANAGED_BY,
  };
}

/** Every object of an instance, as provision creates or replaces them. */
export interface InstanceObjects {
  workload: Workload;
  service?: V1Service;
  /** StatefulSet: the headless Service named in its serviceName. */
  headless?: V1Service;
  /** Deployment: the PersistentVolumeClaims of its volumes (created when missing, never replaced). */
  claims?: V1PersistentVolumeClaim[];
  secret?: V1Secret;
  configMap?: V1ConfigMap;
}

/** Builds every object of an instance in `namespace`. */
export function buildObjects(req: ProvisionRequest, namespace: string): InstanceObjects {
  const name = objectName(req.instanceId);
  const labels = baseLabels(req);
  const objectLabels = req.releaseId ? { ...labels, [Labels.release]: labelValue(req.releaseId) } : labels;
  const podLabels = {
    [Labels.instance]: req.instanceId,
    [Labels.tenant]: req.tenantId,
    [Labels.managedBy]: MANAGED_BY,
  };
  const metadata = () => ({ name, namespace, labels: { ...objectLabels } });
  const main = req.services.find((s) => s.role === ServiceRoles.main);
  const replicas = main?.resources.replicas || 1;
  const configFiles = req.services.flatMap((s) => s.configFiles.map((f) => ({ service: s.name, file: f })));
  const template: V1PodTemplateSpec = {
    metadata: { labels: podLabels, annotations: {} },
    spec: {
      restartPolicy: 'Always',
      initContainers: req.services
        .filter((s) => s.role === ServiceRoles.init)
        .map((s) => containerOf(s, req.instanceId)),
      containers: req.services.filter((s) => s.role !== ServiceRoles.init).map((s) => containerOf(s, req.instanceId)),
      volumes: configFiles.length > 0 ? [{ name: 'wh-config', configMap: { name } }] : [],
    },
  };
  stampTemplate(template);
  const roles: Record<string, ServiceRole> = Object.fromEntries(req.services.map((s) => [s.name, s.role]));
  const annotations = { [Annotations.roles]: JSON.stringify(roles) };
  const selector = { matchLabels: { [Labels.instance]: req.instanceId } };
  const workload: Workload =
    req.kind === WorkloadKinds.statefulSet
      ? {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { ...metadata(), annotations },
          spec: {
            serviceName: headlessName(req.instanceId),
            replicas,
            selector,
            template,
            podManagementPolicy: 'Parallel',
            updateStrategy: { type: 'RollingUpdate' },
          },
        }
      : {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { ...metadata(), annotations },
          spec: {
            replicas,
            selector,
            template,
            strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
          },
        };
  const out: InstanceObjects = { workload };
  if (workload.kind === 'StatefulSet') {
    out.headless = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { ...metadata(), name: headlessName(req.instanceId) },
      spec: {
        clusterIP: 'None',
        // Per-replica DNS names resolve before readiness, as peers of a stateful set expect.
        publishNotReadyAddresses: true,
        selector: { [Labels.instance]: req.instanceId },
        ports: servicePortsOf(template),
      },
    };
  }
  const servicePorts = servicePortsOf(template);
  if (servicePorts.length > 0) {
    out.service = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata(),
      spec: { type: 'ClusterIP', selector: { [Labels.instance]: req.instanceId }, ports: servicePorts },
    };
  }
  const refs = req.services.flatMap((s) => s.secrets);
  if (refs.length > 0) {
    const data: Record<string, string> = {};
    for (const ref of refs) {
      data[secretKey(ref.key)] = Buffer.from(req.secretValues?.[ref.key] ?? '').toString('base64');
    }
    out.secret = { apiVersion: 'v1', kind: 'Secret', metadata: metadata(), type: 'Opaque', data };
  }
  if (configFiles.length > 0) {
    out.configMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: metadata(),
      data: Object.fromEntries(configFiles.map(({ service, file }) => [configKey(service, file.name), file.content])),
    };
  }
  return out;
}

/** Label values are at most 63 characters. */
function labelValue(v: string): string {
  return v.length <= 63 ? v : v.slice(0, 63).replace(/[^a-zA-Z0-9]+$/, '');
}

/** The Service ports of every long-running container in `template`. */
export function servicePortsOf(template: V1PodTemplateSpec): NonNullable<NonNullable<V1Service['spec']>['ports']> {
  return (template.spec?.containers ?? []).flatMap((c) =>
    (c.ports ?? []).map((p) => ({
      name: `${(p.protocol ?? 'TCP').toLowerCase()}-${p.containerPort}`,
      port: p.containerPort,
      targetPort: p.containerPort as never,
      protocol: p.protocol ?? 'TCP',
    })),
  );
}

/** The roles the workload records for its containers. */
export function rolesOf(workload: Workload): Record<string, ServiceRole> {
  const raw = workload.metadata?.annotations?.[Annotations.roles];
  const roles: Record<string, ServiceRole> = {};
  try {
    Object.assign(roles, raw ? JSON.parse(raw) : {});
  } catch {
    // A hand-edited annotation: fall back to what the pod spec says.
  }
  const spec = workload.spec?.template.spec;
  for (const c of spec?.initContainers ?? []) roles[c.name] ??= ServiceRoles.init;
  for (const [i, c] of (spec?.containers ?? []).entries()) roles[c.name] ??= i === 0 ? ServiceRoles.main : 'sidecar';
  return roles;
}

/** The workload kind an object is. */
export function kindOf(workload: Workload): WorkloadKind {
  return workload.kind === 'StatefulSet' ? WorkloadKinds.statefulSet : WorkloadKinds.deployment;
}

/** The container of service `name` (long-running or init), if the template has one. */
export function findContainer(workload: Workload, name: string): V1Container | undefined {
  const spec = workload.spec?.template.spec;
  return spec?.containers.find((c) => c.name === name) ?? spec?.initContainers?.find((c) => c.name === name);
}

/**
 * Applies a deploy spec to a container: the image always; env, command, args,
 * ports, resources and health check only when the spec sets them. Secret refs
 * (env from the Secret) are kept whatever env the spec sets.
 */
export function applyDeploy(container: V1Container, spec: ServiceDeploySpec): void {
  container.image = spec.image;
  if (spec.env) {
    const fromSecret = (container.env ?? []).filter((e) => e.valueFrom);
    const secretNames = new Set(fromSecret.map((e) => e.name));
    container.env = [...plainEnv(spec.env).filter((e) => !secretNames.has(e.name)), ...fromSecret];
  }
  if (spec.command) container.command = [...spec.command];
  if (spec.args) container.args = [...spec.args];
  if (spec.ports) container.ports = portsOf(spec.ports);
  if (spec.resources) applyResources(container, spec.resources);
  if (spec.healthCheck) container.readinessProbe = probeOf(spec.healthCheck);
}

/** The endpoints of an instance: one per container port, through the ClusterIP Service's DNS name. */
export function endpointsOf(workload: Workload, namespace: string): Endpoint[] {
  const host = `${workload.metadata?.name}.${namespace}.svc`;
  return (workload.spec?.template.spec?.containers ?? []).flatMap((c) =>
    (c.ports ?? []).map((p) => {
      const protocol = (p.protocol ?? 'TCP').toLowerCase();
      return {
        serviceName: c.name,
        url: `${protocol === 'udp' ? 'udp' : 'http'}://${host}:${p.containerPort}`,
        port: p.containerPort,
        protocol,
        // A ClusterIP Service is reached from inside the cluster only.
        public: false,
      };
    }),
  );
}
