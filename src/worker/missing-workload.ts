/**
 * Tells a missing workload from a missing part of one. A deploy or restart of
 * an instance whose provision failed before it created anything (a missing
 * image, a refused spec) finds nothing to change; the executor then creates
 * the instance as a provision would (see performOperation), as the supervisor
 * already does for a workload gone from its provider.
 */
import type { CallContext, Provider } from '../providers/provider.js';
import { isProviderError } from '../providers/provider-errors.js';

/**
 * True when `err` is the provider's not_found and the instance has no
 * workload at all: its status read is not_found too. A deploy naming a
 * service the workload lacks is also not_found, but its status reads, so it
 * stays the error it is (creating the instance again would not be a fix).
 */
export async function isWorkloadMissing(
  provider: Provider,
  ctx: CallContext,
  instanceId: string,
  err: unknown,
): Promise<boolean> {
  if (!isProviderError(err, 'not_found')) return false;
  try {
    await provider.status(ctx, instanceId);
    return false;
  } catch (statusErr) {
    return isProviderError(statusErr, 'not_found');
  }
}
