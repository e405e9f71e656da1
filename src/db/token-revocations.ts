import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import { NotificationListener } from './notifications.js';

/** The channel a revocation is announced on (the payload is the token id), and acknowledged on. */
export const TOKEN_REVOKED_CHANNEL = 'wheelhouse_token_revoked';

/** How a replica's revocation listener names its server connection, so a revoker can count them. */
export const REVOCATION_LISTENER_NAME = 'wheelhouse-token-revocations';

/** Acknowledgements travel on the same channel: `ack:<listener pid>:<token id>` (a token id has no colon). */
const ACK_PREFIX = 'ack:';

/** What a revocation feed tells its owner. */
export interface RevocationFeedHandlers {
  /** A token was revoked (on any replica sharing the database). Runs before the acknowledgement is sent. */
  revoked(tokenId: string): void;
  /** The feed is (again) listening: revocations from now on will be heard. */
  up(): void;
  /** The feed lost its connection: revocations may be missed until up() again. */
  down(): void;
}

/** A wait, begun before a revocation commits, for every replica to have acted on it. */
export interface RevocationDelivery {
  /**
   * Call after the commit: resolves once every replica listening on the
   * database has run `revoked` for the token (or after `timeoutMs`: a replica
   * may hang or be gone, and a revoker must not wait on it forever).
   */
  wait(timeoutMs?: number): Promise<void>;
  /** The revocation did not commit: stop collecting acknowledgements. */
  cancel(): void;
}

/** A running feed; stop() ends it. */
export interface RevocationFeed {
  /** Starts collecting acknowledgements of `tokenId`'s revocation; call before its transaction commits. */
  expect(tokenId: string): RevocationDelivery;
  stop(): Promise<void>;
}

/**
 * Listens for token revocations on every replica sharing the database, over
 * the same LISTEN machinery as the event hub (a dedicated, reconnecting
 * connection on Postgres; the embedded session on PGlite). A server that
 * cannot be reached at start is retried in the background: until `up()`,
 * the token cache is simply not trusted.
 *
 * "Refused at once on every replica" needs more than the NOTIFY: Postgres
 * hands it to each listening session at commit, but each replica reads it off
 * its own socket in its own time, so a request could reach another replica
 * first. So each replica, once it has evicted the token, acknowledges on the
 * channel with its listener's backend pid, and a revoker waits for the
 * acknowledgement of every listener `pg_stat_activity` shows. A listener that
 * connects after the commit has nothing cached from before it (a replica
 * empties its cache whenever its feed goes down). On PGlite every listener is
 * in this process on the one session, called in turn as the NOTIFY arrives,
 * so hearing it here means all have.
 */
export async function listenForRevocations(
  database: DatabaseHandle,
  handlers: RevocationFeedHandlers,
  retryMs = 1_000,
): Promise<RevocationFeed> {
  /** Open waits by token id: the listener pids that have acknowledged, and a wake-up for each arrival. */
  const waits = new Map<string, Set<{ acked: Set<number | 'local'>; changed: () => void }>>();
  const heard = (tokenId: string, from: number | 'local') => {
    for (const w of waits.get(tokenId) ?? []) {
      w.acked.add(from);
      w.changed();
    }
  };
  const listener = new NotificationListener(
    database,
    TOKEN_REVOKED_CHANNEL,
    {
      onNotification: (payload) => {
        if (payload.startsWith(ACK_PREFIX)) {
          const [pid, tokenId] = payload.slice(ACK_PREFIX.length).split(':');
          if (pid && tokenId) heard(tokenId, Number(pid));
          return;
        }
        if (!payload) return;
        handlers.revoked(payload);
        heard(payload, 'local');
        const pid = listener.pid;
        // Best effort: a revoker that does not hear it waits out its bound and goes on.
        if (pid !== null)
          void sql`select pg_notify(${TOKEN_REVOKED_CHANNEL}, ${`${ACK_PREFIX}${pid}:${payload}`})`
            .execute(database.db)
            .catch(() => {});
      },
      onListening: () => handlers.up(),
      onLost: () => handlers.down(),
    },
    { reconnectMs: retryMs, applicationName: REVOCATION_LISTENER_NAME },
  );
  await listener.start();
  const onServer = database.target.kind === 'postgres' && !database.pglite;
  return {
    expect(tokenId) {
      let changed = () => {};
      const entry = { acked: new Set<number | 'local'>(), changed: () => changed() };
      const set = waits.get(tokenId) ?? new Set();
      set.add(entry);
      waits.set(tokenId, set);
      const forget = () => {
        set.delete(entry);
        if (set.size === 0 && waits.get(tokenId) === set) waits.delete(tokenId);
      };
      return {
        cancel: forget,
        async wait(timeoutMs = 2_000) {
          let timer: NodeJS.Timeout | undefined;
          const timedOut = new Promise<void>((r) => {
            timer = setTimeout(r, timeoutMs);
          });
          let over = false;
          const everyone = async () => {
            // Listening now means listening at the commit, or started after it with nothing stale cached.
            const listeners = onServer
              ? await sql<{ pid: number }>`select pid from pg_stat_activity
                  where application_name = ${REVOCATION_LISTENER_NAME} and datname = current_database()`
                  .execute(database.db)
                  .then((r) => r.rows.map((row) => row.pid))
              : [];
            const done = () => (onServer ? listeners.every((pid) => entry.acked.has(pid)) : entry.acked.has('local'));
            while (!over && !done()) await new Promise<void>((r) => (changed = r));
          };
          try {
            // The revocation has committed: a failure to watch it spread is no reason to fail the caller.
            await Promise.race([everyone().catch(() => {}), timedOut]);
          } finally {
            over = true;
            clearTimeout(timer);
            changed();
            forget();
          }
        },
      };
    },
    stop: () => listener.close(),
  };
}
