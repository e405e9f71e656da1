/**
 * The instance lifecycle mutations: provision, deploy, scale, rollback,
 * start/stop/restart, deprovision and exec, their inputs and payloads. The
 * Instance type, its services and the instance queries are in instances.ts.
 */
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
import { routeInputErrors } from '../control/routes.js';
import { builder } from './builder.js';
import { BuildSpecInput } from './builds.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { DeployStrategyEnum, ServiceRoleEnum, WorkloadKindEnum } from './instances.js';
import { ReleaseCommandInput } from './jobs.js';
import { keptVolumeId } from './kept-volumes.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef, OperationRef } from './refs.js';
import { BlueGreenInput, CanaryInput } from './rollouts.js';
import { RouteInputRef } from './routes.js';
import { ScheduleSpecInput } from './schedules.js';
import { WorkloadSourceInput } from './sources.js';
import {
  ConfigFileInput,
  EnvVarInput,
  HealthCheckInput,
  LabelInput,
  PortSpecInput,
  ResourceSpecInput,
  SecretRefInput,
  VolumeSpecInput,
} from './specs.js';

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
    image: t.string({ description: 'Image reference; exactly one of image or build.' }),
    build: t.field({
      type: BuildSpecInput,
      description: 'Build the image from source first (issue 33); exactly one of image or build.',
    }),
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
    source: t.field({
      type: WorkloadSourceInput,
      description: 'A workload source instead of services (then services is []).',
    }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same operation.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the operation has ended.' }),
    routes: t.field({ type: [RouteInputRef], description: 'Routes to its services, added with it.' }),
    schedules: t.field({
      type: [ScheduleSpecInput],
      description: 'Schedules of jobs, created with it (its provider must run jobs).',
    }),
  }),
});

const ServiceDeployInput = builder.inputType('ServiceDeployInput', {
  description: 'A service to change in a deploy; omitted fields keep their value.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The service.' }),
    image: t.string({ description: 'New image; exactly one of image or build.' }),
    build: t.field({
      type: BuildSpecInput,
      description: 'Build the new image from source first (issue 33); exactly one of image or build.',
    }),
    env: t.field({ type: [EnvVarInput], description: 'Replaces the environment.' }),
    command: t.stringList({ description: 'Entrypoint override.' }),
    args: t.stringList({ description: 'Arguments override.' }),
    ports: t.field({ type: [PortSpecInput], description: 'Replaces the ports.' }),
    resources: t.field({ type: ResourceSpecInput, description: 'Resource changes.' }),
    healthCheck: t.field({ type: HealthCheckInput, description: 'Replaces the readiness check.' }),
    dependsOn: t.stringList({ description: 'Replaces the services that must run first (in place, on Docker).' }),
    secrets: t.field({
      type: [SecretRefInput],
      description: 'Replaces the vault secrets given as environment variables (in place, on Docker).',
    }),
    volumes: t.field({
      type: [VolumeSpecInput],
      description: 'Replaces the volumes (in place, on Docker); a volume no longer mounted is kept with its data.',
    }),
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
    addServices: t.field({
      type: [ServiceSpecInput],
      description:
        'Services to create in place, with their whole specs, beside the others (which keep running untouched). ROLLING or RECREATE only.',
    }),
    removeServices: t.field({
      type: ['String'],
      description:
        'Services to drain and remove in place; their volumes are kept. Refused while a route reaches one or a remaining service depends on it.',
    }),
    strategy: t.field({ type: DeployStrategyEnum, defaultValue: 'rolling', description: 'Replacement strategy.' }),
    source: t.field({
      type: WorkloadSourceInput,
      description: 'A new source for a source instance (then services is []).',
    }),
    canary: t.field({
      type: CanaryInput,
      description: 'Strategy CANARY: its steps and analysis (on Docker, every service routed).',
    }),
    blueGreen: t.field({ type: BlueGreenInput, description: 'Strategy BLUE_GREEN: its promotion and delays.' }),
    releaseCommand: t.field({
      type: ReleaseCommandInput,
      description:
        "Runs first, as a job in the new release's image (a migration): the deploy goes on only if it exits 0.",
    }),
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
    strategy: t.field({ type: DeployStrategyEnum, description: 'ROLLING when absent; CANARY or BLUE_GREEN.' }),
    canary: t.field({ type: CanaryInput, description: 'Strategy CANARY: its steps and analysis.' }),
    blueGreen: t.field({ type: BlueGreenInput, description: 'Strategy BLUE_GREEN: its promotion and delays.' }),
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
      const { routes, ...rest } = input;
      // Routes are checked before anything is written; added once the instance exists.
      const problems = (routes ?? []).flatMap((r, i) => routeInputErrors(r, ['input', 'routes', String(i)]));
      if (problems.length > 0) throw new ValidationError(problems);
      if (routes?.length) ctx.services.routes.requireEdge(rest.provider ?? undefined);
      const routedServices = (routes ?? []).map((r) => r.service);
      // A kept volume's global id becomes its local id here; a foreign or malformed one is refused at its field.
      const services = rest.services?.map((s, i) => ({
        ...s,
        volumes: s.volumes?.map((v, j) =>
          v.kept == null
            ? v
            : { ...v, kept: keptVolumeId(String(v.kept), ['input', 'services', i, 'volumes', j, 'kept']) },
        ),
      }));
      const result = await ctx.services.instances.provision(ctx.principal, {
        ...rest,
        ...(services ? { services } : {}),
        routedServices,
      });
      for (const [i, route] of (routes ?? []).entries()) {
        // A retried provision (same key) finds its routes again instead of conflicting with them.
        const idempotencyKey = rest.idempotencyKey ? `${rest.idempotencyKey.slice(0, 180)}:route:${i}` : null;
        await ctx.services.routes.add(ctx.principal, { instanceId: result.instance.id, route, idempotencyKey }, [
          'input',
          'routes',
          String(i),
        ]);
      }
      return settle(ctx, result, input.wait);
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
  deprovisionInstance: t.field({
    type: payload('DeprovisionInstancePayload', 'deprovision'),
    description:
      'Tears the instance down (containers, network, Services); running it again is harmless. Persistent volumes and their data are kept unless deleteVolumes.',
    authScopes: { deploy: true },
    errors: {
      types: lifecycleErrors,
      union: { name: 'DeprovisionInstanceResult', description: 'The payload, or why it could not be done.' },
    },
    args: {
      input: t.arg({ type: InstanceActionInput, required: true, description: 'What to do.' }),
      deleteVolumes: t.arg.boolean({
        defaultValue: false,
        description:
          "Also delete the instance's persistent volumes (Docker named volumes, Kubernetes PersistentVolumeClaims) and, with them, their data, for good. False (the default) keeps the volumes and their data; the operation's apply step names what was kept.",
      }),
    },
    resolve: rateLimited(async (_r, { input, deleteVolumes }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      return settle(
        ctx,
        await ctx.services.instances.deprovision(ctx.principal, {
          ...input,
          instanceId,
          // Only when set, so an idempotency key hashes a plain deprovision as it always did.
          ...(deleteVolumes ? { deleteVolumes: true } : {}),
        }),
        input.wait,
      );
    }),
  }),
  ...(['start', 'stop', 'restart'] as const).reduce(
    (acc, kind) => {
      const Name = kind[0]!.toUpperCase() + kind.slice(1);
      acc[`${kind}Instance`] = t.field({
        type: payload(`${Name}InstancePayload`, kind),
        description: `Queues a ${kind} of every service.`,
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
