import pg from 'pg';
import type { DatabaseHandle } from './connect.js';

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
 * Listens for token revocations. On Postgres this is a dedicated connection
 * (LISTEN cannot share a pooled one) that reconnects after a loss; on PGlite
 * the embedded engine's in-process LISTEN.
 */
export async function listenForRevocations(
  database: DatabaseHandle,
  handlers: RevocationFeedHandlers,
  retryMs = 1_000,
): Promise<RevocationFeed> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(TOKEN_REVOKED_CHANNEL, (payload) => handlers.revoked(payload));
    handlers.up();
    return { stop: () => unlisten() };
  }
  if (database.target.kind !== 'postgres') throw new Error('no database to listen on');
  const url = database.target.url;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.down();
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(onLost), retryMs);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === TOKEN_REVOKED_CHANNEL && n.payload) handlers.revoked(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${TOKEN_REVOKED_CHANNEL}`);
    } catch (err) {
      onLost();
      throw err;
    }
    handlers.up();
  };
  // The first connection must work (the database is up at start); later losses retry in the background.
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        c.removeAllListeners('error');
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
