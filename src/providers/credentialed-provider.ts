import { BACKEND_CALLS, type CallContext, type Provider, SOURCE_CALLS } from './provider.js';
import type { CredentialsResolver } from './registry.js';

/** Methods whose first argument is the call's context (the contract's and its optional extensions'). */
const CONTEXT_METHODS = new Set<string | symbol>([
  ...BACKEND_CALLS,
  'healthCheck',
  'managedWorkloads',
  'refreshInfo',
  ...SOURCE_CALLS,
]);

/**
 * `provider`, with the credentials `resolver` gives for `key` attached to
 * every call whose context carries none. Registry.acquire attaches them for
 * the calls that go through it; this covers the rest (the supervisor's
 * observations, health checks, live resources), so a provider configured
 * with a vault credential never falls back to another identity. Everything
 * else, and `instanceof`, behaves as the provider itself.
 */
export function withCredentialsFor(provider: Provider, key: string, resolver: CredentialsResolver): Provider {
  return new Proxy(provider, {
    get(target, prop) {
      // The provider itself as receiver: its getters and methods use private fields a proxy does not have.
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || !CONTEXT_METHODS.has(prop)) {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (ctx: CallContext = {}, ...rest: unknown[]) => {
        const credentials = ctx.credentials ?? (await resolver.resolveCredentials(ctx.signal, key));
        return value.apply(target, [{ ...ctx, ...(credentials ? { credentials } : {}) }, ...rest]);
      };
    },
  });
}
