import type { DbHandle } from './db-types.js';

/**
 * True when the database answers a trivial read of a migrated table: the
 * readiness probe's question, "can this process serve requests now?".
 */
export async function databaseReady(db: DbHandle): Promise<boolean> {
  try {
    await db.selectFrom('tenants').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
