/**
 * The one door from the control plane to a provider call: finding the
 * provider an instance runs on, and turning a provider's failure into the
 * domain error (or the operation failure record) the API shows. Commands,
 * exec, logs, live resources and the executor all go through here, so a
 * provider failure reads the same wherever it surfaces.
 */

import type { Capability } from '../providers/capabilities.js';
import { hasCapability } from '../providers/capabilities.js';
import type { CallContext, Provider } from '../providers/provider.js';
import { CanceledError, ProviderError, ProviderNotFoundError } from '../providers/provider-errors.js';
import type { CallObserver, Registry } from '../providers/registry.js';
import { CapabilityNotSupportedError, type DomainError, ProviderUnavailableError } from './errors.js';
import { providerCallSeconds, providerCalls } from './metrics.js';

/** A provider found for a call, with the context (credentials attached) to pass to it. */
export interface AcquiredProvider {
  key: string;
  provider: Provider;
  ctx: CallContext;
}

/** The error for an instance whose provider is not registered on this server (config changed since). */
export function providerNotRegistered(key: string): ProviderUnavailableError {
  return new ProviderUnavailableError(key, `provider "${key}" is not registered on this server`);
}

/** The provider registered under `key`; ProviderUnavailableError when there is none. */
export function providerFor(registry: Registry, key: string): Provider {
  try {
    return registry.get(key);
  } catch {
    throw providerNotRegistered(key);
  }
}

/** Resolves `key` and attaches its credentials for one call; ProviderUnavailableError when it is not registered. */
export async function acquireProvider(registry: Registry, key: string, signal: AbortSignal): Promise<AcquiredProvider> {
  try {
    return await registry.acquire({ signal }, key);
  } catch (err) {
    if (err instanceof ProviderNotFoundError) throw providerNotRegistered(key);
    throw err;
  }
}

/**
 * Counts and times each provider call by outcome and error kind
 * (wheelhouse_provider_calls_total and _duration_seconds): the registry's
 * call observer (set once per process by the service wiring).
 */
export const observeProviderCall: CallObserver = (provider, call, outcome) => {
  const err = outcome.error;
  if (err === undefined) {
    providerCalls.inc({ provider, call, outcome: 'ok', error_kind: '' });
    providerCallSeconds.observe({ provider, call, outcome: 'ok' }, outcome.seconds);
    return;
  }
  const kind = err instanceof ProviderError ? err.kind : err instanceof CanceledError ? 'canceled' : 'other';
  providerCalls.inc({ provider, call, outcome: 'error', error_kind: kind });
  providerCallSeconds.observe({ provider, call, outcome: 'error' }, outcome.seconds);
};

/** CapabilityNotSupportedError unless the provider under `key` has `capability`. */
export function requireCapability(provider: Provider, key: string, capability: Capability): void {
  if (!hasCapability(provider, capability)) throw new CapabilityNotSupportedError(capability, key);
}

/**
 * Runs a provider call for a request and maps its failure: an unreachable
 * backend is ProviderUnavailableError, a workload the provider does not find
 * is `whenNotFound()` (the caller knows which state that means), anything
 * else is rethrown as is (masked as internal by the server).
 */
export async function callProvider<T>(
  key: string,
  whenNotFound: () => DomainError,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw domainErrorOf(err, key, whenNotFound) ?? err;
  }
}

/** The domain error a provider failure means for a request; undefined when `err` has no domain meaning. */
export function domainErrorOf(err: unknown, key: string, whenNotFound: () => DomainError): DomainError | undefined {
  if (!(err instanceof ProviderError)) return undefined;
  if (err.kind === 'unavailable') return new ProviderUnavailableError(key, err.message);
  if (err.kind === 'not_found') return whenNotFound();
  return undefined;
}

/** How an operation records a provider failure: a stable code, a message safe to show, the readiness outcome. */
export interface ProviderFailure {
  code: string;
  message: string;
  outcome: 'failed' | null;
}

/** The failure record for a provider error an operation ended with (the executor's mapping). */
export function providerFailureOf(err: ProviderError): ProviderFailure {
  const code = err.kind === 'unavailable' ? 'PROVIDER_UNAVAILABLE' : err.kind.toUpperCase();
  return { outcome: err.kind === 'workload_failed' ? 'failed' : null, code, message: err.message };
}
