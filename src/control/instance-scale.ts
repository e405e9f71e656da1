import { refuseUnfollowedPolicy, requireRouteForScaleToZero, withAutoscaledReplicas } from './autoscale-validation.js';
import { ConflictError, ValidationError } from './errors.js';
import type { Enqueued } from './idempotency.js';
import type { ScaleInput } from './instance-inputs.js';
import { type CommandContext, onInstance, routedServices } from './on-instance.js';
import { requireCapability } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { checkNoNul, checkResources, Problems } from './spec-validation.js';

/**
 * Changes one service's resources, replicas or autoscaling policy (the main
 * service when none is named). No release: a scale is not a new version.
 */
export async function scale(ctx: CommandContext, caller: Principal, input: ScaleInput): Promise<Enqueued> {
  const p = new Problems();
  checkNoNul(p, input, ['input']);
  p.throwIfAny();
  const resources = checkResources(p, input.resources, ['input', 'resources'], 0, 'later');
  // An explicit null removes the service's autoscaling policy.
  const removesPolicy = input.resources?.autoscale === null;
  if (Object.keys(resources).length === 0 && !removesPolicy)
    p.add(['input', 'resources'], 'must change at least one of cpuMillis, memoryMb, diskMb, replicas, gpu, autoscale');
  p.throwIfAny();
  return onInstance(ctx, caller, input, 'scale', 'scale', async (tx, row, provider) => {
    requireCapability(provider, row.provider_key, 'scale');
    if (resources.gpu) requireCapability(provider, row.provider_key, 'gpu');
    if (resources.autoscale) requireCapability(provider, row.provider_key, 'autoscale');
    const current = row.services;
    const target = input.service
      ? current.find((s) => s.name === input.service)
      : current.find((s) => s.role === 'main');
    if (!target) throw ValidationError.of(['input', 'service'], `the instance has no service "${input.service}"`);
    if (target.role === 'init')
      throw ValidationError.of(['input', 'service'], 'an INIT service runs once and cannot be scaled');
    const zero = new Problems();
    refuseUnfollowedPolicy(zero, provider.engines.autoscaler, resources.autoscale, ['input', 'resources', 'autoscale']);
    requireRouteForScaleToZero(zero, resources.autoscale, (await routedServices(tx, row)).has(target.name), [
      'input',
      'resources',
      'autoscale',
    ]);
    zero.throwIfAny();
    const owned = target.resources.autoscale;
    if (owned && resources.replicas !== undefined && !resources.autoscale && !removesPolicy)
      throw new ConflictError(
        `the autoscaler owns the replicas of service ${target.name} (autoscale ${owned.minReplicas}–${owned.maxReplicas}); ` +
          'change or remove its policy (resources.autoscale) to set replicas by hand',
      );
    const merged = { ...target.resources, ...resources };
    if (removesPolicy) delete merged.autoscale;
    const next = withAutoscaledReplicas(merged, resources.replicas ?? target.resources.replicas ?? 1);
    const policyChanged = !!resources.autoscale || (removesPolicy && !!owned);
    return {
      changed: [{ ...target, resources: next }],
      service: target.name,
      // The provider gets the replicas the policy brought within its bounds, and the policy (null: removed).
      resources: {
        ...resources,
        ...(next.replicas !== merged.replicas ? { replicas: next.replicas } : {}),
        ...(policyChanged ? { autoscale: resources.autoscale ?? null } : {}),
      },
      noRelease: true,
    };
  });
}
