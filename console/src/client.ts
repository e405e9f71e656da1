import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { Client, cacheExchange, fetchExchange, subscriptionExchange } from 'urql';

/** What the console talks to the server with: urql for queries, mutations and plain subscriptions, and the socket under it. */
export interface ConsoleClient {
  urql: Client;
  /** The graphql-ws client, for the streams that resume from a cursor themselves (live.ts). */
  ws: WsClient;
  /** Whether the socket is open and acknowledged right now. */
  socketOpen(): boolean;
  dispose(): void;
}

/** The header every request carries: a page of another site cannot send it, so the session cookie alone changes nothing. */
export const CSRF_HEADERS = { 'x-wheelhouse-csrf': '1' } as const;

/**
 * Queries and mutations over HTTP with the token in the Authorization header;
 * subscriptions over graphql-ws with the token in connection_init. Signed in
 * with the identity provider (`token` null), both ride on the session cookie
 * instead. A socket the server closes with 4401 (no longer valid) signs out.
 */
export function createConsoleClient(token: string | null, onUnauthorized: () => void): ConsoleClient {
  let open = false;
  const ws = createWsClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    lazy: true,
    // No silent re-subscribe inside graphql-ws (it would replay the first cursor): a dropped
    // socket ends each stream with an error, and each stream resumes from its own last cursor.
    retryAttempts: 0,
    on: {
      connected: () => {
        open = true;
      },
      closed: (event) => {
        open = false;
        if ((event as { code?: number } | undefined)?.code === 4401) onUnauthorized();
      },
    },
  });
  const urql = new Client({
    url: '/graphql',
    requestPolicy: 'cache-and-network',
    fetchOptions: () => ({
      headers: token ? { ...CSRF_HEADERS, authorization: `Bearer ${token}` } : { ...CSRF_HEADERS },
    }),
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
  return { urql, ws, socketOpen: () => open, dispose: () => void ws.dispose() };
}
