import {
  CapabilityNotSupportedError,
  ConflictError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  ProviderUnavailableError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { Enqueued } from '../control/idempotency.js';
import type { Instance, Operation } from '../control/model.js';
import { checkNoNul, Problems } from '../control/spec-validation.js';
import type { ServiceStatus } from '../providers/provider.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { InstanceStateEnum } from './enums.js';
import { localId } from './global-ids.js';
import { present } from './present.js';
import { ProviderRef } from './providers.js';
import { rateLimited } from './rate-limit.js';
import { EventRef, InstanceRef, InstanceServiceRef, OperationRef, ReleaseRef } from './refs.js';
import {
  ConfigFileInput,
  ConfigFileRef,
  EndpointRef,
  EnvVarInput,
  EnvVarRef,
  envOf,
  HealthCheckInput,
  HealthCheckRef,
  LabelInput,
  LabelRef,
  labelsOf,
  PortSpecInput,
  PortSpecRef,
  ResourceSpecInput,
  ResourceSpecRef,
  SecretRefInput,
  SecretRefRef,
  VolumeSpecInput,
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
    state: t.field({ type: InstanceStateEnum, description: 'Lifecycle state.', resolve: (s) => s.state }),
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

builder.loadableNode(InstanceRef, {
  description: 'One co-scheduled workload of one or more services on one provider.',
  id: { resolve: (i) => i.id },
  load: async (ids: string[], ctx: GraphQLContext) => present(await ctx.loaders.instance.loadMany(ids)),
  sort: (i) => i.id,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'DNS-safe name, unique in the tenant.' }),
    kind: t.field({ type: WorkloadKindEnum, description: 'Topology.', resolve: (i) => i.kind }),
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
    desiredState: t.field({
      type: DesiredStateEnum,
      description: 'Where Wheelhouse is taking it.',
      resolve: (i) => i.desiredState,
    }),
    state: t.field({
      type: InstanceStateEnum,
      description: 'Observed state (worst of its services).',
      resolve: (i) => i.state,
    }),
    ready: t.exposeBoolean('ready', { description: 'Every service ready.' }),
    restarts: t.exposeInt('restarts', { description: 'Restarts, summed over services.' }),
    message: t.exposeString('message', { nullable: true, description: 'Why it is in this state.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'First time it ran.' }),
    endpoints: t.field({ type: [EndpointRef], description: 'How to reach it.', resolve: (i) => i.endpoints }),
    labels: t.field({ type: [LabelRef], description: 'Labels.', resolve: (i) => labelsOf(i.labels) }),
    services: t.field({
      type: [InstanceServiceRef],
      description: 'Its services, each with its spec and live status.',
      resolve: (i) => i.services.map((spec) => ({ instance: i, spec })),
    }),
    currentRelease: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release running now (the last that succeeded).',
      resolve: (i, _a, ctx) => (i.currentReleaseId ? ctx.loaders.release.load(i.currentReleaseId) : null),
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
    name: t.string({ description: 'Name, also its DNS alias inside the instance.', resolve: (s) => s.spec.name }),
    image: t.string({ description: 'Image.', resolve: (s) => s.spec.image }),
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
    resolve: (_r, args, ctx) =>
      ctx.services.queries.instances(ctx.principal.tenantId, cleanFilter(args.filter), args.first, args.after),
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

// ---- mutations

const ReadinessPolicyInput = builder.inputType('ReadinessPolicyInput', {
  description: 'How long to wait for readiness after a change, and how often to check.',
  fields: (t) => ({
    timeoutSeconds: t.int({ description: 'Give up after (default 300).' }),
    intervalSeconds: t.int({ description: 'Check every (default 5).' }),
  }),
});

const ServiceSpecInput = builder.inputType('ServiceSpecInput', {
  description: 'One service of a new instance.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'DNS-safe, unique in the instance.' }),
    image: t.string({ required: true, description: 'Image reference.' }),
    role: t.field({ type: ServiceRoleEnum, defaultValue: 'main', description: 'Role; exactly one MAIN.' }),
    dependsOn: t.stringList({ description: 'Services that must run first.' }),
    resources: t.field({ type: ResourceSpecInput, description: 'Resources.' }),
    env: t.field({ type: [EnvVarInput], description: 'Environment.' }),
    ports: t.field({ type: [PortSpecInput], description: 'Ports.' }),
    volumes: t.field({ type: [VolumeSpecInput], description: 'Volumes.' }),
    healthCheck: t.field({ type: HealthCheckInput, description: 'Readiness check.' }),
    secrets: t.field({ type: [SecretRefInput], description: 'Vault secrets as environment variables.' }),
    configFiles: t.field({ type: [ConfigFileInput], description: 'Files placed before start.' }),
    command: t.stringList({ description: 'Entrypoint override.' }),
    args: t.stringList({ description: 'Arguments override.' }),
    annotations: t.field({ type: [LabelInput], description: 'Free-form metadata.' }),
  }),
});

const ProvisionInstanceInput = builder.inputType('ProvisionInstanceInput', {
  description: 'A new instance.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'DNS-safe, unique in the tenant.' }),
    provider: t.string({ description: 'Provider registry key; the default provider when omitted.' }),
    kind: t.field({ type: WorkloadKindEnum, defaultValue: 'deployment', description: 'Topology.' }),
    services: t.field({ type: [ServiceSpecInput], required: true, description: 'Its services.' }),
    labels: t.field({ type: [LabelInput], description: 'Labels.' }),
    readiness: t.field({ type: ReadinessPolicyInput, description: "Readiness policy for this instance's operations." }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same operation.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the operation has ended.' }),
  }),
});

const ServiceDeployInput = builder.inputType('ServiceDeployInput', {
  description: 'A service to change in a deploy; omitted fields keep their value.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The service.' }),
    image: t.string({ required: true, description: 'New image.' }),
    env: t.field({ type: [EnvVarInput], description: 'Replaces the environment.' }),
    command: t.stringList({ description: 'Entrypoint override.' }),
    args: t.stringList({ description: 'Arguments override.' }),
    ports: t.field({ type: [PortSpecInput], description: 'Replaces the ports.' }),
    resources: t.field({ type: ResourceSpecInput, description: 'Resource changes.' }),
    healthCheck: t.field({ type: HealthCheckInput, description: 'Replaces the readiness check.' }),
  }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
const onInstanceFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>) => ({
  instanceId: t.id({ required: true, description: 'The instance (global id).' }),
  idempotencyKey: t.string({ description: 'Retry-safe key.' }),
  wait: t.boolean({ defaultValue: false, description: 'Return only once the operation has ended.' }),
  expectedVersion: t.int({ description: 'Fail with ConflictError unless the instance is at this version.' }),
});

const DeployInstanceInput = builder.inputType('DeployInstanceInput', {
  description: 'A partial deploy: only the listed services change.',
  fields: (t) => ({
    ...onInstanceFields(t),
    services: t.field({ type: [ServiceDeployInput], required: true, description: 'The services that change.' }),
    strategy: t.field({ type: DeployStrategyEnum, defaultValue: 'rolling', description: 'Replacement strategy.' }),
  }),
});
const ScaleInstanceInput = builder.inputType('ScaleInstanceInput', {
  description: 'A resource change for one service.',
  fields: (t) => ({
    ...onInstanceFields(t),
    service: t.string({ description: 'The service; MAIN when omitted.' }),
    resources: t.field({ type: ResourceSpecInput, required: true, description: 'New replicas and limits.' }),
  }),
});
const RollbackInstanceInput = builder.inputType('RollbackInstanceInput', {
  description: 'Go back to an earlier release (as a new release copied from it).',
  fields: (t) => ({
    ...onInstanceFields(t),
    releaseId: t.id({ required: true, description: 'The release to restore (global id).' }),
  }),
});
const InstanceActionInput = builder.inputType('InstanceActionInput', {
  description: 'An action on an instance.',
  fields: (t) => onInstanceFields(t),
});
const ExecInstanceInput = builder.inputType('ExecInstanceInput', {
  description: 'A command to run inside a service.',
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    service: t.string({ description: 'The service; MAIN when omitted.' }),
    command: t.stringList({ required: true, description: 'Argv.' }),
    stdin: t.string({ description: "Fed to the command's standard input." }),
    timeoutSeconds: t.int({ description: 'Killed after (default 30, max 300); exit code 124.' }),
  }),
});

function payload(name: string, verb: string) {
  return builder.objectRef<Enqueued>(name).implement({
    description: `The ${verb} operation, queued (or ended, with wait).`,
    fields: (t) => ({
      instance: t.field({ type: InstanceRef, description: 'The instance.', resolve: (p) => p.instance }),
      operation: t.field({ type: OperationRef, description: 'The operation.', resolve: (p) => p.operation }),
    }),
  });
}

/** Applies `wait`: returns once the operation ended, with the instance as it is then. */
async function settle(ctx: GraphQLContext, result: Enqueued, wait: boolean | null | undefined): Promise<Enqueued> {
  if (!wait) return result;
  const operation: Operation = await ctx.services.instances.waitFor(ctx.principal.tenantId, result.operation.id);
  const instance: Instance =
    (await ctx.services.instances.findInstance(ctx.principal.tenantId, result.instance.id)) ?? result.instance;
  return { instance, operation };
}

