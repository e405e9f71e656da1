/**
 * Builds from source (issue 33): the Build node, its log lines, the
 * buildService mutation, the buildLogs subscription, Instance.builds and
 * Operation.build, and the build inputs that ServiceSpecInput and
 * ServiceDeployInput carry (instance-mutations.ts).
 */

import type { BuildQueued } from '../control/builds.js';
import type { UploadedFile } from '../control/builds-inputs.js';
import type { Build, BuildLogLine } from '../control/builds-model.js';
import { pageOf, pageSize } from '../control/cursor.js';
import {
  CapabilityNotSupportedError,
  ForbiddenError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { Operation } from '../control/model.js';
import { builder } from './builder.js';
import { openBuildLogs } from './builds-logs.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { DeployStrategyEnum } from './instances.js';
import { byOperation, newestFirstPage, recordInstance, recordOperation } from './operation-records.js';
import { rateLimited } from './rate-limit.js';
import { InstanceRef, OperationRef, ReleaseRef } from './refs.js';
import { BlueGreenInput, CanaryInput } from './rollouts.js';
import { EnvVarInput } from './specs.js';

export const BuildRef = builder.objectRef<Build>('Build');
export const BuildLogLineRef = builder.objectRef<BuildLogLine>('BuildLogLine');

const BuildSourceKindEnum = builder.enumType('BuildSourceKind', {
  description: 'Where a build context came from.',
  values: {
    GIT: { value: 'git', description: 'A git repository at a ref.' },
    ARCHIVE: { value: 'archive', description: 'An uploaded tar or tar.gz.' },
  } as const,
});

const BuildStatusEnum = builder.enumType('BuildStatus', {
  description: 'Where a build is.',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting its turn (behind the instance, or for a build slot).' },
    RUNNING: { value: 'running', description: 'Building.' },
    SUCCEEDED: { value: 'succeeded', description: 'Built: see image.' },
    FAILED: { value: 'failed', description: 'Failed: see error.' },
    CANCELED: { value: 'canceled', description: 'Canceled.' },
  } as const,
});

const BuildSourceRef = builder.objectRef<Build['source']>('BuildSource').implement({
  description: 'What a build was built from.',
  fields: (t) => ({
    kind: t.field({ type: BuildSourceKindEnum, description: 'GIT or ARCHIVE.', resolve: (s) => s.kind }),
    url: t.string({
      nullable: true,
      description: 'GIT: the repository, without credentials.',
      resolve: (s) => s.url ?? null,
    }),
    ref: t.string({ nullable: true, description: 'GIT: the ref asked for.', resolve: (s) => s.ref ?? null }),
    commit: t.string({
      nullable: true,
      description: 'GIT: the commit the ref resolved to (40 hex), once fetched.',
      resolve: (s) => s.commit ?? null,
    }),
    archiveSha256: t.string({
      nullable: true,
      description: "ARCHIVE: the uploaded archive's sha256 (hex).",
      resolve: (s) => s.archiveSha256 ?? null,
    }),
  }),
});

BuildLogLineRef.implement({
  description: "One line of a build's output.",
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to resume right after this line.' }),
    at: t.expose('at', { type: 'DateTime', description: 'When the line was recorded.' }),
    step: t.exposeInt('step', { nullable: true, description: 'The build step (1-based) it belongs to, when known.' }),
    line: t.exposeString('line', { description: 'The text, without its newline; no secret value.' }),
  }),
});

/** A log cursor: a line's number. */
export function logCursor(after: string | null | undefined, field = 'after'): number {
  if (after == null) return 0;
  if (!/^\d{1,9}$/.test(after)) throw ValidationError.of([field], 'not a cursor a BuildLogLine returned');
  return Number(after);
}

/** The log connection builds and jobs share (one line shape, one store). */
export const BuildLogConnection = builder.connectionObject(
  { type: BuildLogLineRef, name: 'BuildLogConnection', description: "A page of an operation's log lines." },
  { name: 'BuildLogEdge', description: 'A log line and its cursor.' },
);

/** A page of an operation's log (Build.logs, Job.logs): forward only, keyset on the line number. */
export async function logPage(
  ctx: GraphQLContext,
  operationId: string,
  args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null },
) {
  if (args.last != null || args.before != null)
    throw ValidationError.of([args.last != null ? 'last' : 'before'], 'this connection pages forward only');
  const limit = pageSize(args.first, 1000, 100);
  const after = logCursor(args.after);
  const rows = await ctx.services.logFeed.page(operationId, after, limit + 1);
  return pageOf(rows, limit, (l) => l.cursor, after > 0);
}

