/**
 * The one wrapper every registered provider goes through (Registry.register):
 * each call of the contract and each call of every engine gets the provider's
 * credentials, when its context carries none, and is reported to an observer
 * (the /metrics counters and timings) by name and outcome. Which members are
 * calls needs no list of engine methods: by the rule engines.ts checks, every
 * function member of an engine is a call taking the context first; the
 * contract's own calls are PROVIDER_CALLS, which the compiler keeps whole.
 *
 * Everything else (info, capabilities, plain data, a class's own extras) and
 * `instanceof` behave as the provider itself.
 */
import type { EngineCall, ProviderEngines } from './engines.js';
import type { CallContext, Credentials, Provider } from './provider.js';

/** How one call ended: what the observer is told. */
export interface CallOutcome {
  /** Seconds from the call to its end. */
  seconds: number;
  /** What it threw; absent when it succeeded. */
  error?: unknown;
}

/** What the wrapper does around each call. Read at each call, so either may be set after registration. */
export interface CallHooks {
  /** The credentials for a call whose context carries none; undefined: the provider authenticates as configured. */
  credentials(signal: AbortSignal | undefined): Promise<Credentials | undefined>;
  /** Told when each call ends: its name (`provision`, `applyRoutes`, `sampleCpu`, …) and outcome. */
  observe(call: string, outcome: CallOutcome): void;
}

/** The names of the contract's members that reach the backend: those taking the call's context first. */
export type ProviderCallName = {
  [K in keyof Provider]-?: NonNullable<Provider[K]> extends EngineCall ? K : never;
}[keyof Provider];

/**
 * The contract's calls, each named once: what the call hooks (credentials,
 * /metrics timing) wrap on the provider itself. The compiler keeps it whole:
 * a member added to `Provider` that takes a context first and is not named
 * here fails the assignment below (engines need no such list, see engines.ts).
 */
export const PROVIDER_CALLS = [
  'provision',
  'deprovision',
  'start',
  'stop',
  'restart',
  'heal',
  'status',
  'deploy',
  'rollback',
  'scale',
  'resources',
  'logs',
  'exec',
  'healthCheck',
  'refreshInfo',
  'managedWorkloads',
  'deleteKeptVolume',
  'volumeSizeRefusal',
  'imageUpdates',
] as const satisfies readonly ProviderCallName[];
type UnlistedCalls = Exclude<ProviderCallName, (typeof PROVIDER_CALLS)[number]>;
const providerCallsListed: [UnlistedCalls] extends [never] ? true : UnlistedCalls = true;
void providerCallsListed;

const CONTRACT_CALLS: ReadonlySet<PropertyKey> = new Set(PROVIDER_CALLS);

/** `provider` with every call of the contract and of its engines passing through `hooks`. */
export function withCallHooks(provider: Provider, hooks: CallHooks): Provider {
  const calls = new Map<PropertyKey, unknown>();
  let engines: { of: ProviderEngines; wrapped: ProviderEngines } | undefined;
  return new Proxy(provider, {
    get(target, prop) {
      if (prop === 'engines') {
        // Engines are made with the provider; wrapped once, again only if the provider replaced its set.
        if (engines?.of !== target.engines)
          engines = { of: target.engines, wrapped: hookEngines(target.engines, hooks) };
        return engines.wrapped;
      }
      // The provider itself as receiver: its getters and methods use private fields a proxy does not have.
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      let wrapped = calls.get(prop);
      if (!wrapped) {
        const fn = value as EngineCall;
        wrapped = CONTRACT_CALLS.has(prop) ? hooked(String(prop), fn, target, hooks) : fn.bind(target);
        calls.set(prop, wrapped);
      }
      return wrapped;
    },
  });
}

/** Each engine present, with every function member hooked (each is a call, by the engines' rule). */
function hookEngines(engines: ProviderEngines, hooks: CallHooks): ProviderEngines {
  const out: Record<string, unknown> = {};
  for (const [name, engine] of Object.entries(engines)) {
    if (engine === undefined) continue;
    const calls = new Map<PropertyKey, unknown>();
    out[name] = new Proxy(engine as object, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        let wrapped = calls.get(prop);
        if (!wrapped) {
          wrapped = hooked(String(prop), value as EngineCall, target, hooks);
          calls.set(prop, wrapped);
        }
        return wrapped;
      },
    });
  }
  return out as ProviderEngines;
}

/** `fn` (bound to `self`) with the credentials attached to its context and its outcome observed. */
function hooked(name: string, fn: EngineCall, self: object, hooks: CallHooks): EngineCall {
  return async (ctx: CallContext = {}, ...rest: unknown[]) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const credentials = ctx.credentials ?? (await hooks.credentials(ctx.signal));
      const result = await fn.apply(self, [credentials ? { ...ctx, credentials } : ctx, ...rest]);
      hooks.observe(name, { seconds: seconds() });
      return result;
    } catch (error) {
      hooks.observe(name, { seconds: seconds(), error });
      throw error;
    }
  };
}
