/**
 * `build:` instead of `image:` in provisionInstance and deployInstance (and
 * so the CLI's apply), issue 33.
 *
 * The design: the provision or deploy is written as usual (its release, the
 * instance's spec) with each built service's image a placeholder
 * (PENDING_BUILD_IMAGE; for a deploy, the service's current image stays in
 * the instance's spec), and in the same transaction one BUILD operation per
 * built service is queued AHEAD of it, each naming it (`forOperationId`).
 * Operations on an instance run one at a time in queue order, so the builds
 * run first; a build that succeeds writes its image into that operation, its
 * release and the instance's spec (worker/build-handover.ts). The provision
 * or deploy lists its builds (`awaitsBuilds`) and, when claimed, fails with
 * BUILD_FAILED before touching the workload unless every one SUCCEEDED (a
 * failed deploy puts the instance's spec back to the running release).
 * Nothing new waits or polls: the queue's order is the dependency.
 */
import { randomUUID } from 'node:crypto';
import type { InstanceRow } from '../db/database.js';
import { type DbTransaction, json } from '../db/db-types.js';
import * as builds from '../db/repositories/build-repository.js';
import { redactUrl } from './build-paths.js';
import { builderOf, requireReachable } from './builds.js';
import { type StoredArchive, storeArchive } from './builds-archive.js';
import { type BuildSpecInput, checkBuildSpec, vaultKeysOf } from './builds-inputs.js';
import { CapabilityNotSupportedError } from './errors.js';
import type { StoredBuildSpec } from './model.js';
import type { CommandContext } from './on-instance.js';
import { enqueueOperation } from './operation-queue.js';
import { requireCapability } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { Problems } from './spec-validation.js';

/** A checked build of one service, its archive stored, to be queued ahead of its operation. */
export interface BuildAhead {
  service: string;
  spec: Omit<StoredBuildSpec, 'archive'>;
  archive?: StoredArchive;
}

/**
 * Checks the `build:` of each service (by field, under `at`), the builder and
 * the vault keys, then stores the archives. Empty when no service builds.
 */
export async function checkBuildsAhead(
  ctx: CommandContext,
  caller: Principal,
  services: readonly { name: string; build?: BuildSpecInput | null }[],
  at: (string | number)[],
  instanceProvider: string,
): Promise<BuildAhead[]> {
  const wanted = services.map((s, i) => ({ s, i })).filter(({ s }) => s.build != null);
  if (wanted.length === 0) return [];
  const config = ctx.builds;
  if (!config) throw new CapabilityNotSupportedError('build', instanceProvider, 'this server runs no builds');
  const p = new Problems();
  const checked = wanted.map(({ s, i }) => {
    const path = [...at, i, 'build'];
    const spec = checkBuildSpec(p, s.build!, path, config.gitAllowLocal);
    return { s, i, path, spec };
  });
  p.throwIfAny();
  const keys = checked.flatMap((c) => vaultKeysOf(c.spec, c.path));
  const missing = new Set(
    await ctx.secrets.missing(
      caller.tenantId,
      keys.map((k) => k.key),
    ),
  );
  for (const k of keys) if (missing.has(k.key)) p.add(k.path, `no secret "${k.key}" in the vault`);
  p.throwIfAny();
  const builder = builderOf(ctx.registry, config);
  requireCapability(builder.provider, builder.key, 'build');
  requireReachable(ctx.registry, config, instanceProvider, builder.key, [...at, checked[0]!.i, 'build']);
  const out: BuildAhead[] = [];
  try {
    for (const c of checked) {
      const upload = c.s.build!.source.archive;
      const file = upload ? await upload : undefined;
      const archive = file
        ? await storeArchive(ctx.db, caller.tenantId, file, config.archiveMaxBytes, [...c.path, 'source', 'archive'])
        : undefined;
      out.push({ service: c.s.name, spec: c.spec, ...(archive ? { archive } : {}) });
    }
  } catch (err) {
    await dropArchives(ctx, out);
    throw err;
  }
  return out;
}

/**
 * The request as its idempotency key remembers it: each uploaded archive
 * replaced by its digest (an upload's bytes are not in the request's JSON, so
 * without this a retry with other bytes under the same key would be answered
 * with the first request's operation instead of a conflict).
 */
export function withArchiveDigests<T extends { services?: readonly { name: string; build?: BuildSpecInput | null }[] }>(
  input: T,
  ahead: readonly BuildAhead[],
): T {
  if (!ahead.some((a) => a.archive)) return input;
  const digest = new Map(ahead.map((a) => [a.service, a.archive?.sha256]));
  return {
    ...input,
    services: input.services?.map((s) =>
      s.build?.source.archive != null
        ? { ...s, build: { ...s.build, source: { ...s.build.source, archive: { sha256: digest.get(s.name) } } } }
        : s,
    ),
  };
}

/** Removes the archives of builds that were not queued (a refused or retried request). */
export async function dropArchives(ctx: { db: CommandContext['db'] }, ahead: readonly BuildAhead[]): Promise<void> {
  for (const a of ahead) if (a.archive) await builds.deleteArchive(ctx.db, a.archive.id).catch(() => {});
}

/**
 * Queues the builds in `tx`, before the operation `forOperationId` is queued
 * (so they come first), and returns their ids for its `awaitsBuilds`.
 */
export async function queueBuildsAhead(
  tx: DbTransaction,
  row: InstanceRow,
  caller: Principal,
  ahead: readonly BuildAhead[],
  forOperationId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const a of ahead) {
    const id = randomUUID();
    const op = await enqueueOperation(tx, {
      instance: row,
      kind: 'build',
      params: {},
      caller,
      message: `build of ${a.service} queued`,
      data: { kind: 'build', buildId: id, service: a.service },
    });
    const spec: StoredBuildSpec = {
      ...a.spec,
      ...(a.archive ? { archive: { sha256: a.archive.sha256 } } : {}),
      forOperationId,
    };
    await builds.insertBuild(tx, {
      id,
      tenant_id: caller.tenantId,
      instance_id: row.id,
      operation_id: op.id,
      service: a.service,
      status: 'queued',
      spec: json(spec),
      source: json(
        a.spec.git
          ? { kind: 'git', url: redactUrl(a.spec.git.url), ref: a.spec.git.ref }
          : { kind: 'archive', archiveSha256: a.archive?.sha256 },
      ),
      archive_id: a.archive?.id ?? null,
    });
    ids.push(id);
  }
  return ids;
}
