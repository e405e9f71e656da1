/**
 * Maps what dockerode and the Engine API throw onto the closed set of
 * ProviderError kinds, and keeps secret values out of every message.
 */
import { callError, type ErrorContext, isAbortError, NETWORK_FAILURE_CODES, statusChecks } from '../error-mapping.js';
import { ProviderError, type ProviderErrorKind, ProviderErrorKinds } from '../provider-errors.js';

/** Socket-level failures that mean the engine cannot be reached at all (a unix socket adds its own). */
const UNREACHABLE_CODES = new Set([
  ...NETWORK_FAILURE_CODES,
  'ENOENT',
  'EACCES',
  'EPERM',
  'ENOTSOCK',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
  'WH_CONNECT_TIMEOUT',
]);

interface EngineError {
  name?: string;
  code?: string;
  statusCode?: number;
  message?: string;
  json?: unknown;
  reason?: string;
}

/** The HTTP status an engine error answered with, if any. */
export function statusCodeOf(err: unknown): number | undefined {
  const code = (err as EngineError | undefined)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** A 404 or a 409 from the engine. */
export const { isNotFound, isConflict } = statusChecks(statusCodeOf);

/** True for a 304 (start of a running / stop of a stopped container): nothing to do. */
export function isNotModified(err: unknown): boolean {
  return statusCodeOf(err) === 304;
}

/** True when the error is a socket-level failure to reach the engine. */
export function isUnreachable(err: unknown): boolean {
  const e = err as EngineError | undefined;
  if (!e || statusCodeOf(err) !== undefined) return false;
  if (e.code && UNREACHABLE_CODES.has(e.code)) return true;
  return /socket hang up/i.test(e.message ?? '');
}

/** The engine's own explanation (its JSON `message`), else the error's message. */
export function engineMessage(err: unknown): string {
  const e = err as EngineError | undefined;
  const json = e?.json as { message?: unknown } | undefined;
  if (json && typeof json === 'object' && typeof json.message === 'string') return json.message;
  if (Buffer.isBuffer(e?.json)) {
    const text = e.json.toString('utf8').trim();
    if (text) return text;
  }
  const msg = e?.message ?? String(err);
  // dockerode wraps engine answers as "(HTTP code 404) no such container - <engine text> ".
  const m = /^\(HTTP code \d+\) [^-]*- (.*)$/s.exec(msg);
  return (m?.[1] ?? msg).trim();
}

/** A ProviderError of `kind` whose message is redacted and prefixed with the operation. */
export function providerError(
  kind: ProviderErrorKind,
  message: string,
  ctx: ErrorContext,
  cause?: unknown,
): ProviderError {
  return callError('docker', kind, message, ctx, cause);
}

/**
 * Turns anything thrown by a Docker call into a ProviderError. Errors already
 * typed pass through; socket failures become `unavailable` naming the
 * endpoint; engine status codes map to the closest kind.
 */
export function toProviderError(err: unknown, ctx: ErrorContext): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as EngineError | undefined;
  if (isAbortError(err)) {
    if (ctx.signal?.aborted) return providerError(ProviderErrorKinds.canceled, 'canceled by the caller', ctx, err);
    return providerError(ProviderErrorKinds.timeout, 'the Docker Engine did not answer in time', ctx, err);
  }
  if (isUnreachable(err)) {
    return providerError(
      ProviderErrorKinds.unavailable,
      `Docker Engine unreachable at ${ctx.endpoint} (${e?.code ?? e?.message ?? 'connection failed'})`,
      ctx,
      err,
    );
  }
  const status = statusCodeOf(err);
  const text = engineMessage(err);
  if (status === 404) {
    if (/no such image|pull access denied|manifest unknown|repository does not exist/i.test(text)) {
      return providerError(ProviderErrorKinds.imageNotFound, text, ctx, err);
    }
    return providerError(ProviderErrorKinds.notFound, text, ctx, err);
  }
  if (status === 409 || /port is already allocated|address already in use/i.test(text)) {
    return providerError(ProviderErrorKinds.conflict, text, ctx, err);
  }
  if (status === 400) return providerError(ProviderErrorKinds.invalidSpec, text, ctx, err);
  if (status !== undefined && /executable file not found|no such file or directory|permission denied/i.test(text)) {
    // The runtime refused to start the process: the workload, not the engine, is at fault.
    return providerError(ProviderErrorKinds.workloadFailed, text, ctx, err);
  }
  return providerError(ProviderErrorKinds.internal, text, ctx, err);
}