builder.loadableNode(BuildRef, {
  description: "One build of a service's image from a git commit or an uploaded archive (an operation of kind BUILD).",
  id: { resolve: (b) => b.id },
  // Another tenant's build is missing alike (the ids it found, as every node's loader).
  load: (ids: string[], ctx: GraphQLContext) => ctx.services.builds.byIds(ctx.principal.tenantId, ids),
  sort: (b) => b.id,
  fields: (t) => ({
    instance: t.field({
      type: InstanceRef,
      description: 'The instance.',
      resolve: (b, _a, ctx) => recordInstance(b, ctx),
    }),
    service: t.exposeString('service', { description: 'The service the image is for.' }),
    operation: t.field({
      type: OperationRef,
      description: 'The BUILD operation that runs it.',
      resolve: (b, _a, ctx) => recordOperation(b, ctx),
    }),
    status: t.field({ type: BuildStatusEnum, description: 'Where it is.', resolve: (b) => b.status }),
    source: t.field({ type: BuildSourceRef, description: 'What it builds from.', resolve: (b) => b.source }),
    image: t.exposeString('image', {
      nullable: true,
      description: 'The reference built, e.g. 127.0.0.1:5000/wh/default/shop/web:3f2a…',
    }),
    imageDigest: t.exposeString('imageDigest', { nullable: true, description: 'sha256:… of the image.' }),
    steps: t.exposeInt('steps', { nullable: true, description: 'Build steps run.' }),
    cachedSteps: t.exposeInt('cachedSteps', { nullable: true, description: 'Of those, answered from the cache.' }),
    release: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'The release that deployed it.',
      resolve: (b, _a, ctx) => (b.releaseId ? ctx.loaders.release.load(b.releaseId) : null),
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: "Why it failed: the step, and the builder's words.",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Queued.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'First started.' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true, description: 'Ended.' }),
    logs: t.connection(
      {
        type: BuildLogLineRef,
        description: 'Its log lines, oldest first (keyset on the line number).',
        resolve: (b, args, ctx) => logPage(ctx, b.operationId, args),
      },
      BuildLogConnection,
    ),
  }),
});

builder.objectFields(InstanceRef, (t) => ({
  builds: t.connection(
    {
      type: BuildRef,
      description: 'Builds of its services, newest first.',
      resolve: (i, args, ctx) =>
        newestFirstPage(args, (limit, before) =>
          ctx.services.builds.forInstance(ctx.principal.tenantId, i.id, limit, before),
        ),
    },
    { name: 'InstanceBuildsConnection', description: "A page of an instance's builds." },
    { name: 'InstanceBuildsEdge', description: 'A build and its cursor.' },
  ),
}));

builder.objectFields(OperationRef, (t) => ({
  build: t.loadable({
    type: BuildRef,
    nullable: true,
    description: 'The build a BUILD operation runs; null for every other kind.',
    load: async (operationIds: string[], ctx: GraphQLContext) =>
      byOperation(operationIds, await ctx.services.builds.byOperationIds(ctx.principal.tenantId, operationIds)),
    // Only BUILD operations have one: the rest answer without a load.
    resolve: (o: Operation) => (o.kind === 'build' ? o.id : null),
  }),
}));

// ---- inputs

const GitRefInput = builder.inputType('GitRefInput', {
  description: 'A git repository at a ref.',
  fields: (t) => ({
    url: t.string({
      required: true,
      description: 'https://… or ssh://… (git@host:path too); file:// only where WHEELHOUSE_GIT_ALLOW_LOCAL=true.',
    }),
    ref: t.string({ defaultValue: 'HEAD', description: 'A branch, a tag or a commit sha.' }),
    credentialSecret: t.string({ description: 'A vault key holding an https token or an SSH private key.' }),
  }),
});

builder.scalarType('Upload', {
  description:
    'A file sent with the GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec).',
  serialize: () => {
    throw new Error('Upload is an input only');
  },
  parseValue: (value) => {
    if (value && typeof value === 'object' && typeof (value as { stream?: unknown }).stream === 'function')
      return value as UploadedFile;
    throw new TypeError('Upload takes a file of a multipart request');
  },
});

const BuildSourceInput = builder.inputType('BuildSourceInput', {
  description: 'Where a build context comes from: exactly one of git or archive.',
  fields: (t) => ({
    git: t.field({ type: GitRefInput, description: 'A git repository at a ref.' }),
    archive: t.field({
      type: 'Upload',
      description: 'A tar or tar.gz of the context (a GraphQL multipart request).',
    }),
  }),
});

