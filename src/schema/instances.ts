/**
 * The Instance type (its services, status, usage and connections), the
 * instance and service queries, and the enums they share with the lifecycle
 * mutations (instance-mutations.ts).
 */
import { servicesOf } from '../control/queries.js';
import { checkNoNul, Problems } from '../control/spec-validation.js';
import type { ImageUpdate, ServiceStatus } from '../providers/provider.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { InstanceStateEnum } from './enums.js';
import { localId } from './global-ids.js';
import { present } from './present.js';
import { ProviderRef } from './providers.js';
import { EventRef, InstanceRef, InstanceServiceRef, OperationRef, ReleaseRef } from './refs.js';
import {
  ConfigFileRef,
  EndpointRef,
  EnvVarRef,
  envOf,
  HealthCheckRef,
  LabelInput,
  LabelRef,
  labelsOf,
  PortSpecRef,
  ResourceSpecRef,
  SecretRefRef,
  VolumeSpecRef,
} from './specs.js';

export const WorkloadKindEnum = builder.enumType('WorkloadKind', {
  description: 'Runtime topology of an instance.',
  values: {
    DEPLOYMENT: { value: 'deployment', description: 'Stateless replicas.' },
    STATEFUL_SET: { value: 'stateful_set', description: 'Replicas with stable identity and per-replica storage.' },
  } as const,
});

export const DesiredStateEnum = builder.enumType('DesiredState', {
  description: 'The state Wheelhouse holds an instance in.',
  values: {
    RUNNING: { value: 'running', description: 'Should be up.' },
    STOPPED: { value: 'stopped', description: 'Should be stopped.' },
    DESTROYED: { value: 'destroyed', description: 'Should be torn down.' },
  } as const,
});

export const ServiceRoleEnum = builder.enumType('ServiceRole', {
  description: 'Lifecycle role of a service in its instance.',
  values: {
    MAIN: { value: 'main', description: 'The primary long-lived process; exactly one per instance.' },
    SIDECAR: { value: 'sidecar', description: 'A long-lived helper beside MAIN.' },
    INIT: { value: 'init', description: 'Runs to completion before MAIN and SIDECARs start.' },
  } as const,
});

export const DeployStrategyEnum = builder.enumType('DeployStrategy', {
  description: 'How a deploy replaces running replicas.',
  values: {
    ROLLING: { value: 'rolling', description: 'One replica at a time, each healthy before the next.' },
    RECREATE: { value: 'recreate', description: 'Stop the old, then start the new.' },
    BLUE_GREEN: { value: 'blue_green', description: 'Start a full new set, then switch (needs the capability).' },
    CANARY: { value: 'canary', description: 'Shift gradually (needs the capability).' },
  } as const,
});

const ServiceStatusRef = builder.objectRef<ServiceStatus>('ServiceStatus').implement({
  description: 'Observed state of one service.',
  fields: (t) => ({
    state: t.expose('state', { type: InstanceStateEnum, description: 'Lifecycle state.' }),
    ready: t.exposeBoolean('ready', { description: 'Passing its readiness check.' }),
    restarts: t.exposeInt('restarts', { description: 'Restarts, summed over replicas.' }),
    providerRef: t.string({
      nullable: true,
      description: "Provider handle (Docker: the first replica's container id).",
      resolve: (s) => s.providerRef ?? null,
    }),
    message: t.string({ nullable: true, description: 'Why it is in this state.', resolve: (s) => s.message ?? null }),
  }),
});

const ImageUpdateRef = builder.objectRef<ImageUpdate>('ImageUpdate').implement({
  description:
    'A service whose image reference names another image now than the one its replicas run (a tag rebuilt or pulled anew in place): a deploy of the same reference rolls it out.',
  fields: (t) => ({
    service: t.exposeString('service', { description: 'The service.' }),
    image: t.exposeString('image', { description: 'The reference, as the spec gives it.' }),
    runningImageId: t.exposeString('runningImageId', { description: 'The image id its replicas run.' }),
    currentImageId: t.exposeString('currentImageId', { description: 'The image id the reference names now.' }),
  }),
});

const ResourceUsageRef = builder
  .objectRef<{
    cpuPercent: number;
    memoryUsedMb: number;
    memoryLimitMb: number;
    diskUsedMb?: number;
    networkInMb: number;
    networkOutMb: number;
  }>('ResourceUsage')
  .implement({
    description: "Live resource usage, summed over the instance's containers.",
    fields: (t) => ({
      cpuPercent: t.exposeFloat('cpuPercent', { description: 'CPU, percent of one core.' }),
      memoryUsedMb: t.exposeInt('memoryUsedMb', { description: 'Memory in use, MiB.' }),
      memoryLimitMb: t.exposeInt('memoryLimitMb', { description: 'Memory limit, MiB.' }),
      diskUsedMb: t.int({
        nullable: true,
        description: 'Disk in use, MiB, when known.',
        resolve: (u) => u.diskUsedMb ?? null,
      }),
      networkInMb: t.exposeFloat('networkInMb', { description: 'Received, MiB.' }),
      networkOutMb: t.exposeFloat('networkOutMb', { description: 'Sent, MiB.' }),
    }),
  });

