/**
 * Progressive delivery in the API: the canary and blue-green inputs of
 * deployInstance and rollbackInstance, `Operation.rollout` (where a rollout
 * stands, with each analysis run) and `promoteOperation`.
 */
import { ForbiddenError, InvalidStateError, NotFoundError, RateLimitedError } from '../control/errors.js';
import type { Operation, StoredAnalysisRun, StoredRollout, StoredRolloutStep } from '../control/model.js';
import { builder } from './builder.js';
import { localId } from './global-ids.js';
import { DeployStrategyEnum } from './instances.js';
import { rateLimited } from './rate-limit.js';
import { OperationRef, ReleaseRef } from './refs.js';

export const AnalysisInput = builder.inputType('AnalysisInput', {
  description:
    "How the new release is judged, from the edge's own counters of its replicas, every interval while it holds a step.",
  fields: (t) => ({
    maxErrorRate: t.float({
      defaultValue: 0.05,
      description: 'The largest share of 5xx answers (0–1) an interval may have and pass.',
    }),
    maxP99Ms: t.int({
      description:
        "The largest p99 response time in ms (1–60000) an interval may have and pass, from the edge's ring of recent responses of the new set. Refused by a provider whose analysis does not measure response times.",
    }),
    intervalSeconds: t.int({ defaultValue: 10, description: 'Seconds between two analysis runs.' }),
    minRequests: t.int({
      defaultValue: 20,
      description: 'An interval with fewer requests to the new release is inconclusive: it neither passes nor fails.',
    }),
    failureLimit: t.int({ defaultValue: 1, description: 'Failed intervals that abort the rollout.' }),
  }),
});

export const CanaryStepInput = builder.inputType('CanaryStepInput', {
  description: 'One step of a canary.',
  fields: (t) => ({
    weight: t.int({ required: true, description: "The new release's share of requests, 1–99 %." }),
    pauseSeconds: t.int({ description: 'How long the step holds; absent: until promoteOperation.' }),
  }),
});

export const CanaryInput = builder.inputType('CanaryInput', {
  description: 'A canary: the new release takes each step’s share of the service’s requests, then 100 %.',
  fields: (t) => ({
    steps: t.field({ type: [CanaryStepInput], required: true, description: 'The steps, in order.' }),
    analysis: t.field({ type: AnalysisInput, description: 'How each interval is judged (defaults apply).' }),
  }),
});

export const BlueGreenInput = builder.inputType('BlueGreenInput', {
  description: 'A blue-green release: the full new set at a preview address, switched over at once on promotion.',
  fields: (t) => ({
    autoPromoteSeconds: t.int({ description: 'Promote after this long when its analysis passes; absent: wait.' }),
    scaleDownDelaySeconds: t.int({
      defaultValue: 30,
      description: 'How long the old set stays after the switch, for an instant way back.',
    }),
    analysis: t.field({ type: AnalysisInput, description: 'How the preview is judged.' }),
  }),
});

const RolloutPhaseEnum = builder.enumType('RolloutPhase', {
  description: 'Where a rollout stands.',
  values: {
    PROGRESSING: { value: 'progressing', description: 'Starting the new set or changing the split.' },
    PAUSED: { value: 'paused', description: 'Holding a step (for its pause, or until promoted), analysed meanwhile.' },
    PROMOTING: { value: 'promoting', description: 'Every request to the new set; the stable one is removed.' },
    SUCCEEDED: { value: 'succeeded', description: 'The new release serves everything.' },
    ABORTED: { value: 'aborted', description: 'Everything back on the stable release; the new set removed.' },
  } as const,
});

const RolloutStepRef = builder.objectRef<StoredRolloutStep>('RolloutStep').implement({
  description: 'One step of a rollout.',
  fields: (t) => ({
    weight: t.exposeInt('weight', { description: "The new release's share of requests during the step, %." }),
    pauseSeconds: t.exposeInt('pauseSeconds', { nullable: true, description: 'Its pause; null: until promoted.' }),
    startedAt: t.field({ type: 'DateTime', nullable: true, description: 'Started.', resolve: (s) => s.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, description: 'Finished.', resolve: (s) => s.finishedAt }),
  }),
});

