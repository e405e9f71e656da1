import {
  CapabilityNotSupportedError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { JobQueued } from '../control/jobs.js';
import type { Job } from '../control/jobs-model.js';
import type { Operation } from '../control/model.js';
import { builder } from './builder.js';
import { BuildLogConnection, BuildLogLineRef, logPage } from './builds.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { byOperation, newestFirstPage, recordInstance, recordOperation } from './operation-records.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef, OperationRef } from './refs.js';
import { EnvVarInput } from './specs.js';

export const JobRef = builder.objectRef<Job>('Job');

const JobStatusEnum = builder.enumType('JobStatus', {
  description: 'Where a job is.',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting its turn (operations on an instance run one at a time).' },
    RUNNING: { value: 'running', description: 'Running.' },
    SUCCEEDED: { value: 'succeeded', description: 'Exited 0.' },
    FAILED: { value: 'failed', description: 'Exited non-zero (see exitCode), or could not run.' },
    CANCELED: { value: 'canceled', description: 'Canceled (cancelOperation): stopped and removed.' },
    TIMED_OUT: { value: 'timed_out', description: 'Ended at its timeout.' },
    MISSED: { value: 'missed', description: "A schedule's run not started before its starting deadline." },
    SKIPPED: { value: 'skipped', description: "A schedule's run skipped while the previous one still ran." },
  } as const,
});

builder.loadableNode(JobRef, {
  description: "One command run to completion in a service's image (an operation of kind JOB).",
  id: { resolve: (j) => j.id },
  // Another tenant's job is missing alike (the ids it found, as every node's loader).
  load: (ids: string[], ctx: GraphQLContext) => ctx.services.jobs.byIds(ctx.principal.tenantId, ids),
  sort: (j) => j.id,
  fields: (t) => ({
    instance: t.field({
      type: InstanceRef,
      description: 'The instance.',
      resolve: (j, _a, ctx) => recordInstance(j, ctx),
    }),
    service: t.exposeString('service', {
      description: 'The service whose image, env, secrets and volumes it ran with.',
    }),
    command: t.exposeStringList('command', { description: "The command (it replaces the image's entrypoint)." }),
    status: t.field({ type: JobStatusEnum, description: 'Where it is.', resolve: (j) => j.status }),
    exitCode: t.exposeInt('exitCode', {
      nullable: true,
      description: "The command's exit code, once it exited (null when it timed out or never ran).",
    }),
    scheduledAt: t.expose('scheduledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The cron time it ran for (a scheduled job).',
    }),
    operation: t.field({
      type: OperationRef,
      description: 'The operation that runs it: a JOB, or the deploy whose release command it is.',
      resolve: (j, _a, ctx) => recordOperation(j, ctx),
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why it did not succeed: its exit code or timeout, and its last lines.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Queued.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'First started.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'Ended.' }),
    logs: t.connection(
      {
        type: BuildLogLineRef,
        description: 'Its output (stdout and stderr) line by line, oldest first; the same line shape as builds.',
        resolve: (j, args, ctx) => logPage(ctx, j.operationId, args),
      },
      BuildLogConnection,
    ),
  }),
});

builder.objectFields(InstanceRef, (t) => ({
  jobs: t.connection(
    {
      type: JobRef,
      description: 'Jobs run on it (runJob, release commands), newest first.',
      resolve: (i, args, ctx) =>
        newestFirstPage(args, (limit, before) =>
          ctx.services.jobs.forInstance(ctx.principal.tenantId, i.id, limit, before),
        ),
    },
    { name: 'InstanceJobsConnection', description: "A page of an instance's jobs." },
    { name: 'InstanceJobsEdge', description: 'A job and its cursor.' },
  ),
}));

builder.objectFields(OperationRef, (t) => ({
  job: t.loadable({
    type: JobRef,
    nullable: true,
    description: "The job a JOB operation runs, or a deploy's release command; null otherwise.",
    load: async (operationIds: string[], ctx: GraphQLContext) =>
      byOperation(operationIds, await ctx.services.jobs.byOperationIds(ctx.principal.tenantId, operationIds)),
    // Only JOB operations and deploys (a release command) can have one: the rest answer without a load.
    resolve: (o: Operation) => (o.kind === 'job' || o.kind === 'deploy' ? o.id : null),
  }),
}));

export const ReleaseCommandInput = builder.inputType('ReleaseCommandInput', {
  description:
    "A command run as a job in the new release's image before any replica of the new release is created: " +
    'a non-zero exit or a timeout fails the deploy (RELEASE_COMMAND_FAILED) and the running release stays.',
  fields: (t) => ({
    service: t.string({
      required: true,
      description: 'The service whose new image, env, secrets, config files and volumes it runs with.',
    }),
    command: t.stringList({
      required: true,
      description: "The command and its arguments (replaces the image's entrypoint).",
    }),
    timeoutSeconds: t.int({ defaultValue: 600, description: 'The deploy fails after this long (1 to 86400).' }),
  }),
});

const RunJobInput = builder.inputType('RunJobInput', {
  description: "One command to run to completion in a service's image.",
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    service: t.string({
      required: true,
      description: 'The service whose image, env, secrets, config files, volumes and network it runs with.',
    }),
    command: t.stringList({
      required: true,
      description: 'The command and its arguments (replaces the image\'s entrypoint), e.g. ["sh", "-c", "…"].',
    }),
    env: t.field({ type: [EnvVarInput], description: "Added to (and overriding) the service's env." }),
    timeoutSeconds: t.int({
      defaultValue: 3600,
      description: 'Ended TIMED_OUT after this long (1 to 86400).',
    }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same job.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the job has ended.' }),
  }),
});

const RunJobPayload = builder.objectRef<JobQueued>('RunJobPayload').implement({
  description: 'The job, queued (or ended, with wait), and its operation.',
  fields: (t) => ({
    job: t.field({ type: JobRef, description: 'The job.', resolve: (p) => p.job }),
    operation: t.field({ type: OperationRef, description: 'Its JOB operation.', resolve: (p) => p.operation }),
  }),
});

builder.mutationFields((t) => ({
  runJob: t.field({
    type: RunJobPayload,
    description:
      "Runs one command to completion in a service's image, with its env, secrets, config files, volumes and " +
      'network, never receiving routed traffic (an operation of kind JOB; cancelOperation stops it).',
    authScopes: { exec: true },
    errors: {
      types: [
        ValidationError,
        NotFoundError,
        CapabilityNotSupportedError,
        InvalidStateError,
        IdempotencyConflictError,
        ForbiddenError,
        RateLimitedError,
      ],
      union: { name: 'RunJobResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: RunJobInput, required: true, description: 'What to run.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      const queued = await ctx.services.jobs.request(ctx.principal, { ...input, instanceId });
      if (!input.wait) return queued;
      const operation = await ctx.services.instances.waitFor(ctx.principal.tenantId, queued.operation.id);
      const job = (await ctx.services.jobs.find(ctx.principal.tenantId, queued.job.id)) ?? queued.job;
      return { ...queued, operation, job };
    }),
  }),
}));
