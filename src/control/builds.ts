/**
 * Builds from source (issue 33), the control side: `buildService` checks a
 * build, stores its uploaded archive and queues a BUILD operation with its
 * `builds` row; the reads (a build, an instance's builds, a build's log
 * lines). The worker runs the build (worker/perform-build.ts) and, unless
 * `deploy: false`, deploys the image through `deployInstance`'s own path.
 */
import { randomUUID } from 'node:crypto';
import type { BuildConfig } from '../config.js';
import { type DbHandle, json } from '../db/db-types.js';
import * as builds from '../db/repositories/build-repository.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { Provider } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { redactUrl } from './build-paths.js';
import { storeArchive } from './builds-archive.js';
import { type BuildServiceInput, checkBuildSpec, vaultKeysOf } from './builds-inputs.js';
import { type Build, toBuild } from './builds-model.js';
import { CapabilityNotSupportedError, NotFoundError, ValidationError } from './errors.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf } from './idempotency.js';
import type { StoredBuildSpec } from './model.js';
import { requireStrategy } from './on-instance.js';
import { enqueueOperation } from './operation-queue.js';
import type { OperationSignal } from './operation-signal.js';
import { providerFor, requireCapability } from './provider-calls.js';
import { checkStrategyInputs } from './rollout-inputs.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';
import { checkNoNul, Problems } from './spec-validation.js';
import { assertAllowed } from './state-machine.js';

/** What buildService answers: the queued build and its operation. */
export interface BuildQueued extends Enqueued {
  build: Build;
}

/** Where builds run: the builder provider's key and engine. */
export interface Builder {
  key: string;
  provider: Provider;
}

/**
 * The provider whose engine builds: WHEELHOUSE_BUILDER, else the default
 * provider when it is a Docker provider, else the first Docker provider, else
 * the default one (which then answers CapabilityNotSupportedError).
 */
export function builderOf(registry: Registry, config: BuildConfig): Builder {
  if (config.builder) {
    try {
      return registry.resolve(config.builder);
    } catch {
      throw new CapabilityNotSupportedError('build', config.builder, 'WHEELHOUSE_BUILDER names no registered provider');
    }
  }
  const fallback = registry.resolveDefault();
  if (fallback.provider.engines.builder) return fallback;
  for (const [key, provider] of registry.all()) if (provider.info().name === 'docker') return { key, provider };
  return fallback;
}

/**
 * An instance on another provider than the builder's pulls the image: only a
 * registry makes it reachable there (WHEELHOUSE_BUILD_REGISTRY); else a
 * ValidationError at `path` that says so.
 */
export function requireReachable(
  registry: Registry,
  config: BuildConfig,
  instanceProvider: string,
  builderKey: string,
  path: (string | number)[],
): void {
  if (config.registry) return;
  let instanceKey = instanceProvider;
  try {
    instanceKey = registry.resolve(instanceProvider).key;
  } catch {
    // an unknown provider is named as given
  }
  if (instanceKey !== builderKey)
    throw ValidationError.of(
      path.map(String),
      `the instance runs on provider "${instanceKey}" but images are built on "${builderKey}"'s engine and stay there: ` +
        'set WHEELHOUSE_BUILD_REGISTRY so the instance can pull them',
    );
}

