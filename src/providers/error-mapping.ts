/**
 * What both providers' error mapping shares: the context a mapped error is
 * about, the socket failures that mean a backend cannot be reached, the
 * redacted, operation-prefixed ProviderError, and the not-found / conflict
 * checks over each client's own way of carrying an HTTP status.
 */
import { ProviderError, type ProviderErrorKind, ProviderErrorKinds } from './provider-errors.js';
import { redact } from './redact.js';

/** What a mapped error is about, for its message. */
export interface ErrorContext {
  /** Registry key or type name the ProviderError carries. */
  provider: string;
  /** The backend's address (engine socket, API server URL), named in `unavailable` messages. */
  endpoint: string;
  /** The operation, e.g. `provision`, prefixed to messages. */
  op: string;
  /** The caller's signal: an abort it caused is `canceled`, any other abort is our own timeout. */
  signal?: AbortSignal;
  /** Values that must never appear in a message. */
  secrets?: readonly string[];
}

/** Socket-level failure codes that mean the backend cannot be reached at all, whichever backend. */
export const NETWORK_FAILURE_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
];

/**
 * A ProviderError of `kind` whose message is prefixed with the backend and
 * the operation (`docker provision: …`) and redacted of the call's secrets.
 */
export function callError(
  backend: string,
  kind: ProviderErrorKind,
  message: string,
  ctx: ErrorContext,
  cause?: unknown,
): ProviderError {
  return new ProviderError(kind, redact(`${backend} ${ctx.op}: ${message}`, ctx.secrets), ctx.provider, { cause });
}

/** True for an abort (a DOMException AbortError, or Node's ABORT_ERR). */
export function isAbortError(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown } | undefined;
  return e?.name === 'AbortError' || e?.code === 'ABORT_ERR';
}

/** The not-found and conflict checks, over a client's own way of reading an error's HTTP status. */
export interface StatusChecks {
  /** True for a 404, or a ProviderError that is already `not_found`. */
  isNotFound(err: unknown): boolean;
  /** True for a 409 (a stale version, or an object that already exists). */
  isConflict(err: unknown): boolean;
}

/** The checks for a client whose errors carry their HTTP status where `statusCodeOf` finds it. */
export function statusChecks(statusCodeOf: (err: unknown) => number | undefined): StatusChecks {
  return {
    isNotFound: (err) =>
      statusCodeOf(err) === 404 || (err instanceof ProviderError && err.kind === ProviderErrorKinds.notFound),
    isConflict: (err) => statusCodeOf(err) === 409,
  };
}
