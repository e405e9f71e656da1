import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Connection } from './config-store.js';
import { CliError, ExitCode, usageError } from './exit-codes.js';

/**
 * The CLI's transport: queries and mutations over HTTP, subscriptions over
 * graphql-ws, every failure mapped to an exit code. A stand-in until the typed
 * client (src/client) lands; the commands use only this interface.
 */
export interface Api {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** A subscription as an async iterator; ends when the server completes it or `signal` aborts. */
  subscribe<T>(query: string, variables: Record<string, unknown>, signal?: AbortSignal): AsyncGenerator<T>;
  close(): Promise<void>;
}

export function connectApi(connection: Connection): Api {
  let ws: Client | undefined;
  const wsClient = () => {
    ws ??= createClient({
      url: connection.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${connection.token}` },
    });
    return ws;
  };
  return {
    async request<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      let res: Response;
      try {
        res = await fetch(connection.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json, application/json',
            authorization: `Bearer ${connection.token}`,
          },
          body: JSON.stringify({ query, variables }),
        });
      } catch (err) {
        throw unreachable(connection.url, err);
      }
      if (res.status === 401) throw new CliError(`${connection.url}: the token was refused (401)`, ExitCode.AUTH);
      let body: { data?: T; errors?: Array<{ message: string }> };
      try {
        body = (await res.json()) as typeof body;
      } catch {
        throw new CliError(`${connection.url}: HTTP ${res.status}, not a GraphQL response`, ExitCode.UNREACHABLE);
      }
      if (body.errors?.length) throw new CliError(body.errors.map((e) => e.message).join('\n'), ExitCode.FAILED);
      if (!body.data) throw new CliError(`${connection.url}: HTTP ${res.status} without data`, ExitCode.FAILED);
      return body.data;
    },
    async *subscribe<T>(query: string, variables: Record<string, unknown>, signal?: AbortSignal): AsyncGenerator<T> {
      const iterator = wsClient().iterate<T>({ query, variables });
      const stop = () => void iterator.return?.();
      signal?.addEventListener('abort', stop, { once: true });
      try {
        while (!signal?.aborted) {
          let step: IteratorResult<{ data?: T | null; errors?: ReadonlyArray<{ message: string }> }>;
          try {
            step = await iterator.next();
          } catch (err) {
            if (signal?.aborted) return;
            throw streamError(connection.url, err);
          }
          if (step.done) return;
          if (step.value.errors?.length) {
            throw new CliError(step.value.errors.map((e) => e.message).join('\n'), ExitCode.FAILED);
          }
          if (step.value.data) yield step.value.data;
        }
      } finally {
        signal?.removeEventListener('abort', stop);
        await iterator.return?.();
      }
    },
    async close() {
      await ws?.dispose();
    },
  };
}

function unreachable(url: string, err: unknown): CliError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return new CliError(`cannot reach ${url}: ${cause?.code ?? cause?.message ?? String(err)}`, ExitCode.UNREACHABLE);
}

function streamError(url: string, err: unknown): CliError {
  if (err instanceof CliError) return err;
  const code = (err as { code?: number }).code;
  if (code === 4401 || code === 4403) return new CliError(`${url}: the token was refused`, ExitCode.AUTH);
  if (Array.isArray(err)) {
    return new CliError(err.map((e: { message?: string }) => e.message ?? String(e)).join('\n'), ExitCode.FAILED);
  }
  if (typeof code === 'number') {
    const reason = (err as { reason?: string }).reason;
    return new CliError(`${url}: the stream closed (${code}${reason ? ` ${reason}` : ''})`, ExitCode.UNREACHABLE);
  }
  return unreachable(url, err);
}

/** A mutation result union member: a payload or a typed error. */
export interface ResultMember {
  __typename: string;
  message?: string;
  fieldErrors?: Array<{ path: string[]; message: string }>;
  requiredScope?: string | null;
}

/**
 * Returns the payload member, or throws the typed error as a CliError:
 * ValidationError → exit 2 with each field path, ForbiddenError → exit 3,
 * anything else → exit 1.
 */
export function unwrap<T extends ResultMember>(result: T, payload: string): T {
  if (result.__typename === payload) return result;
  if (result.__typename === 'ValidationError') {
    const lines = (result.fieldErrors ?? []).map((f) => `  ${f.path.join('.')}: ${f.message}`);
    throw usageError([result.message ?? 'invalid input', ...lines].join('\n'));
  }
  if (result.__typename === 'ForbiddenError') {
    const scope = result.requiredScope ? ` (needs scope ${result.requiredScope})` : '';
    throw new CliError(`${result.message ?? 'forbidden'}${scope}`, ExitCode.AUTH);
  }
  throw new CliError(`${result.__typename}: ${result.message ?? 'failed'}`, ExitCode.FAILED);
}