// Fields that only read a property are exposed rather than resolved: graphql-jit reads an exposed
// field inline, while a resolver costs a call and a resolve-info object per item of every page.
builder.loadableNode(InstanceRef, {
  description: 'One co-scheduled workload of one or more services on one provider.',
  id: { resolve: (i) => i.id },
  load: async (ids: string[], ctx: GraphQLContext) => present(await ctx.loaders.instance.loadMany(ids)),
  sort: (i) => i.id,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'DNS-safe name, unique in the tenant.' }),
    kind: t.expose('kind', { type: WorkloadKindEnum, description: 'Topology.' }),
    provider: t.field({
      type: ProviderRef,
      nullable: true,
      description: 'The provider it runs on (null when that provider is no longer registered).',
      resolve: (i, _a, ctx) => ctx.services.providers.get(i.providerKey) ?? null,
    }),
    providerRef: t.exposeString('providerRef', {
      nullable: true,
      description: "The provider's handle (Docker: the network name).",
    }),
    desiredState: t.expose('desiredState', { type: DesiredStateEnum, description: 'Where Wheelhouse is taking it.' }),
    state: t.expose('state', { type: InstanceStateEnum, description: 'Observed state (worst of its services).' }),
    ready: t.exposeBoolean('ready', { description: 'Every service ready.' }),
    restarts: t.exposeInt('restarts', { description: 'Restarts, summed over services.' }),
    message: t.exposeString('message', { nullable: true, description: 'Why it is in this state.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'First time it ran.' }),
    endpoints: t.expose('endpoints', { type: [EndpointRef], description: 'How to reach it.' }),
    labels: t.field({ type: [LabelRef], description: 'Labels.', resolve: (i) => labelsOf(i.labels) }),
    services: t.field({
      type: [InstanceServiceRef],
      description: 'Its services, each with its spec and live status.',
      resolve: (i) => servicesOf(i),
    }),
    currentRelease: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release running now (the last that succeeded).',
      // A page's releases are known already: answered without a promise, the page's execution stays synchronous.
      resolve: (i, _a, ctx) =>
        i.currentReleaseId
          ? (ctx.loaders.knownRelease(i.currentReleaseId) ?? ctx.loaders.release.load(i.currentReleaseId))
          : null,
    }),
    lastOperation: t.field({
      type: OperationRef,
      nullable: true,
      description: 'The newest operation on it.',
      resolve: (i, _a, ctx) => ctx.loaders.latestOperation.load(i.id),
    }),
    releases: t.connection({
      type: ReleaseRef,
      description: 'Releases, newest first.',
      resolve: (i, args, ctx) => ctx.services.queries.releases(ctx.principal.tenantId, i.id, args.first, args.after),
    }),
    operations: t.connection({
      type: OperationRef,
      description: 'Operations, newest first.',
      resolve: (i, args, ctx) => ctx.services.queries.operations(ctx.principal.tenantId, i.id, args.first, args.after),
    }),
    events: t.connection({
      type: EventRef,
      description: 'Events, newest first.',
      resolve: (i, args, ctx) =>
        ctx.services.queries.events(ctx.principal.tenantId, { instanceId: i.id }, args.first, args.after),
    }),
    resources: t.field({
      type: ResourceUsageRef,
      nullable: true,
      description: 'Live usage read from the provider; null when it cannot be read now.',
      resolve: (i, _a, ctx) => ctx.services.instances.resources.read(i),
    }),
    imageUpdates: t.field({
      type: [ImageUpdateRef],
      nullable: true,
      description:
        'Services whose image tag names another image than they run, read live from the provider (`apply` rolls them out); null when the provider cannot tell or cannot be read now.',
      resolve: (i, _a, ctx) => ctx.services.instances.resources.imageUpdates(i),
    }),
    generation: t.exposeInt('generation', { description: 'Bumped on every spec change.' }),
    observedGeneration: t.exposeInt('observedGeneration', { description: 'The generation last brought about.' }),
    version: t.exposeInt('version', { description: 'Optimistic-concurrency version; pass it as expectedVersion.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last changed.' }),
  }),
});