const AnalysisRunRef = builder.objectRef<StoredAnalysisRun>('AnalysisRun').implement({
  description: "One analysis interval: the edge's counters of the new release's replicas, and the verdict.",
  fields: (t) => ({
    at: t.field({ type: 'DateTime', description: 'When the interval ended.', resolve: (a) => a.at }),
    requests: t.exposeInt('requests', { description: 'Requests the new release answered in the interval.' }),
    errorRate: t.exposeFloat('errorRate', { description: 'Share of them answered 5xx (0–1).' }),
    p99Ms: t.exposeFloat('p99Ms', { nullable: true, description: 'p99 latency in ms, when measured.' }),
    passed: t.exposeBoolean('passed', {
      description: 'True when the interval passed; false when it failed or was inconclusive (see message).',
    }),
    message: t.exposeString('message', { nullable: true, description: 'The verdict in words.' }),
  }),
});

const RolloutRef = builder.objectRef<StoredRollout>('Rollout').implement({
  description: 'A canary or blue-green rollout, as it stands (kept in the database: a restart resumes it).',
  fields: (t) => ({
    strategy: t.field({ type: DeployStrategyEnum, description: 'CANARY or BLUE_GREEN.', resolve: (r) => r.strategy }),
    phase: t.field({ type: RolloutPhaseEnum, description: 'Where it stands.', resolve: (r) => r.phase }),
    stepIndex: t.exposeInt('stepIndex', { description: 'The step it is at (0-based).' }),
    steps: t.field({ type: [RolloutStepRef], description: 'Every step.', resolve: (r) => r.steps }),
    canaryWeight: t.exposeInt('canaryWeight', {
      description: 'The share of requests, 0–100, the new release receives now.',
    }),
    stableRelease: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release that served before.',
      resolve: (r, _a, ctx) => (r.stableReleaseId ? ctx.loaders.release.load(r.stableReleaseId) : null),
    }),
    newRelease: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release being rolled out.',
      resolve: (r, _a, ctx) => (r.newReleaseId ? ctx.loaders.release.load(r.newReleaseId) : null),
    }),
    previewUrl: t.exposeString('previewUrl', {
      nullable: true,
      description: "Blue-green: the new set's address before promotion.",
    }),
    analysis: t.field({
      type: [AnalysisRunRef],
      description: 'The analysis runs, oldest first (the latest 100).',
      resolve: (r) => r.analysis,
    }),
    abortReason: t.exposeString('abortReason', { nullable: true, description: 'Why it was aborted.' }),
  }),
});

builder.objectField(OperationRef, 'rollout', (t) =>
  t.field({
    type: RolloutRef,
    nullable: true,
    description: 'A canary or blue-green deploy (or rollback): where its rollout stands. Null for other operations.',
    resolve: (op) => op.rollout,
  }),
);

const PromoteOperationInput = builder.inputType('PromoteOperationInput', {
  description: 'Which rollout to move on.',
  fields: (t) => ({
    operationId: t.id({ required: true, description: 'The operation driving the rollout (global id).' }),
    full: t.boolean({ defaultValue: false, description: 'Skip every remaining step and pause: straight to 100 %.' }),
  }),
});

builder.mutationFields((t) => ({
  promoteOperation: t.field({
    type: builder.objectRef<{ operation: Operation }>('PromoteOperationPayload').implement({
      description: 'The operation, its promotion recorded (taken by its executor within a second).',
      fields: (f) => ({
        operation: f.field({ type: OperationRef, description: 'The operation.', resolve: (p) => p.operation }),
      }),
    }),
    description:
      'Moves a paused canary to its next step now (full: to 100 %). cancelOperation aborts it instead: everything goes back to the stable release.',
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, InvalidStateError, ForbiddenError, RateLimitedError],
      union: { name: 'PromoteOperationResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: PromoteOperationInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => ({
      operation: await ctx.services.instances.promote(
        ctx.principal,
        localId(String(input.operationId), 'Operation'),
        input.full ?? false,
      ),
    })),
  }),
}));
