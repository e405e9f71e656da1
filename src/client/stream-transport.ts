import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createClient as createSseClient, NetworkError } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import {
  type GraphQLErrorLike,
  isConnectionFailure,
  WheelhouseAuthError,
  WheelhouseRequestError,
  WheelhouseUnreachableError,
} from './errors.js';

/** A constructor of WebSockets as in the WHATWG API (`ws`'s default export, or the browser's). */
export type WebSocketConstructor = unknown;

/** Opens subscriptions over one transport; `iterate` yields each result's data. */
export interface StreamTransport {
  /** Which protocol it speaks. */
  readonly kind: 'graphql-ws' | 'sse';
  /** Subscribes; the iterator ends when the server completes the stream, and unsubscribes on `return()`. */
  iterate<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
  ): AsyncIterableIterator<TResult>;
  /** Closes the connection(s). */
  dispose(): Promise<void>;
}

/** Close codes that mean the token was refused (graphql-ws: 4401 Unauthorized, 4403 Forbidden). */
const AUTH_CLOSE_CODES = new Set([4401, 4403]);
/** Close codes that mean the request itself was bad: retrying cannot help. */
const FATAL_CLOSE_CODES = new Set([4400, 4406, 4409, 4429, 4500]);

/** Maps whatever graphql-ws or graphql-sse rejected with onto the client's error classes. */
export function streamError(err: unknown, url: string): Error {
  if (Array.isArray(err)) return new WheelhouseRequestError(err as GraphQLErrorLike[]);
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'number') {
    const reason = String((err as { reason?: unknown }).reason ?? '');
    if (AUTH_CLOSE_CODES.has(code)) return new WheelhouseAuthError(reason || `socket closed with ${code}`);
    if (FATAL_CLOSE_CODES.has(code))
      return new WheelhouseRequestError([], undefined, `socket closed: ${code} ${reason}`);
    // 1000/1001/1006/1011/1012/1013…: the connection went away (a restart, a drop).
    return new WheelhouseUnreachableError(url, { cause: new Error(`socket closed: ${code} ${reason}`.trim()) });
  }
  if (err instanceof NetworkError) {
    const status = err.response?.status;
    if (status === 401) return new WheelhouseAuthError('the server refused the token (HTTP 401)');
    if (status === undefined || status >= 500) return new WheelhouseUnreachableError(url, { cause: err });
    return new WheelhouseRequestError([], status, err.message);
  }
  if (isConnectionFailure(err)) return new WheelhouseUnreachableError(url, { cause: err });
  // graphql-ws reports a socket error (before the close) as an Event: the connection failed.
  if (err && typeof err === 'object' && 'type' in err && (err as { type: unknown }).type === 'error') {
    return new WheelhouseUnreachableError(url, { cause: (err as { error?: unknown }).error });
  }
  return err instanceof Error ? err : new Error(String(err));
}

async function* dataOf<TResult>(
  results: AsyncIterableIterator<{ data?: unknown; errors?: readonly GraphQLErrorLike[] }>,
  url: string,
): AsyncGenerator<TResult> {
  try {
    for (;;) {
      let r: IteratorResult<{ data?: unknown; errors?: readonly GraphQLErrorLike[] }>;
      try {
        r = await results.next();
      } catch (err) {
        throw streamError(err, url);
      }
      if (r.done) return;
      if (r.value.errors?.length) throw new WheelhouseRequestError(r.value.errors);
      if (r.value.data) yield r.value.data as TResult;
    }
  } finally {
    await results.return?.().catch(() => {});
  }
}

/** graphql-ws over `webSocketImpl`; the token goes in `connection_init` as `{ authorization }`. */
export function webSocketTransport(url: string, token: string | undefined, webSocketImpl: unknown): StreamTransport {
  const wsUrl = url.replace(/^http/, 'ws');
  const client = createWsClient({
    url: wsUrl,
    webSocketImpl,
    lazy: true,
    // Resuming is the stream's job (it knows the cursor); the socket itself never retries silently.
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    kind: 'graphql-ws',
    iterate: <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) =>
      dataOf<TResult>(
        client.iterate({ query: print(document), variables: variables as Record<string, unknown> }),
        wsUrl,
      ),
    dispose: async () => {
      await client.dispose();
    },
  };
}

/** GraphQL over SSE (distinct connections), for runtimes without a WebSocket. */
export function sseTransport(url: string, token: string | undefined, fetchFn: typeof fetch): StreamTransport {
  const client = createSseClient({
    url,
    fetchFn,
    retryAttempts: 0,
    headers: () => (token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>)),
  });
  return {
    kind: 'sse',
    iterate: <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) =>
      dataOf<TResult>(
        client.iterate({
          query: print(document),
          variables: variables as Record<string, unknown>,
        }) as AsyncIterableIterator<{
          data?: unknown;
          errors?: readonly GraphQLErrorLike[];
        }>,
        url,
      ),
    dispose: async () => {
      client.dispose();
    },
  };
}
