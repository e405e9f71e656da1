/**
 * The closed set of ways a provider call fails. Providers map their client's
 * failures onto these kinds so the control plane can answer with a typed
 * GraphQL error (and decide what to retry) without knowing the backend.
 */
export const ProviderErrorKinds = {
  /** The backend cannot be reached (socket refused, DNS, TLS, timeout connecting). */
  unavailable: 'unavailable',
  /** The instance or one of its objects does not exist. */
  notFound: 'not_found',
  /** The image cannot be found or pulled. */
  imageNotFound: 'image_not_found',
  /** The request is well-formed but the backend refused it (bad spec for this backend). */
  invalidSpec: 'invalid_spec',
  /** The backend holds a conflicting object it does not own. */
  conflict: 'conflict',
  /** The call did not finish in time. */
  timeout: 'timeout',
  /** A workload failed to start (init exited non-zero, main exited at once). */
  workloadFailed: 'workload_failed',
  /** A build from source failed (a step exited non-zero, the Dockerfile is wrong, the push was refused). */
  buildFailed: 'build_failed',
  /** A build from source did not finish within its time limit, and was stopped. */
  buildTimeout: 'build_timeout',
  /** The call was cancelled by the caller. */
  canceled: 'canceled',
  /** Anything else the backend answered. */
  internal: 'internal',
} as const;
export type ProviderErrorKind = (typeof ProviderErrorKinds)[keyof typeof ProviderErrorKinds];

/** A provider failure of a known kind. `message` is safe to show to the user. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly provider: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Raised by the Registry when a name resolves to no provider (the seed's ErrProviderNotFound). */
export class ProviderNotFoundError extends Error {
  override readonly name = 'ProviderNotFoundError';
  constructor(readonly providerName: string) {
    super(`provider not registered: ${providerName || '(default)'}`);
  }
}

/** Raised by waitReady when the workload fails or is not ready in time (the seed's ErrNotReady). */
export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message ? `workload did not become ready: ${message}` : 'workload did not become ready', options);
  }
}

/** Raised when a wait is cancelled through its AbortSignal. */
export class CanceledError extends Error {
  override readonly name = 'CanceledError';
  constructor(message = 'canceled') {
    super(message);
  }
}

export function isProviderError(err: unknown, kind?: ProviderErrorKind): err is ProviderError {
  return err instanceof ProviderError && (kind === undefined || err.kind === kind);
}
