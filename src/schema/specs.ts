import type { StoredConfigFile } from '../control/model.js';
import type { Endpoint } from '../providers/provider.js';
import type { HealthCheckSpec, PortSpec, ResourceSpec, SecretRef, VolumeSpec } from '../providers/service-spec.js';
import { AutoscaleInputRef } from './autoscale-input.js';
import { builder } from './builder.js';

/** Value types of a service spec, shared by instances and releases; outputs mirror their inputs. */

export const ProtocolEnum = builder.enumType('Protocol', {
  description: 'Transport of a port.',
  values: { TCP: { value: 'tcp', description: 'TCP.' }, UDP: { value: 'udp', description: 'UDP.' } } as const,
});

export const PortExposureEnum = builder.enumType('PortExposure', {
  description:
    'How a port is reached from outside the provider, where the provider chooses (Kubernetes; Docker publishes every port on the host and ignores it).',
  values: {
    CLUSTER_IP: { value: 'cluster_ip', description: 'Inside the cluster only, through the Service DNS name.' },
    NODE_PORT: {
      value: 'node_port',
      description: "A port on every node: the endpoint is a node's address and that port.",
    },
    LOAD_BALANCER: {
      value: 'load_balancer',
      description: 'A cloud load balancer: the endpoint appears once the cluster has assigned it an address.',
    },
    INGRESS: { value: 'ingress', description: "An HTTP host routed by an Ingress (the provider's host template)." },
  } as const,
});

export const ConfigFormatEnum = builder.enumType('ConfigFormat', {
  description: "How a config file's content is to be read.",
  values: {
    JSON: { value: 'json', description: 'JSON.' },
    YAML: { value: 'yaml', description: 'YAML.' },
    ENV: { value: 'env', description: 'KEY=value lines.' },
    TEXT: { value: 'text', description: 'Plain text.' },
  } as const,
});

export const LabelRef = builder.objectRef<{ key: string; value: string }>('Label').implement({
  description: 'A key/value label.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Key.' }),
    value: t.exposeString('value', { description: 'Value.' }),
  }),
});

export const EnvVarRef = builder.objectRef<{ name: string; value: string }>('EnvVar').implement({
  description: 'An environment variable (plain configuration; secrets are SecretRefs).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Variable name.' }),
    value: t.exposeString('value', { description: 'Value.' }),
  }),
});

export const ResourceSpecRef = builder.objectRef<ResourceSpec>('ResourceSpec').implement({
  description: 'Requested resources of a service.',
  fields: (t) => ({
    cpuMillis: t.int({
      nullable: true,
      description: 'CPU in thousandths of a core.',
      resolve: (r) => r.cpuMillis ?? null,
    }),
    memoryMb: t.int({ nullable: true, description: 'Memory limit in MiB.', resolve: (r) => r.memoryMb ?? null }),
    diskMb: t.int({ nullable: true, description: 'Disk in MiB.', resolve: (r) => r.diskMb ?? null }),
    replicas: t.int({ nullable: true, description: 'Number of replicas.', resolve: (r) => r.replicas ?? null }),
    gpu: t.string({ nullable: true, description: 'GPU request.', resolve: (r) => r.gpu ?? null }),
  }),
});

export const PortSpecRef = builder.objectRef<PortSpec>('PortSpec').implement({
  description: 'A port the service listens on.',
  fields: (t) => ({
    container: t.exposeInt('container', { description: 'Port inside the container.' }),
    host: t.int({
      nullable: true,
      description: 'Published host port; 0 means any free port.',
      resolve: (p) => p.host ?? null,
    }),
    protocol: t.field({ type: ProtocolEnum, description: 'Transport.', resolve: (p) => p.protocol }),
    exposure: t.field({
      type: PortExposureEnum,
      nullable: true,
      description: "This port's exposure, when it overrides the provider's default.",
      resolve: (p) => p.exposure ?? null,
    }),
  }),
});

export const VolumeSpecRef = builder.objectRef<VolumeSpec>('VolumeSpec').implement({
  description: 'A volume owned by the instance.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Volume name.' }),
    mountPath: t.exposeString('mountPath', { description: 'Where it is mounted.' }),
    sizeMb: t.int({ nullable: true, description: 'Requested size.', resolve: (v) => v.sizeMb ?? null }),
    type: t.string({ nullable: true, description: 'Provider-specific type.', resolve: (v) => v.type ?? null }),
  }),
});

export const HealthCheckRef = builder.objectRef<HealthCheckSpec>('HealthCheck').implement({
  description: 'How readiness is checked: HTTP GET of path on port, or a TCP connect when path is unset.',
  fields: (t) => ({
    path: t.string({ nullable: true, description: 'HTTP path.', resolve: (h) => h.path ?? null }),
    port: t.exposeInt('port', { description: 'Port to check.' }),
    intervalSeconds: t.int({
      nullable: true,
      description: 'Seconds between checks.',
      resolve: (h) => (h.intervalMs ? h.intervalMs / 1000 : null),
    }),
    timeoutSeconds: t.int({
      nullable: true,
      description: 'Seconds before a check fails.',
      resolve: (h) => (h.timeoutMs ? h.timeoutMs / 1000 : null),
    }),
    retries: t.int({ nullable: true, description: 'Failures before unhealthy.', resolve: (h) => h.retries ?? null }),
  }),
});

