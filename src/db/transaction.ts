import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import type { Db } from './db-types.js';

/** The database as the layers above `db/` hold it: they pass it to repository functions, never query it. */
export type DatabaseClient = Kysely<Database>;

/**
 * Runs `fn` in one transaction: every repository call given `tx` commits or
 * rolls back together. The callers outside `db/` use this instead of Kysely's
 * own API, so what a transaction is stays a detail of this layer.
 */
export function inTransaction<T>(db: DatabaseClient, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