const BuildSecretInput = builder.inputType('BuildSecretInput', {
  description: 'A build secret: mounted by RUN --mount=type=secret,id=<id>; never in a layer or the history.',
  fields: (t) => ({
    id: t.string({ required: true, description: 'The id the Dockerfile mounts.' }),
    secretKey: t.string({ required: true, description: 'The vault key holding its value.' }),
  }),
});

export const BuildSpecInput = builder.inputType('BuildSpecInput', {
  description: 'How to build an image from source.',
  fields: (t) => ({
    source: t.field({ type: BuildSourceInput, required: true, description: 'The context.' }),
    contextPath: t.string({ defaultValue: '.', description: 'The context, inside the source; never escapes it.' }),
    dockerfile: t.string({ defaultValue: 'Dockerfile', description: 'The Dockerfile, relative to contextPath.' }),
    target: t.string({ description: 'A multi-stage target.' }),
    args: t.field({
      type: [EnvVarInput],
      description: "Build arguments (visible in the image's history: not for secrets).",
    }),
    secrets: t.field({ type: [BuildSecretInput], description: 'Build secrets from the vault.' }),
    cpuMillis: t.int({ description: "CPU limit of the build's steps, in thousandths of a core." }),
    memoryMb: t.int({ description: "Memory limit of the build's steps, in MiB." }),
    timeoutSeconds: t.int({ defaultValue: 1800, description: 'Stopped and FAILED after this long.' }),
  }),
});

const BuildServiceInput = builder.inputType('BuildServiceInput', {
  description: 'A build of one service and, unless deploy is false, its deploy.',
  fields: (t) => ({
    instanceId: t.id({ required: true, description: 'The instance (global id).' }),
    service: t.string({ required: true, description: 'The service the image is for.' }),
    build: t.field({ type: BuildSpecInput, required: true, description: 'What to build.' }),
    deploy: t.boolean({ defaultValue: true, description: 'Deploy the image as a new release once built.' }),
    strategy: t.field({ type: DeployStrategyEnum, defaultValue: 'rolling', description: "The deploy's strategy." }),
    canary: t.field({ type: CanaryInput, description: 'Strategy CANARY: its steps and analysis.' }),
    blueGreen: t.field({ type: BlueGreenInput, description: 'Strategy BLUE_GREEN: its promotion and delays.' }),
    idempotencyKey: t.string({ description: 'Retry-safe key: the same key and input return the same build.' }),
    wait: t.boolean({ defaultValue: false, description: 'Return only once the build has ended.' }),
  }),
});

const BuildServicePayload = builder.objectRef<BuildQueued>('BuildServicePayload').implement({
  description: 'The build, queued (or ended, with wait), and its operation.',
  fields: (t) => ({
    build: t.field({ type: BuildRef, description: 'The build.', resolve: (p) => p.build }),
    operation: t.field({ type: OperationRef, description: 'Its BUILD operation.', resolve: (p) => p.operation }),
  }),
});

builder.mutationFields((t) => ({
  buildService: t.field({
    type: BuildServicePayload,
    description:
      'Builds an image for one service of an instance and, unless `deploy: false`, deploys it as a new release.',
    authScopes: { deploy: true },
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
      union: { name: 'BuildServiceResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: BuildServiceInput, required: true, description: 'What to build.' }) },
    resolve: rateLimited(async (_r, { input }, ctx) => {
      const instanceId = localId(String(input.instanceId), 'Instance');
      const queued = await ctx.services.builds.request(ctx.principal, { ...input, instanceId });
      if (!input.wait) return queued;
      const operation = await ctx.services.instances.waitFor(ctx.principal.tenantId, queued.operation.id);
      const build = (await ctx.services.builds.find(ctx.principal.tenantId, queued.build.id)) ?? queued.build;
      return { ...queued, operation, build };
    }),
  }),
}));

builder.subscriptionFields((t) => ({
  buildLogs: t.field({
    type: BuildLogLineRef,
    description:
      "A build's log lines: those after `after` from the record, then live; ends when the build ends. " +
      'Reconnect with the `cursor` of the last line received: every line arrives once, none is skipped.',
    authScopes: { read: true },
    args: {
      buildId: t.arg.id({ required: true, description: 'The build (global id).' }),
      after: t.arg.string({ description: 'Resume just after this line cursor; from the first line when omitted.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const after = logCursor(args.after);
      const build = await ctx.services.builds.find(ctx.principal.tenantId, localId(String(args.buildId), 'Build'));
      if (!build) throw new NotFoundError('build');
      return openBuildLogs(ctx, build, after);
    },
    resolve: (line) => line,
  }),
}));