/** What any mutation on an existing instance can answer besides its payload (beyond the API's minimum). */
const lifecycleErrors = [
  ValidationError,
  NotFoundError,
  InvalidStateError,
  ConflictError,
  IdempotencyConflictError,
  ProviderUnavailableError,
  ForbiddenError,
  RateLimitedError,
];

builder.mutationFields((t) => ({
  provisionInstance: t.field({
    type: payload('ProvisionInstancePayload', 'provision'),
    description: 'Creates an instance and queues its provision (release v1).',
    authScopes: { deploy: true },
    errors: {
      types: [
        ValidationError,
        NotFoundError,
        CapabilityNotSupportedError,
        IdempotencyConflictError,
        ProviderUnavailableError,
        ForbiddenError,
        RateLimitedError,
      ],
      union: { name: 'ProvisionInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: ProvisionInstanceInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      return settle(ctx, await ctx.services.instances.provision(ctx.principal, input), input.wait);
    }),
  }),
  deployInstance: t.field({
    type: payload('DeployInstancePayload', 'deploy'),
    description: 'Deploys new images/config to some services; the rest are inherited into the new release.',
    authScopes: { deploy: true },
    errors: {
      types: [CapabilityNotSupportedError, ...lifecycleErrors],
      union: { name: 'DeployInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeployInstanceInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return settle(ctx, await ctx.services.instances.deploy(ctx.principal, { ...input, instanceId }), input.wait);
    }),
  }),
  scaleInstance: t.field({
    type: payload('ScaleInstancePayload', 'scale'),
    description: 'Changes replicas and limits of one service.',
    authScopes: { deploy: true },
    errors: {
      types: [CapabilityNotSupportedError, ...lifecycleErrors],
      union: { name: 'ScaleInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: ScaleInstanceInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return settle(ctx, await ctx.services.instances.scale(ctx.principal, { ...input, instanceId }), input.wait);
    }),
  }),
  rollbackInstance: t.field({
    type: payload('RollbackInstancePayload', 'rollback'),
    description: 'Restores an earlier release as a new release (history is never rewritten).',
    authScopes: { deploy: true },
    errors: {
      types: lifecycleErrors,
      union: { name: 'RollbackInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: RollbackInstanceInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      let releaseId: string;
      try {
        releaseId = localId(String(input.releaseId), 'Release');
      } catch {
        throw ValidationError.of(['input', 'releaseId'], 'no such release of this instance');
      }
      return settle(
        ctx,
        await ctx.services.instances.rollback(ctx.principal, { ...input, instanceId, releaseId }),
        input.wait,
      );
    }),
  }),
  ...(['start', 'stop', 'restart', 'deprovision'] as const).reduce(
    (acc, kind) => {
      const Name = kind[0]!.toUpperCase() + kind.slice(1);
      acc[`${kind}Instance`] = t.field({
        type: payload(`${Name}InstancePayload`, kind),
        description:
          kind === 'deprovision'
            ? 'Tears the instance down (containers, volumes, network); running it again is harmless.'
            : `Queues a ${kind} of every service.`,
        authScopes: { deploy: true },
        errors: {
          types: lifecycleErrors,
          union: { name: `${Name}InstanceResult`, description: 'The payload, or why it could not be done.' },
        },
        args: { input: t.arg({ type: InstanceActionInput, required: true, description: 'What to do.' }) },
        resolve: rateLimited(async (_r, { input }, ctx) => {
          const instanceId = localId(String(input.instanceId), 'Instance');
          return settle(
            ctx,
            await ctx.services.instances.action(ctx.principal, kind, { ...input, instanceId }),
            input.wait,
          );
        }),
      });
      return acc;
    },
    {} as Record<string, ReturnType<typeof t.field>>,
  ),
  execInstance: t.field({
    type: builder.objectRef<{ exitCode: number; stdout: string; stderr: string }>('ExecInstancePayload').implement({
      description: 'What the command did.',
      fields: (f) => ({
        exitCode: f.exposeInt('exitCode', { description: 'Exit code (124 when it timed out).' }),
        stdout: f.exposeString('stdout', { description: 'Standard output.' }),
        stderr: f.exposeString('stderr', { description: 'Standard error.' }),
      }),
    }),
    description: 'Runs a command in a service and returns its output. Needs EXEC.',
    authScopes: { exec: true },
    errors: {
      types: [
        ValidationError,
        NotFoundError,
        CapabilityNotSupportedError,
        InvalidStateError,
        ProviderUnavailableError,
        ForbiddenError,
        RateLimitedError,
      ],
      union: { name: 'ExecInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: ExecInstanceInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return ctx.services.instances.exec(ctx.principal, { ...input, instanceId });
    }),
  }),
}));
