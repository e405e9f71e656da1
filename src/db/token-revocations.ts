import type { DatabaseHandle } from './connect.js';
import { NotificationListener } from './notifications.js';

/** The channel a revocation is announced on (the payload is the token id). */
export const TOKEN_REVOKED_CHANNEL = 'wheelhouse_token_revoked';

/** What a revocation feed tells its owner. */
export interface RevocationFeedHandlers {
  /** A token was revoked (on any replica sharing the database). */
  revoked(tokenId: string): void;
  /** The feed is (again) listening: revocations from now on will be heard. */
  up(): void;
  /** The feed lost its connection: revocations may be missed until up() again. */
  down(): void;
}

/** A running feed; stop() ends it. */
export interface RevocationFeed {
  stop(): Promise<void>;
}

/**
 * Listens for token revocations on every replica sharing the database, over
 * the same LISTEN machinery as the event hub (a dedicated, reconnecting
 * connection on Postgres; the embedded session on PGlite). A server that
 * cannot be reached at start is retried in the background: until `up()`,
 * the token cache is simply not trusted.
 */
export async function listenForRevocations(
  database: DatabaseHandle,
  handlers: RevocationFeedHandlers,
  retryMs = 1_000,
): Promise<RevocationFeed> {
  const listener = new NotificationListener(
    database,
    TOKEN_REVOKED_CHANNEL,
    {
      onNotification: (tokenId) => {
        if (tokenId) handlers.revoked(tokenId);
      },
      onListening: () => handlers.up(),
      onLost: () => handlers.down(),
    },
    { reconnectMs: retryMs },
  );
  await listener.start();
  return { stop: () => listener.close() };
}
