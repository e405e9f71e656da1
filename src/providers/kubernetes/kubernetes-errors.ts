/**
 * Maps what @kubernetes/client-node throws (ApiException with the API
 * server's Status, node-fetch system errors, aborts) onto the closed set of
 * ProviderError kinds, and keeps secret values out of every message.
 */
import { callError, type ErrorContext, isAbortError, NETWORK_FAILURE_CODES, statusChecks } from '../error-mapping.js';
import { ProviderError, type ProviderErrorKind, ProviderErrorKinds } from '../provider-errors.js';

/** Socket-level failures that mean the API server cannot be reached at all (TLS adds its own). */
const UNREACHABLE_CODES = new Set([
  ...NETWORK_FAILURE_CODES,
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/** What a mapped error is about, for its message. */
export interface KubeErrorContext extends ErrorContext {
  /** Set when a request was aborted because the server gave no answer this long: it is unreachable. */
  unansweredAfterMs?: number;
}

interface ClientError {
  name?: string;
  code?: unknown;
  type?: string;
  errno?: string;
  message?: string;
  body?: unknown;
}

/** The HTTP status of an ApiException, if `err` is one. */
export function statusCodeOf(err: unknown): number | undefined {
  const e = err as ClientError | undefined;
  if (e instanceof ProviderError) return undefined;
  return typeof e?.code === 'number' ? e.code : undefined;
}

/** A 404, or a 409 (a stale resourceVersion, or an object that already exists), from the API server. */
export const { isNotFound, isConflict } = statusChecks(statusCodeOf);

/** The API server's own explanation (the Status `message`), else the error's message. */
function serverMessage(err: unknown): string {
  const e = err as ClientError | undefined;
  let body = e?.body;
  if (typeof body === 'string') {
    const text = body.trim();
    try {
      body = JSON.parse(text);
    } catch {
      if (text) return text;
    }
  }
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  const msg = e?.message ?? String(err);
  // ApiException messages are "HTTP-Code: 404\nMessage: ...\nBody: ...": keep the Message line.
  const m = /Message: ([^\n]*)/.exec(msg);
  return (m?.[1] ?? msg).trim();
}

/** A ProviderError of `kind` whose message is redacted and prefixed with the operation. */
export function kubeError(
  kind: ProviderErrorKind,
  message: string,
  ctx: KubeErrorContext,
  cause?: unknown,
): ProviderError {
  return callError('kubernetes', kind, message, ctx, cause);
}

function systemCode(err: unknown): string | undefined {
  const e = err as ClientError | undefined;
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.errno === 'string') return e.errno;
  // node-fetch puts it on the error; a websocket ErrorEvent wraps the socket error in `error`.
  const inner = (err as { cause?: ClientError; error?: ClientError } | undefined) ?? {};
  for (const e2 of [inner.cause, inner.error]) if (typeof e2?.code === 'string') return e2.code;
  return undefined;
}

/**
 * Turns anything thrown by a client call into a ProviderError. Typed errors
 * pass through; aborts are `canceled` (the caller's signal) or `timeout` (our
 * own deadline); socket failures are `unavailable` naming the API server;
 * HTTP statuses map to the closest kind.
 */
export function toProviderError(err: unknown, ctx: KubeErrorContext): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as ClientError | undefined;
  if (isAbortError(err) || e?.type === 'aborted') {
    if (ctx.signal?.aborted) return kubeError(ProviderErrorKinds.canceled, 'canceled by the caller', ctx, err);
    if (ctx.unansweredAfterMs !== undefined) {
      return kubeError(
        ProviderErrorKinds.unavailable,
        `Kubernetes API server unreachable at ${ctx.endpoint} (no answer within ${ctx.unansweredAfterMs} ms)`,
        ctx,
        err,
      );
    }
    return kubeError(
      ProviderErrorKinds.timeout,
      `the Kubernetes API server at ${ctx.endpoint} did not answer in time`,
      ctx,
      err,
    );
  }
  const status = statusCodeOf(err);
  if (status === undefined) {
    const code = systemCode(err);
    if ((code && UNREACHABLE_CODES.has(code)) || e?.type === 'system' || /socket hang up/i.test(e?.message ?? '')) {
      return kubeError(
        ProviderErrorKinds.unavailable,
        `Kubernetes API server unreachable at ${ctx.endpoint} (${code ?? e?.message ?? 'connection failed'})`,
        ctx,
        err,
      );
    }
    return kubeError(ProviderErrorKinds.internal, e?.message ?? String(err), ctx, err);
  }
  const text = serverMessage(err);
  switch (status) {
    case 404:
      return kubeError(ProviderErrorKinds.notFound, text, ctx, err);
    case 409:
      return kubeError(ProviderErrorKinds.conflict, text, ctx, err);
    case 400:
    case 422:
      return kubeError(ProviderErrorKinds.invalidSpec, text, ctx, err);
    case 401:
    case 403:
      return kubeError(
        ProviderErrorKinds.unavailable,
        `the Kubernetes API server at ${ctx.endpoint} refused the credentials (HTTP ${status}): ${text}`,
        ctx,
        err,
      );
    case 429:
    case 502:
    case 503:
      return kubeError(
        ProviderErrorKinds.unavailable,
        `the Kubernetes API server at ${ctx.endpoint} is unavailable (HTTP ${status}): ${text}`,
        ctx,
        err,
      );
    case 504:
      return kubeError(ProviderErrorKinds.timeout, text, ctx, err);
    default:
      return kubeError(ProviderErrorKinds.internal, `HTTP ${status}: ${text}`, ctx, err);
  }
}

/** Why a provider with a vault credential sends nothing for a call that carries none. */
export const UNCREDENTIALED =
  'this provider authenticates with its vault credential and the call carried none: nothing was sent as the kubeconfig’s user';

/**
 * Why an instance's set of services, and a service's volumes, secrets and
 * dependsOn, do not change in place here: its services are the containers of
 * one pod, and a deploy changes a container's image, env, command, ports,
 * resources and probe, nothing that adds or removes a container or a volume.
 */
export const SERVICE_SET_FIXED =
  "the Kubernetes provider runs the services of an instance as the containers of one pod and does not change that set, nor a service's volumes, secrets or dependsOn, in place: deprovision and provision the instance with the new spec";
