import type { LogOptions, LogStream } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { InvalidStateError } from './errors.js';
import type { Instance } from './model.js';
import { acquireProvider, callProvider, requireCapability } from './provider-calls.js';

/**
 * A provider's log stream for one instance, ready to open. Resolving the
 * provider and checking its `logs` capability come first (`prepare`), so a
 * caller can take its stream lease before any request reaches the provider.
 */
export interface LogSource {
  /** Opens the stream at the provider; the typed domain error when it cannot. */
  open(opts: LogOptions): Promise<LogStream>;
  /** Lets go of the provider context (credentials lookup, pending calls); call once the stream is done or failed. */
  release(): void;
}

/** Log streams of instances, through the provider each runs on. */
export class InstanceLogs {
  constructor(private readonly registry: Registry) {}

  async prepare(instance: Instance): Promise<LogSource> {
    const abort = new AbortController();
    const { provider, ctx } = await acquireProvider(this.registry, instance.providerKey, abort.signal);
    requireCapability(provider, instance.providerKey, 'logs');
    return {
      open: (opts) =>
        callProvider(
          instance.providerKey,
          () => new InvalidStateError(instance.state, 'stream the logs of'),
          () => provider.logs(ctx, instance.id, opts),
        ),
      release: () => abort.abort(),
    };
  }
}
