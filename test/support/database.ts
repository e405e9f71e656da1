import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';

/**
 * The database this run tests against: the Postgres server named by
 * WHEELHOUSE_TEST_DATABASE_URL (one database shared by every file; tests make
 * their own tenants instead of truncating), else a fresh in-memory PGlite.
 */
export function testDatabaseTarget(): DatabaseTarget {
  const url = process.env.WHEELHOUSE_TEST_DATABASE_URL;
  return url ? { kind: 'postgres', url, poolSize: 5 } : { kind: 'pglite', dataDir: 'memory://' };
}

export const usingPostgres = (): boolean => !!process.env.WHEELHOUSE_TEST_DATABASE_URL;

/** Opens and migrates the test database. Close it in afterAll. */
export async function openTestDatabase(observe?: (sql: string) => void): Promise<DatabaseHandle> {
  const handle = await openDatabase(testDatabaseTarget(), observe);
  await migrateToLatest(handle.db);
  return handle;
}
