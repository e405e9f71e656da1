/**
 * The client's failures, one class per thing a caller handles differently:
 * a typed error member of a result (`WheelhouseApiError`), a refused token
 * (`WheelhouseAuthError`), a server that cannot be reached
 * (`WheelhouseUnreachableError`) and a request the server rejected as a whole
 * (`WheelhouseRequestError`). All extend `WheelhouseError`.
 */

/** One problem with one input field, as `ValidationError.fieldErrors` reports it. */
export interface FieldProblem {
  /** Path from the argument root, e.g. `["input", "services", "0", "image"]`. */
  path: readonly string[];
  /** What is wrong with the value. */
  message: string;
}

/** Base class of every error the client throws. */
export class WheelhouseError extends Error {
  override name = 'WheelhouseError';
}

/**
 * A mutation answered with a typed error member (`ValidationError`,
 * `NotFoundError`, `ConflictError`…), thrown by `unwrap`.
 */
export class WheelhouseApiError extends WheelhouseError {
  override name = 'WheelhouseApiError';
  /** The GraphQL type of the error member, e.g. `ValidationError`. */
  readonly typename: string;
  /** Each problem by field path (only `ValidationError` has any). */
  readonly fieldErrors: readonly FieldProblem[];
  /** The error member as the server returned it (its extra fields included). */
  readonly error: Readonly<Record<string, unknown>>;

  constructor(error: { __typename: string; message: string; fieldErrors?: readonly FieldProblem[] }) {
    super(error.message);
    this.typename = error.__typename;
    this.fieldErrors = error.fieldErrors ?? [];
    this.error = error;
  }
}

/** The server refused the token: HTTP 401, or a WebSocket closed with 4401/4403. */
export class WheelhouseAuthError extends WheelhouseError {
  override name = 'WheelhouseAuthError';
}

/** The server could not be reached (connection refused, reset, DNS, timeout). */
export class WheelhouseUnreachableError extends WheelhouseError {
  override name = 'WheelhouseUnreachableError';
  /** The address that was tried. */
  readonly url: string;
  constructor(url: string, options?: { cause?: unknown }) {
    super(`cannot reach Wheelhouse at ${url}${causeText(options?.cause)}`, options);
    this.url = url;
  }
}

/** A GraphQL error as the server formats it. */
export interface GraphQLErrorLike {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
}

/**
 * The server answered the request as a whole with errors (invalid document,
 * bad variables, a masked unexpected error) or with an unexpected HTTP status.
 */
export class WheelhouseRequestError extends WheelhouseError {
  override name = 'WheelhouseRequestError';
  /** The GraphQL errors of the response (empty when there was no GraphQL body). */
  readonly errors: readonly GraphQLErrorLike[];
  /** The HTTP status, when the request went over HTTP. */
  readonly status: number | undefined;
  constructor(errors: readonly GraphQLErrorLike[], status?: number, message?: string) {
    super(message ?? (errors.map((e) => e.message).join('; ') || `request failed with HTTP ${status}`));
    this.errors = errors;
    this.status = status;
  }
}

/** A follow (`waitForOperation`, a stream) was stopped by its AbortSignal. */
export class WheelhouseAbortError extends WheelhouseError {
  override name = 'AbortError';
  constructor(message = 'aborted') {
    super(message);
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether `err` (a fetch or socket failure) means the server is not there. */
export function isConnectionFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => isConnectionFailure(x))) return true;
  }
  // undici's "fetch failed" TypeError carries the reason as its cause; without one it is still a network failure.
  return err instanceof TypeError && err.message === 'fetch failed';
}

function causeText(cause: unknown): string {
  for (let e: unknown = cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return ` (${code})`;
  }
  return '';
}
