import { ForbiddenError, InvalidStateError, NotFoundError, RateLimitedError } from '../control/errors.js';
import type { Operation, OperationStep } from '../control/model.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { present } from './present.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef, OperationRef, ReleaseRef } from './refs.js';

export const OperationKindEnum = builder.enumType('OperationKind', {
  description: 'What an operation does.',
  values: {
    PROVISION: { value: 'provision', description: 'Create the instance.' },
    DEPLOY: { value: 'deploy', description: 'Roll out a new release.' },
    SCALE: { value: 'scale', description: 'Change replicas or limits.' },
    ROLLBACK: { value: 'rollback', description: 'Restore an earlier release.' },
    START: { value: 'start', description: 'Start a stopped instance.' },
    STOP: { value: 'stop', description: 'Stop it.' },
    RESTART: { value: 'restart', description: 'Stop and start.' },
    DEPROVISION: { value: 'deprovision', description: 'Tear it down.' },
    BUILD: { value: 'build', description: 'Build a service image from source (see Operation.build).' },
    JOB: { value: 'job', description: 'Run one command to completion in a service image (see Operation.job).' },
    BACKUP: { value: 'backup', description: 'Archive one volume, encrypted, into the backup store (backupVolume).' },
    RESTORE: { value: 'restore', description: "Write a backup's archive back into a volume (restoreVolume)." },
  } as const,
});

export const OperationStatusEnum = builder.enumType('OperationStatus', {
  description: 'Where an operation is.',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting its turn.' },
    RUNNING: { value: 'running', description: 'Being carried out.' },
    SUCCEEDED: { value: 'succeeded', description: 'Done.' },
    FAILED: { value: 'failed', description: 'Failed; see error.' },
    CANCELED: { value: 'canceled', description: 'Canceled.' },
  } as const,
});

export const ReadinessOutcomeEnum = builder.enumType('ReadinessOutcome', {
  description: 'How the wait for readiness ended.',
  values: {
    READY: { value: 'ready', description: 'Became ready.' },
    FAILED: { value: 'failed', description: 'The provider reported failure.' },
    TIMEOUT: { value: 'timeout', description: 'Not ready in time.' },
    CANCELED: { value: 'canceled', description: 'Canceled while waiting.' },
  } as const,
});

const OperationErrorRef = builder.objectRef<{ code: string; message: string }>('OperationError').implement({
  description: 'Why an operation failed.',
  fields: (t) => ({
    code: t.exposeString('code', {
      description: 'Stable code, e.g. IMAGE_NOT_FOUND, PROVIDER_UNAVAILABLE, READINESS_TIMEOUT.',
    }),
    message: t.exposeString('message', { description: 'What happened.' }),
  }),
});

const OperationStepRef = builder.objectRef<OperationStep>('OperationStep').implement({
  description: 'One step of an operation.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Step name.' }),
    status: t.field({ type: OperationStatusEnum, description: 'Step status.', resolve: (s) => s.status }),
    startedAt: t.field({ type: 'DateTime', nullable: true, description: 'Started.', resolve: (s) => s.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, description: 'Finished.', resolve: (s) => s.finishedAt }),
    message: t.exposeString('message', { nullable: true, description: 'What it did, or why it failed.' }),
  }),
});

builder.loadableNode(OperationRef, {
  description: 'The durable record of a provider-touching change, from queued to its outcome.',
  id: { resolve: (o) => o.id },
  load: async (ids: string[], ctx: GraphQLContext) => present(await ctx.loaders.operation.loadMany(ids)),
  sort: (o) => o.id,
  fields: (t) => ({
    kind: t.field({ type: OperationKindEnum, description: 'What it does.', resolve: (o) => o.kind }),
    status: t.field({ type: OperationStatusEnum, description: 'Where it is.', resolve: (o) => o.status }),
    readinessOutcome: t.field({
      type: ReadinessOutcomeEnum,
      nullable: true,
      description: 'How the readiness wait ended.',
      resolve: (o) => (o.readinessOutcome as 'ready' | null) ?? null,
    }),
    error: t.field({ type: OperationErrorRef, nullable: true, description: 'Why it failed.', resolve: (o) => o.error }),
    steps: t.field({ type: [OperationStepRef], description: 'Steps, in order.', resolve: (o) => o.steps }),
    instance: t.field({
      type: InstanceRef,
      nullable: true,
      description: 'The instance.',
      resolve: (o, _a, ctx) => ctx.loaders.instance.load(o.instanceId),
    }),
    release: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release it rolls out.',
      resolve: (o, _a, ctx) => (o.releaseId ? ctx.loaders.release.load(o.releaseId) : null),
    }),
    attempts: t.exposeInt('attempts', { description: 'Times an executor claimed it (more than 1 after a crash).' }),
    idempotencyKey: t.exposeString('idempotencyKey', { nullable: true, description: 'The key it was asked with.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Queued.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'First claimed.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'Ended.' }),
  }),
});

builder.queryFields((t) => ({
  operation: t.field({
    type: OperationRef,
    nullable: true,
    description: 'An operation by global id; null when missing or not yours.',
    authScopes: { read: true },
    args: { id: t.arg.id({ required: true, description: 'Global id.' }) },
    resolve: (_r, { id }, ctx) => {
      try {
        return ctx.loaders.operation.load(localId(String(id), 'Operation'));
      } catch {
        return null;
      }
    },
  }),
}));

const CancelOperationInput = builder.inputType('CancelOperationInput', {
  description: 'An operation to cancel.',
  fields: (t) => ({ operationId: t.id({ required: true, description: 'The operation (global id).' }) }),
});

builder.mutationFields((t) => ({
  cancelOperation: t.field({
    type: builder.objectRef<{ operation: Operation }>('CancelOperationPayload').implement({
      description: 'The operation: canceled if it had not started, else asked to stop.',
      fields: (f) => ({
        operation: f.field({ type: OperationRef, description: 'The operation.', resolve: (p) => p.operation }),
      }),
    }),
    description: 'Cancels a queued operation at once, or asks a running one to stop waiting and end CANCELED.',
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, InvalidStateError, ForbiddenError, RateLimitedError],
      union: { name: 'CancelOperationResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: CancelOperationInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => ({
      operation: await ctx.services.instances.cancel(ctx.principal, localId(String(input.operationId), 'Operation')),
    })),
  }),
}));
