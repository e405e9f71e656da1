/**
 * The executor's BUILD operation (issue 33): prepares the source (a git
 * checkout or the stored archive), resolves the build secrets from the vault
 * (their values go to the Masker, so no line, step or error shows one), runs
 * the builder engine with the log written in batches, records what it made,
 * and hands the image on: a new release through deployInstance's own path
 * (buildService), or into the provision/deploy queued behind it.
 *
 * A crash mid-build leaves the operation leased; the next executor re-claims
 * it when the lease lapses and runs the build again (the log continues after
 * the last stored line). A build whose operation is given up or canceled
 * shows that end (builds-model.ts `toBuild`), never RUNNING.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildConfig } from '../config.js';
import { builderOf } from '../control/builds.js';
import type { Operation, OperationStep, StoredBuildSource, StoredBuildSpec } from '../control/model.js';
import type { OperationSignal } from '../control/operation-signal.js';
import { acquireProvider } from '../control/provider-calls.js';
import type { DbHandle } from '../db/db-types.js';
import { json } from '../db/db-types.js';
import * as builds from '../db/repositories/build-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import { findTenantsByIds } from '../db/repositories/tenant-repository.js';
import type { BuildResult } from '../providers/builds.js';
import { CanceledError, ProviderError } from '../providers/provider-errors.js';
import { handOverImage } from './build-handover.js';
import { type PreparedSource, prepareArchiveSource, prepareGitSource } from './build-source.js';
import type { Masker } from './masking.js';
import { OperationFailure } from './operation-failures.js';
import { OperationLogWriter } from './operation-log-writer.js';
import { runStep } from './operation-steps.js';
import type { PerformContext, PerformResult } from './perform-operation.js';

/** What a build needs besides what every operation does. */
export interface BuildContext extends PerformContext {
  builds: BuildConfig;
  /** Wakes the executor for the deploy a build queues. */
  signal: OperationSignal;
}

