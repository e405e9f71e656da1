import type { Provider } from '../providers/provider.js';
import { acquireProvider } from './provider-calls.js';
import { Problems } from './spec-validation.js';

/** How long the provider may take to say whether it enforces sizes (Docker creates a probe volume). */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * Refuses every `sizeMb` the provider cannot enforce, naming the field and the
 * provider's reason: a size silently ignored would promise a limit that is not
 * there (issue 39). Providers without `volumeSizeRefusal` enforce sizes.
 */
export async function refuseUnenforcedSizes(
  registry: Parameters<typeof acquireProvider>[0],
  providerKey: string,
  provider: Provider,
  services: readonly { volumes?: readonly { sizeMb?: number | null }[] | null }[],
): Promise<void> {
  const sized = services.flatMap((s, i) =>
    (s.volumes ?? []).flatMap((v, j) => (v.sizeMb != null ? [['input', 'services', i, 'volumes', j, 'sizeMb']] : [])),
  );
  if (sized.length === 0 || !provider.volumeSizeRefusal) return;
  const { ctx } = await acquireProvider(registry, providerKey, AbortSignal.timeout(PROBE_TIMEOUT_MS));
  const reason = await provider.volumeSizeRefusal(ctx);
  if (!reason) return;
  const p = new Problems();
  for (const at of sized) p.add(at, reason);
  p.throwIfAny();
}
