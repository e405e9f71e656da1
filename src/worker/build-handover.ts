import { toBuild } from '../control/builds-model.js';
import { DomainError } from '../control/errors.js';
import { deploy } from '../control/instance-deploy.js';
import type { Operation, StoredBuildSpec } from '../control/model.js';
import type { BlueGreenInput, CanaryInput } from '../control/rollout-inputs.js';
import { Scopes } from '../control/scopes.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import * as builds from '../db/repositories/build-repository.js';
import { OperationFailure } from './operation-failures.js';
import type { BuildContext } from './perform-build.js';

/** A token id standing for no token (a build queued by the system): events show no actor. */
const NO_TOKEN = '00000000-0000-0000-0000-000000000000';

/**
 * Hands a built image on. For buildService (`deploy`): a deploy of the
 * service with the image, queued by deployInstance's own control path with
 * the build's strategy, as the token that asked for the build (idempotent by
 * the build's id, so a re-run after a crash finds the same deploy). For a
 * provision or deploy from source (`forOperationId`): the image is written
 * into that queued operation, its release and the instance's spec. Either
 * way the build records the release. Returns the step's message.
 */
export async function handOverImage(
  ctx: BuildContext,
  op: Operation,
  build: { id: string; service: string; spec: StoredBuildSpec; image: string },
): Promise<string> {
  const { spec } = build;
  if (spec.forOperationId) {
    const forOp = spec.forOperationId;
    const releaseId = await withTransaction(ctx.db, (tx) =>
      builds.writeBuiltImage(tx, forOp, build.service, build.image),
    );
    if (releaseId) await builds.linkBuildRelease(ctx.db, build.id, releaseId);
    return `${build.service}=${build.image} handed to the operation queued behind the build`;
  }
  const d = spec.deploy;
  if (!d) return 'not deployed (deploy: false)';
  const caller = { tenantId: op.tenantId, tokenId: d.requestedBy ?? NO_TOKEN, scopes: new Set([Scopes.deploy]) };
  try {
    const queued = await deploy(
      { db: ctx.db, registry: ctx.registry, secrets: ctx.secrets, signal: ctx.signal },
      caller,
      {
        instanceId: op.instanceId,
        services: [{ name: build.service, image: build.image }],
        strategy: d.strategy as 'rolling',
        ...(d.canary ? { canary: d.canary as CanaryInput } : {}),
        ...(d.blueGreen ? { blueGreen: d.blueGreen as BlueGreenInput } : {}),
        idempotencyKey: `build:${build.id}`,
      },
    );
    if (queued.operation.releaseId) await builds.linkBuildRelease(ctx.db, build.id, queued.operation.releaseId);
    return `deploy of ${build.service}=${build.image} queued (${d.strategy})`;
  } catch (err) {
    // The image is built (the build SUCCEEDED); the deploy was refused: the operation says why.
    if (err instanceof DomainError)
      throw new OperationFailure('DEPLOY_REFUSED', `the deploy was refused: ${err.message}`);
    throw err;
  }
}

/**
 * Refuses to run a provision or deploy from source unless every build queued
 * ahead of it SUCCEEDED (their images are then in its specs): a failed build
 * fails it before the workload is touched, naming the service and why.
 */
export async function requireBuilt(db: DbHandle, buildIds: readonly string[]): Promise<void> {
  const found = (await builds.findBuildsByIdsAnyTenant(db, buildIds)).map(toBuild);
  for (const id of buildIds) {
    const b = found.find((x) => x.id === id);
    if (!b) throw new OperationFailure('BUILD_FAILED', 'a build this operation waits for no longer exists');
    if (b.status !== 'succeeded')
      throw new OperationFailure(
        'BUILD_FAILED',
        `the build of service ${b.service} ${b.status === 'canceled' ? 'was canceled' : `failed: ${b.error ?? b.status}`}`,
      );
  }
}
