/**
 * Per-call state shared by the provider's modules: the operation name (for
 * messages), the caller's AbortSignal, the secret values to keep out of
 * messages, and fresh Engine-call deadlines.
 */

import type { ErrorContext } from '../error-mapping.js';
import { type ProviderError, type ProviderErrorKind, ProviderErrorKinds } from '../provider-errors.js';
import { providerError } from './docker-errors.js';

/** Who errors are attributed to: the registry key and the engine address. */
export interface CallTarget {
  provider: string;
  endpoint: string;
}

/** One provider call in flight. */
export class Call {
  /** Secret values seen by this call; every message it produces is redacted of them. */
  readonly secrets: string[] = [];

  constructor(
    readonly op: string,
    readonly signal: AbortSignal | undefined,
    private readonly apiTimeoutMs: number,
    private readonly target: CallTarget,
  ) {}

  /** A fresh signal bounding one Engine call (docker-modem consumes the one it is given). */
  api(timeoutMs = this.apiTimeoutMs): AbortSignal {
    const timeout = AbortSignal.timeout(timeoutMs);
    return this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
  }

  /** `extra` plus a fresh abortSignal, as dockerode options. */
  opts(): { abortSignal: AbortSignal };
  opts<T extends object>(extra: T): T & { abortSignal: AbortSignal };
  opts<T extends object>(extra?: T): T & { abortSignal: AbortSignal } {
    return { ...(extra ?? ({} as T)), abortSignal: this.api() };
  }

  /** What errors of this call are mapped with. */
  context(): ErrorContext {
    return { ...this.target, op: this.op, signal: this.signal, secrets: this.secrets };
  }

  /** A redacted ProviderError of `kind` for this call. */
  fail(kind: ProviderErrorKind, message: string, cause?: unknown): ProviderError {
    return providerError(kind, message, this.context(), cause);
  }

  /** Throws `canceled` once the caller has aborted. */
  throwIfCanceled(): void {
    if (this.signal?.aborted) throw this.fail(ProviderErrorKinds.canceled, 'canceled by the caller');
  }
}
