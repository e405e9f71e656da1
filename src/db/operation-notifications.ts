/**
 * "An operation was queued" and "an operation ended", told to every replica
 * sharing the database over one NOTIFY channel, so an executor claims new work
 * at once instead of on its next poll, and a `wait: true` mutation served by
 * one replica returns as soon as another replica's executor ends the
 * operation. Notifications may be lost (a listener reconnecting); both sides
 * keep their poll as the fallback, so a lost one only costs latency.
 */
import { sql } from 'kysely';
import type { Logger } from '../logger.js';
import type { DatabaseHandle } from './connect.js';
import type { Db } from './db-types.js';
import { NotificationListener } from './notifications.js';

/** The channel; payloads are `queued` or `ended:<operation id>`. */
export const OPERATIONS_CHANNEL = 'wheelhouse_operations';

const QUEUED = 'queued';
const ENDED = 'ended:';

/**
 * Announces that an operation is claimable. Inside a transaction, Postgres
 * delivers it at commit (and never on rollback), so a listener that wakes
 * always finds the row.
 */
export async function announceQueued(db: Db): Promise<void> {
  await sql`select pg_notify(${OPERATIONS_CHANNEL}, ${QUEUED})`.execute(db);
}

/** Announces that an operation reached a terminal status (delivered at commit, as above). */
export async function announceEnded(db: Db, operationId: string): Promise<void> {
  await sql`select pg_notify(${OPERATIONS_CHANNEL}, ${ENDED + operationId})`.execute(db);
}

/** What the feed tells its owner. */
export interface OperationFeedHandlers {
  /** Something was queued (or the feed just (re)connected and may have missed that). */
  queued(): void;
  /** This operation ended on some replica. */
  ended(operationId: string): void;
}

/** A running feed; stop() ends it. */
export interface OperationFeed {
  stop(): Promise<void>;
}

/** Listens on the operations channel (its own reconnecting connection on Postgres, the session on PGlite). */
export async function listenForOperations(
  database: DatabaseHandle,
  handlers: OperationFeedHandlers,
  logger?: Logger,
): Promise<OperationFeed> {
  const listener = new NotificationListener(
    database,
    OPERATIONS_CHANNEL,
    {
      onNotification: (payload) => {
        if (payload === QUEUED) handlers.queued();
        else if (payload.startsWith(ENDED)) handlers.ended(payload.slice(ENDED.length));
      },
      // Whatever was queued while nobody listened is claimable now.
      onListening: () => handlers.queued(),
    },
    { logger },
  );
  await listener.start();
  return { stop: () => listener.close() };
}
