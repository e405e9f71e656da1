import type { ReleaseRow, RouteRow } from '../db/database.js';
import * as releases from '../db/repositories/release-repository.js';
import * as routeRows from '../db/repositories/route-repository.js';
import { canaryNeedsRoute, measuresLatency } from '../providers/progressive.js';
import type { DeployStrategy, Provider } from '../providers/provider.js';
import { ValidationError } from './errors.js';
import type { Enqueued } from './idempotency.js';
import type { RollbackInput } from './instance-inputs.js';
import type { StoredServiceSpec } from './model.js';
import { type CommandContext, onInstance, requireStrategy, routedServices } from './on-instance.js';
import { requireCapability } from './provider-calls.js';
import { checkStrategyInputs, refuseUnmeasuredLatency, startingRollout } from './rollout-inputs.js';
import type { Principal } from './scopes.js';
import { checkSetChange } from './service-set-change.js';
import { Problems } from './spec-validation.js';

/**
 * A new release with the specs of an earlier one (a source release: its
 * rendered source), by ROLLING, or by a CANARY or BLUE_GREEN rollout (behind
 * the services' routes where the provider's canary engine splits at an edge).
 */
export async function rollback(ctx: CommandContext, caller: Principal, input: RollbackInput): Promise<Enqueued> {
  const strategy: DeployStrategy = input.strategy ?? 'rolling';
  const p = new Problems();
  checkStrategyInputs(p, strategy, input.canary, input.blueGreen);
  if (strategy === 'recreate') p.add(['input', 'strategy'], 'a rollback is ROLLING, CANARY or BLUE_GREEN');
  p.throwIfAny();
  return onInstance(ctx, caller, input, 'rollback', 'rollback', async (tx, row, provider) => {
    requireCapability(provider, row.provider_key, 'deploy');
    requireStrategy(provider, row.provider_key, strategy);
    const latency = new Problems();
    refuseUnmeasuredLatency(latency, measuresLatency(provider), input.canary, input.blueGreen);
    latency.throwIfAny();
    const target = (await releases.findReleasesByIds(tx, caller.tenantId, [input.releaseId]))[0];
    if (!target || target.instance_id !== row.id) {
      throw ValidationError.of(['input', 'releaseId'], 'no such release of this instance');
    }
    // A source release is re-applied as it was rendered then (its documents, or its Application).
    if (target.source) {
      return { source: target.source, strategy: 'rolling', rolledBackFrom: target.id, snapshots: [] };
    }
    const snapshots = target.snapshots;
    const current = row.services;
    const changed = current
      .map((s): StoredServiceSpec | undefined => {
        const snap = snapshots.find((x) => x.name === s.name);
        if (!snap) return undefined;
        return {
          ...s,
          image: snap.image,
          env: { ...snap.env },
          ports: snap.ports,
          ...(snap.command ? { command: snap.command } : {}),
          ...(snap.args ? { args: snap.args } : {}),
          ...(snap.resources ? { resources: snap.resources } : {}),
          // A release that records the whole spec restores what a deploy changed in place too.
          ...(snap.spec
            ? { dependsOn: snap.spec.dependsOn, secrets: snap.spec.secrets, volumes: snap.spec.volumes }
            : {}),
        };
      })
      .filter((s): s is StoredServiceSpec => !!s);
    // The release's set of services comes back too: what it lacked is removed, what it had is added again.
    const routes = await routeRows.listInstanceRoutes(tx, row.tenant_id, row.id);
    const set = restoredSet(target, current, routes, provider, strategy);
    if (strategy === 'canary' || strategy === 'blue_green') {
      // Only an engine that splits at an edge needs the services routed (see CanaryEngine.needsRoute).
      const routed = canaryNeedsRoute(provider) ? await routedServices(tx, row) : undefined;
      const unrouted = routed ? changed.filter((c) => !routed.has(c.name)).map((c) => c.name) : [];
      if (unrouted.length > 0)
        throw ValidationError.of(
          ['input', 'strategy'],
          `a ${strategy === 'canary' ? 'canary' : 'blue-green rollout'} needs a route; ${unrouted.join(', ')} has no route: roll back with ROLLING`,
        );
      const rollout = startingRollout(
        strategy,
        input.canary,
        input.blueGreen,
        changed.map((c) => c.name),
      );
      return { changed, strategy, rolledBackFrom: target.id, snapshots, rollout, ...set };
    }
    return { changed, strategy: 'rolling', rolledBackFrom: target.id, snapshots, ...set };
  });
}

/**
 * The services to add and remove so the instance has the set `target` had,
 * each checked as a deploy's would be; every refusal names the release
 * (`input.releaseId`), with the reason.
 */
function restoredSet(
  target: ReleaseRow,
  current: readonly StoredServiceSpec[],
  routes: readonly RouteRow[],
  provider: Pick<Provider, 'serviceSetFixed'>,
  strategy: DeployStrategy,
): { added?: StoredServiceSpec[]; removed?: string[] } {
  const removed = current.filter((s) => !target.snapshots.some((x) => x.name === s.name)).map((s) => s.name);
  const back = target.snapshots.filter((x) => !current.some((s) => s.name === x.name));
  if (removed.length === 0 && back.length === 0) return {};
  const at = ['input', 'releaseId'];
  const names = [...back.map((x) => `+${x.name}`), ...removed.map((n) => `-${n}`)].join(' ');
  const refuse = (why: string): never => {
    throw ValidationError.of(at, `release v${target.version} has another set of services (${names}): ${why}`);
  };
  if (provider.serviceSetFixed) refuse(provider.serviceSetFixed);
  if (strategy === 'canary' || strategy === 'blue_green') refuse('roll back with ROLLING');
  const added = back.map(
    (x) => x.spec ?? refuse(`it does not record service ${x.name}'s whole spec (older than in-place service changes)`),
  );
  const p = new Problems();
  checkSetChange(p, current, { added, removed }, routes);
  if (p.list.length > 0) refuse(p.list.map((e) => e.message).join('; '));
  return { added, removed };
}