/** The control side of builds. */
export class BuildService {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
    private readonly secrets: SecretService,
    private readonly signal: OperationSignal,
    private readonly config: BuildConfig,
  ) {}

  /**
   * Checks and queues a build of one service (buildService). The archive is
   * stored first (outside the enqueue's transaction: it may be large) and
   * removed again when the request turns out to be a retry or is refused.
   */
  async request(caller: Principal, input: BuildServiceInput): Promise<BuildQueued> {
    const p = new Problems();
    const { archive: upload, ...gitOnly } = input.build.source;
    checkNoNul(p, { ...input, build: { ...input.build, source: gitOnly } }, ['input']);
    p.throwIfAny();
    const at = ['input', 'build'];
    const spec = checkBuildSpec(p, input.build, at, this.config.gitAllowLocal);
    const deploy = input.deploy ?? true;
    const strategy = input.strategy ?? 'rolling';
    if (deploy) checkStrategyInputs(p, strategy, input.canary, input.blueGreen);
    else if (input.canary || input.blueGreen || (input.strategy && input.strategy !== 'rolling'))
      p.add(['input', 'deploy'], 'a strategy applies only to a build that deploys');
    p.throwIfAny();
    const keys = vaultKeysOf(spec, at);
    const missing = new Set(
      await this.secrets.missing(
        caller.tenantId,
        keys.map((k) => k.key),
      ),
    );
    for (const k of keys) if (missing.has(k.key)) p.add(k.path, `no secret "${k.key}" in the vault`);
    p.throwIfAny();

    const row = await instances.findInstance(this.db, caller.tenantId, input.instanceId);
    if (!row) throw new NotFoundError('instance');
    if (row.source_type !== 'services')
      throw ValidationError.of(['input', 'instanceId'], `this instance runs a ${row.source_type} source, not services`);
    if (!row.services.some((s) => s.name === input.service))
      throw ValidationError.of(['input', 'service'], `the instance has no service "${input.service}"`);
    const builder = builderOf(this.registry, this.config);
    requireCapability(builder.provider, builder.key, 'build');
    requireReachable(this.registry, this.config, row.provider_key, builder.key, ['input', 'instanceId']);
    if (deploy) {
      const provider = providerFor(this.registry, row.provider_key);
      requireCapability(provider, row.provider_key, 'deploy');
      requireStrategy(provider, row.provider_key, strategy);
    }

    const file = upload ? await upload : undefined;
    const stored = file
      ? await storeArchive(this.db, caller.tenantId, file, this.config.archiveMaxBytes, [...at, 'source', 'archive'])
      : undefined;
    const full: StoredBuildSpec = {
      ...spec,
      ...(stored ? { archive: { sha256: stored.sha256 } } : {}),
      ...(deploy
        ? {
            deploy: {
              strategy,
              ...(input.canary ? { canary: input.canary } : {}),
              ...(input.blueGreen ? { blueGreen: input.blueGreen } : {}),
              requestedBy: caller.tokenId,
            },
          }
        : {}),
    };
    // What a retry is recognised by: the request with the archive's digest in place of its bytes.
    const hashed = {
      ...input,
      build: { ...input.build, source: { ...gitOnly, ...(stored ? { archiveSha256: stored.sha256 } : {}) } },
    };
    const buildId = randomUUID();
    let enqueued: Enqueued;
    try {
      enqueued = await enqueueIdempotent(
        { db: this.db, signal: this.signal },
        caller,
        hashed,
        'build',
        input.instanceId,
        async (tx) => {
          const locked = await instances.lockInstance(tx, caller.tenantId, input.instanceId);
          if (!locked) throw new NotFoundError('instance');
          assertAllowed('deploy', locked.state, locked.desired_state);
          const op = await enqueueOperation(tx, {
            instance: locked,
            kind: 'build',
            params: {},
            caller,
            idempotency: idempotencyOf('build', hashed),
            message: `build of ${input.service} queued`,
            data: { kind: 'build', buildId, service: input.service },
          });
          await builds.insertBuild(tx, {
            id: buildId,
            tenant_id: caller.tenantId,
            instance_id: locked.id,
            operation_id: op.id,
            service: input.service,
            status: 'queued',
            spec: json(full),
            source: json(
              spec.git
                ? { kind: 'git', url: redactUrl(spec.git.url), ref: spec.git.ref }
                : { kind: 'archive', archiveSha256: stored?.sha256 },
            ),
            archive_id: stored?.id ?? null,
          });
          return { instanceRow: locked, opRow: op };
        },
      );
    } catch (err) {
      if (stored) await builds.deleteArchive(this.db, stored.id).catch(() => {});
      throw err;
    }
    const build = await builds.findBuildByOperation(this.db, enqueued.operation.id);
    if (!build) throw new NotFoundError('build');
    // A retry answered the first request's build: the archive stored for this one is not needed.
    if (stored && build.archive_id !== stored.id) await builds.deleteArchive(this.db, stored.id).catch(() => {});
    return { ...enqueued, build: toBuild(build) };
  }

  async find(tenantId: string, id: string): Promise<Build | undefined> {
    const row = await builds.findBuild(this.db, tenantId, id);
    return row && toBuild(row);
  }

  async byIds(tenantId: string, ids: readonly string[]): Promise<Build[]> {
    return (await builds.findBuildsByIds(this.db, tenantId, ids)).map(toBuild);
  }

  async byOperationIds(tenantId: string, operationIds: readonly string[]): Promise<Build[]> {
    return (await builds.findBuildsByOperationIds(this.db, tenantId, operationIds)).map(toBuild);
  }

  /** A page of an instance's builds, newest first. */
  async forInstance(
    tenantId: string,
    instanceId: string,
    limit: number,
    before?: { createdAt: Date; id: string },
  ): Promise<Build[]> {
    const rows = await builds.listInstanceBuilds(this.db, tenantId, instanceId, {
      limit,
      ...(before ? { before } : {}),
    });
    return rows.map(toBuild);
  }
}