InstanceServiceRef.implement({
  description: 'A service of an instance: its spec and its live status.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name, also its DNS alias inside the instance.' }),
    image: t.exposeString('image', { description: 'Image.' }),
    role: t.field({ type: ServiceRoleEnum, description: 'Role.', resolve: (s) => s.spec.role }),
    dependsOn: t.stringList({ description: 'Services that start first.', resolve: (s) => s.spec.dependsOn }),
    resources: t.field({
      type: ResourceSpecRef,
      nullable: true,
      description: 'Requested resources.',
      resolve: (s) => (Object.keys(s.spec.resources).length ? s.spec.resources : null),
    }),
    env: t.field({ type: [EnvVarRef], description: 'Plain environment.', resolve: (s) => envOf(s.spec.env) }),
    ports: t.field({ type: [PortSpecRef], description: 'Ports.', resolve: (s) => s.spec.ports }),
    volumes: t.field({ type: [VolumeSpecRef], description: 'Volumes.', resolve: (s) => s.spec.volumes }),
    healthCheck: t.field({
      type: HealthCheckRef,
      nullable: true,
      description: 'Readiness check.',
      resolve: (s) => s.spec.healthCheck ?? null,
    }),
    secrets: t.field({
      type: [SecretRefRef],
      description: 'Secret references (keys only, never values).',
      resolve: (s) => s.spec.secrets,
    }),
    configFiles: t.field({
      type: [ConfigFileRef],
      description: 'Config files (never their content).',
      resolve: (s) => s.spec.configFiles,
    }),
    command: t.stringList({
      nullable: true,
      description: 'Entrypoint override.',
      resolve: (s) => s.spec.command ?? null,
    }),
    args: t.stringList({ nullable: true, description: 'Arguments override.', resolve: (s) => s.spec.args ?? null }),
    annotations: t.field({
      type: [LabelRef],
      description: 'Annotations.',
      resolve: (s) => labelsOf(s.spec.annotations),
    }),
    status: t.field({
      type: ServiceStatusRef,
      description: 'Live status, as last observed.',
      resolve: (s) => s.instance.serviceStatus[s.spec.name] ?? { state: s.instance.state, ready: false, restarts: 0 },
    }),
    instance: t.field({ type: InstanceRef, description: 'The instance.', resolve: (s) => s.instance }),
  }),
});

// ---- queries

const InstanceFilter = builder.inputType('InstanceFilter', {
  description: 'Narrows `instances`. Destroyed instances are listed only when desiredState is DESTROYED.',
  fields: (t) => ({
    state: t.field({ type: InstanceStateEnum, description: 'Observed state.' }),
    desiredState: t.field({ type: DesiredStateEnum, description: 'Desired state.' }),
    provider: t.string({ description: 'Provider registry key.' }),
    label: t.field({ type: LabelInput, description: 'Has this label.' }),
    namePrefix: t.string({ description: 'Name starts with.' }),
    name: t.string({
      description: "Exactly this name. Names are unique among a tenant's live instances, so this finds at most one.",
    }),
  }),
});

const ServiceFilter = builder.inputType('ServiceFilter', {
  description: 'Narrows `services`.',
  fields: (t) => ({
    image: t.string({ description: 'Exact image.' }),
    name: t.string({ description: 'Service name.' }),
    state: t.field({ type: InstanceStateEnum, description: 'Service state.' }),
  }),
});

/** A filter whose strings Postgres can hold (no NUL); one that cannot is a ValidationError on `filter`. */
function cleanFilter<T extends object>(filter: T | null | undefined): T | Record<string, never> {
  if (!filter) return {};
  const p = new Problems();
  checkNoNul(p, filter, ['filter']);
  p.throwIfAny();
  return filter;
}

builder.queryFields((t) => ({
  instances: t.connection({
    type: InstanceRef,
    description: "The tenant's instances, newest first (keyset pagination, max 100 a page).",
    authScopes: { read: true },
    args: { filter: t.arg({ type: InstanceFilter, description: 'Filters.' }) },
    resolve: async (_r, args, ctx) => {
      const page = await ctx.services.queries.instances(
        ctx.principal.tenantId,
        cleanFilter(args.filter),
        args.first,
        args.after,
      );
      // The page read each row's current release with it: `currentRelease` answers from these.
      ctx.loaders.primeReleases(page.currentReleases);
      return page;
    },
  }),
  instance: t.field({
    type: InstanceRef,
    nullable: true,
    description: 'An instance by global id; null when missing or not yours.',
    authScopes: { read: true },
    args: { id: t.arg.id({ required: true, description: 'Global id.' }) },
    resolve: (_r, { id }, ctx) => {
      try {
        return ctx.loaders.instance.load(localId(String(id), 'Instance'));
      } catch {
        return null;
      }
    },
  }),
  services: t.connection({
    type: InstanceServiceRef,
    description: "Every service across the tenant's live instances.",
    authScopes: { read: true },
    args: { filter: t.arg({ type: ServiceFilter, description: 'Filters.' }) },
    resolve: (_r, args, ctx) =>
      ctx.services.queries.services(ctx.principal.tenantId, cleanFilter(args.filter), args.first, args.after),
  }),
}));