/** Runs the BUILD operation `op`; see the module comment. */
export async function performBuild(
  ctx: BuildContext,
  op: Operation,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<PerformResult> {
  const { db } = ctx;
  const build = await builds.findBuildByOperation(db, op.id);
  if (!build) throw new OperationFailure('NOT_FOUND', 'the build of this operation no longer exists');
  const spec = build.spec;
  let image = build.image;
  if (build.status !== 'succeeded') {
    image = await runBuild(ctx, op, build.id, build.archive_id, build.service, spec, signal, steps, masker);
  }
  // Re-run after a crash between the two: the build is done, the hand-over converges (an idempotency key).
  if (image && (spec.deploy || spec.forOperationId)) {
    const built = image;
    await runStep(db, op, steps, masker, spec.deploy ? 'deploy the image' : 'hand the image over', async () =>
      handOverImage(ctx, op, { id: build.id, service: build.service, spec, image: built }),
    );
  }
  return { outcome: null };
}

/** Prepares, builds and records; returns the image built. Failures are recorded on the build and rethrown. */
async function runBuild(
  ctx: BuildContext,
  op: Operation,
  buildId: string,
  archiveId: string | null,
  service: string,
  spec: StoredBuildSpec,
  signal: AbortSignal,
  steps: OperationStep[],
  masker: Masker,
): Promise<string> {
  const { db } = ctx;
  await builds.markBuildRunning(db, buildId);
  const log = await OperationLogWriter.open(db, op.id, masker);
  if (op.attempts > 1) log.note(`— attempt ${op.attempts}: the build runs again (the previous run was interrupted) —`);
  let source: PreparedSource | undefined;
  try {
    const values = await resolveSecrets(ctx, op.tenantId, spec);
    masker.add(Object.values(values));
    const workDir = join(tmpdir(), 'wheelhouse-builds');
    await mkdir(workDir, { recursive: true });
    await runStep(db, op, steps, masker, 'prepare the source', async () => {
      source = await prepare(ctx, spec, archiveId, values, workDir, signal, log);
      return describeSource(source.source);
    });
    const prepared = source!;
    const recorded: StoredBuildSource = { ...prepared.source };
    await builds.setBuildSource(db, buildId, json(recorded));
    const tag = await tagFor(db, ctx.builds.registry, op, service, recorded);
    let result!: BuildResult;
    await runStep(db, op, steps, masker, 'build', async () => {
      const builder = builderOf(ctx.registry, ctx.builds);
      const engine = builder.provider.engines.builder;
      if (!engine)
        throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', `provider "${builder.key}" has no builder engine`);
      const { ctx: call } = await acquireProvider(ctx.registry, builder.key, signal);
      result = await engine
        .build(
          call,
          {
            contextDir: prepared.contextDir,
            dockerfile: prepared.dockerfile,
            ...(spec.target ? { target: spec.target } : {}),
            args: spec.args,
            secrets: Object.fromEntries(spec.secrets.map((s) => [s.id, values[s.secretKey] ?? ''])),
            ...(spec.cpuMillis ? { cpuMillis: spec.cpuMillis } : {}),
            ...(spec.memoryMb ? { memoryMb: spec.memoryMb } : {}),
            timeoutMs: spec.timeoutSeconds * 1000,
            tag,
            push: ctx.builds.registry !== undefined,
            // Only what the inputs determine: a label unique to each build (its id) would make every
            // cached rebuild a new image, to export and push again, with a digest that says it changed.
            labels: {
              'wheelhouse.instance': op.instanceId,
              'wheelhouse.service': service,
              ...(recorded.commit ? { 'wheelhouse.commit': recorded.commit } : {}),
            },
          },
          log,
        )
        .catch((err: unknown) => {
          throw builderFailure(err);
        });
      return `built ${result.image} (${result.cachedSteps} of ${result.steps} steps cached)`;
    });
    log.note(`built ${result.image}`);
    await log.close();
    await builds.finishBuild(db, buildId, {
      status: 'succeeded',
      image: result.image,
      imageDigest: result.digest ?? result.imageId,
      steps: result.steps,
      cachedSteps: result.cachedSteps,
    });
    await dropArchive(db, archiveId);
    return result.image;
  } catch (err) {
    // A crash or a stop hands the operation back: the next run records the end, this one records nothing.
    if (signal.aborted && !(signal.reason instanceof CanceledError)) throw err;
    const canceled = err instanceof CanceledError || signal.reason instanceof CanceledError;
    const message = masker.text(err instanceof Error ? err.message : String(err));
    log.note(canceled ? 'build canceled' : `build failed: ${message}`);
    await log.close().catch(() => {});
    await builds.finishBuild(db, buildId, {
      status: canceled ? 'canceled' : 'failed',
      error: canceled ? 'canceled' : message,
    });
    await dropArchive(db, archiveId);
    throw err;
  } finally {
    await source?.cleanup().catch(() => {});
  }
}

/** An ended build's archive is not read again (a re-run after a crash happens before the end): its rows go. */
async function dropArchive(db: DbHandle, archiveId: string | null): Promise<void> {
  if (archiveId) await builds.deleteArchive(db, archiveId).catch(() => {});
}

/** What the builder threw, as the operation's failure: the step and the builder's words stay in the message. */
function builderFailure(err: unknown): unknown {
  if (err instanceof ProviderError) {
    if (err.kind === 'timeout') return new OperationFailure('BUILD_TIMEOUT', err.message);
    if (err.kind === 'build_failed' || err.kind === 'invalid_spec')
      return new OperationFailure('BUILD_FAILED', err.message);
  }
  return err;
}

async function resolveSecrets(
  ctx: BuildContext,
  tenantId: string,
  spec: StoredBuildSpec,
): Promise<Record<string, string>> {
  const keys = [
    ...spec.secrets.map((s) => s.secretKey),
    ...(spec.git?.credentialSecret ? [spec.git.credentialSecret] : []),
  ];
  if (keys.length === 0) return {};
  try {
    return await ctx.secrets.resolve(tenantId, keys);
  } catch (err) {
    throw new OperationFailure('SECRET_NOT_FOUND', err instanceof Error ? err.message : 'a secret is missing');
  }
}

async function prepare(
  ctx: BuildContext,
  spec: StoredBuildSpec,
  archiveId: string | null,
  values: Record<string, string>,
  workDir: string,
  signal: AbortSignal,
  log: OperationLogWriter,
): Promise<PreparedSource> {
  if (spec.git) {
    log.note(`fetching ${spec.git.ref}`);
    const credential = spec.git.credentialSecret ? values[spec.git.credentialSecret] : undefined;
    return prepareGitSource({
      url: spec.git.url,
      ref: spec.git.ref,
      ...(credential ? { credential } : {}),
      allowLocal: ctx.builds.gitAllowLocal,
      workDir,
      contextPath: spec.contextPath,
      dockerfile: spec.dockerfile,
      signal,
      onLine: (line) => log.note(line),
    });
  }
  if (!archiveId || !spec.archive) throw new OperationFailure('BUILD_SOURCE_FAILED', 'the uploaded archive is gone');
  return prepareArchiveSource({
    archive: builds.readArchiveChunks(ctx.db, archiveId),
    sha256: spec.archive.sha256,
    workDir,
    contextPath: spec.contextPath,
    dockerfile: spec.dockerfile,
    signal,
  });
}

function describeSource(s: StoredBuildSource): string {
  return s.kind === 'git'
    ? `checked out ${s.commit ?? s.ref ?? ''}`
    : `extracted archive ${s.archiveSha256?.slice(0, 12)}`;
}

/** `[<registry>/]wh/<tenant>/<instance>/<service>:<commit or archive sha12>`, in the characters a reference allows. */
async function tagFor(
  db: DbHandle,
  registry: string | undefined,
  op: Operation,
  service: string,
  source: StoredBuildSource,
): Promise<string> {
  const [tenant] = await findTenantsByIds(db, [op.tenantId]);
  const inst = await instances.findInstanceAnyTenant(db, op.instanceId);
  const part = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '') || 'x';
  const version = source.commit ?? source.archiveSha256?.slice(0, 12) ?? op.id.slice(0, 12);
  const path = `wh/${part(tenant?.name ?? op.tenantId)}/${part(inst?.name ?? op.instanceId)}/${part(service)}`;
  return `${registry ? `${registry}/` : ''}${path}:${version}`;
}
