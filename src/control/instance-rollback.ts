import * as releases from '../db/repositories/release-repository.js';
import { canaryNeedsRoute, measuresLatency } from '../providers/progressive.js';
import type { DeployStrategy } from '../providers/provider.js';
import { ValidationError } from './errors.js';
import type { Enqueued } from './idempotency.js';
import type { RollbackInput } from './instance-inputs.js';
import type { StoredServiceSpec } from './model.js';
import { type CommandContext, onInstance, requireStrategy, routedServices } from './on-instance.js';
import { requireCapability } from './provider-calls.js';
import { checkStrategyInputs, refuseUnmeasuredLatency, startingRollout } from './rollout-inputs.js';
import type { Principal } from './scopes.js';
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
        };
      })
      .filter((s): s is StoredServiceSpec => !!s);
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
      return { changed, strategy, rolledBackFrom: target.id, snapshots, rollout };
    }
    return { changed, strategy: 'rolling', rolledBackFrom: target.id, snapshots };
  });
}