export const SecretRefRef = builder.objectRef<SecretRef>('SecretRef').implement({
  description: 'A vault secret injected as an environment variable. The value is never shown.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Vault key.' }),
    envName: t.exposeString('envName', { description: 'Environment variable it becomes.' }),
  }),
});

export const ConfigFileRef = builder.objectRef<StoredConfigFile>('ConfigFile').implement({
  description: 'A config file placed in the service before it starts. Its content is kept in the vault, never shown.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name.' }),
    path: t.exposeString('path', { description: 'Absolute path in the container.' }),
    format: t.field({ type: ConfigFormatEnum, description: 'Format.', resolve: (f) => f.format }),
  }),
});

export const EndpointRef = builder.objectRef<Endpoint>('Endpoint').implement({
  description: 'A way to reach an instance.',
  fields: (t) => ({
    serviceName: t.string({
      nullable: true,
      description: 'The service behind it.',
      resolve: (e) => e.serviceName ?? null,
    }),
    url: t.exposeString('url', { description: 'URL, e.g. http://127.0.0.1:49153.' }),
    port: t.exposeInt('port', { description: 'Port.' }),
    protocol: t.exposeString('protocol', { description: 'Protocol.' }),
    public: t.exposeBoolean('public', { description: 'Reachable from outside the provider.' }),
  }),
});

export const labelsOf = (m: Record<string, string>) => Object.entries(m).map(([key, value]) => ({ key, value }));
export const envOf = (m: Record<string, string>) => Object.entries(m).map(([name, value]) => ({ name, value }));

// ---- inputs

export const LabelInput = builder.inputType('LabelInput', {
  description: 'A key/value label.',
  fields: (t) => ({
    key: t.string({ required: true, description: 'Key.' }),
    value: t.string({ required: true, description: 'Value.' }),
  }),
});
export const EnvVarInput = builder.inputType('EnvVarInput', {
  description: 'An environment variable.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Name: letters, digits and "_".' }),
    value: t.string({ required: true, description: 'Value (up to 32 KiB).' }),
  }),
});
export const ResourceSpecInput = builder.inputType('ResourceSpecInput', {
  description: 'Requested resources; omitted fields keep their value.',
  fields: (t) => ({
    cpuMillis: t.int({ description: 'CPU in thousandths of a core (1–64000).' }),
    memoryMb: t.int({ description: 'Memory limit in MiB (6–262144).' }),
    diskMb: t.int({ description: 'Disk in MiB.' }),
    replicas: t.int({ description: 'Replicas (1–50; 0 allowed when scaling).' }),
    gpu: t.string({ description: 'GPU request (needs the GPU capability).' }),
    autoscale: t.field({
      type: AutoscaleInputRef,
      description: 'Replicas follow the load (needs the autoscale capability); null in a scale removes the policy.',
    }),
  }),
});
export const PortSpecInput = builder.inputType('PortSpecInput', {
  description: 'A port to expose.',
  fields: (t) => ({
    container: t.int({ required: true, description: 'Port inside the container (1–65535).' }),
    host: t.int({ description: 'Host port to publish; 0 or omitted picks a free one.' }),
    protocol: t.field({ type: ProtocolEnum, defaultValue: 'tcp', description: 'Transport.' }),
    exposure: t.field({
      type: PortExposureEnum,
      description: "Overrides the provider's default exposure for this port (Kubernetes); omitted keeps the default.",
    }),
  }),
});
export const VolumeSpecInput = builder.inputType('VolumeSpecInput', {
  description:
    'A volume owned by the instance. Deprovision keeps it and its data unless asked to delete volumes (deleteVolumes).',
  fields: (t) => ({
    name: t.string({ required: true, description: 'DNS-safe name, unique in the service.' }),
    mountPath: t.string({ required: true, description: 'Absolute mount path.' }),
    sizeMb: t.int({ description: 'Requested size.' }),
    type: t.string({ description: 'Provider-specific type.' }),
    kept: t.id({
      description:
        "A kept volume's id (`keptVolumes`) to mount, data and all, instead of a new empty volume: the tenant's, on the same provider, not attached already. Provision only.",
    }),
  }),
});
export const HealthCheckInput = builder.inputType('HealthCheckInput', {
  description: 'Readiness check: HTTP GET of path on port, or TCP connect when path is omitted.',
  fields: (t) => ({
    path: t.string({ description: 'HTTP path, starting with "/".' }),
    port: t.int({ required: true, description: 'Port to check.' }),
    intervalSeconds: t.int({ description: 'Seconds between checks.' }),
    timeoutSeconds: t.int({ description: 'Seconds before one check fails.' }),
    retries: t.int({ description: 'Failures before unhealthy.' }),
  }),
});
export const SecretRefInput = builder.inputType('SecretRefInput', {
  description: 'A vault secret to inject as an environment variable.',
  fields: (t) => ({
    key: t.string({ required: true, description: 'Vault key (must exist).' }),
    envName: t.string({ description: 'Variable name; UPPER_SNAKE(key) when omitted.' }),
  }),
});
export const ConfigFileInput = builder.inputType('ConfigFileInput', {
  description: 'A config file to place in the service; its content is stored in the vault.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'DNS-safe name.' }),
    path: t.string({ required: true, description: 'Absolute path in the container.' }),
    format: t.field({ type: ConfigFormatEnum, defaultValue: 'text', description: 'Format.' }),
    content: t.string({ required: true, description: 'Content (up to 256 KiB).' }),
  }),
});
