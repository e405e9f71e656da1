/**
 * Blue-green (Argo Rollouts' bluegreen): the new set runs beside the old one
 * taking none of the services' requests; a preview route (a host of its own
 * at the edge) serves it while the rollout holds; on promotion every request
 * switches to it at once, and the old set stays for the scale-down delay, an
 * instant way back, before it goes. A service without a route has no
 * preview at the edge: on an engine that needs no route (Kubernetes' preview
 * Service), its new set is reached inside the cluster until the switch.
 */
import { closePreviews, openPreviews, previewsServed } from '../control/route-previews.js';
import { OperationFailure } from './operation-failures.js';
import type { RolloutRecord, RolloutRunContext } from './rollout-context.js';
import { HOLD_TICK_MS, sleepOrAbort, waitUntil } from './rollout-hold.js';

/** How long the edge may take to serve a blue-green preview (its driver renders every couple of seconds). */
const PREVIEW_WAIT_MS = 30_000;
/** The old set's stay after the switch when the rollout names none. */
const DEFAULT_SCALE_DOWN_DELAY_SECONDS = 30;

/** Opens the new set's previews at the edge, once, and records the first one's url (when a service has a route). */
export async function openPreview(ctx: RolloutRunContext, record: RolloutRecord): Promise<void> {
  if (record.current.previewUrl) return;
  const url = await servePreviews(ctx, record);
  if (url)
    await record.save({ ...record.current, previewUrl: url }, 'rollout.preview', `the new release is served at ${url}`);
}

/**
 * Switches every request to the new set (once: a resumed rollout finds the
 * switch recorded), closes the previews, and keeps the old set until the
 * scale-down delay after the switch is over.
 */
export async function switchOver(ctx: RolloutRunContext, record: RolloutRecord): Promise<void> {
  const delaySeconds = record.current.scaleDownDelaySeconds ?? DEFAULT_SCALE_DOWN_DELAY_SECONDS;
  if (!record.current.switchedAt) {
    // One batch of weight changes per backend: the route goes from the old set to the new one at once.
    await ctx.canary.setCanaryWeight(ctx.call, record.set, 100);
    await record.save(
      { ...record.current, switchedAt: new Date().toISOString(), canaryWeight: 100 },
      'rollout.switched',
      `every request goes to the new release; the old set stays ${delaySeconds}s`,
    );
  }
  await closePreviews(ctx.db, ctx.op.instanceId, record.set.releaseId);
  // Kept for an instant way back, from the switch's recorded time (a resumed rollout does not wait again).
  const until = Date.parse(record.current.switchedAt ?? new Date().toISOString()) + delaySeconds * 1000;
  await waitUntil(ctx, until);
}

/** Closes the new set's previews (an aborted rollout's): the edge stops serving them on its next render. */
export function closePreview(ctx: RolloutRunContext, record: RolloutRecord): Promise<void> {
  return closePreviews(ctx.db, ctx.op.instanceId, record.set.releaseId);
}

/**
 * Opens a preview beside each routed service and waits (bounded) until the
 * edge serves them; returns the first one's url. Null when no service has a
 * route and the engine needs none: its new set is reached inside the
 * platform only (Kubernetes' preview Service) until the switch.
 */
async function servePreviews(ctx: RolloutRunContext, record: RolloutRecord): Promise<string | null> {
  const { set } = record;
  const needsRoute = ctx.canary.needsRoute !== false;
  const traffic = ctx.provider.engines.traffic;
  if (!traffic) {
    if (!needsRoute) return null;
    throw new OperationFailure('CAPABILITY_NOT_SUPPORTED', 'this provider has no edge');
  }
  const edge = await traffic.edge(ctx.call);
  const instance = { id: ctx.op.instanceId, tenantId: ctx.op.tenantId, providerKey: ctx.providerKey };
  const url = await openPreviews(ctx.db, instance, set.services, set.releaseId, edge, {
    unrouted: needsRoute ? 'refuse' : 'skip',
  });
  if (!url) {
    if (!needsRoute) return null;
    throw new OperationFailure('INVALID_SPEC', 'a blue-green rollout needs a route on every service');
  }
  const deadline = Date.now() + PREVIEW_WAIT_MS;
  while (!(await previewsServed(ctx.db, ctx.op.instanceId, set.releaseId))) {
    if (Date.now() > deadline) throw new OperationFailure('TIMEOUT', 'the edge did not serve the preview in time');
    await sleepOrAbort(ctx, HOLD_TICK_MS);
  }
  return url;
}
