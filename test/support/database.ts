import { sql } from 'kysely';
import { it } from 'vitest';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { strictComponents } from './env.js';
import { pgliteTemplate } from './pglite-template.js';
import { inFileDatabase } from './postgres-file-database.js';

/**
 * The database this run tests against: the Postgres server named by
 * WHEELHOUSE_TEST_DATABASE_URL (each file gets a database of its own on it,
 * see postgres-file-database.ts; tests make their own tenants instead of
 * truncating), else a fresh in-memory PGlite.
 */
export function testDatabaseTarget(): DatabaseTarget {
  const url = process.env.WHEELHOUSE_TEST_DATABASE_URL;
  return url ? { kind: 'postgres', url, poolSize: 5 } : { kind: 'pglite', dataDir: 'memory://' };
}

export const usingPostgres = (): boolean => !!process.env.WHEELHOUSE_TEST_DATABASE_URL;

/**
 * Opens and migrates the test database. Close it in afterAll. A PGlite starts
 * from the run's migrated template (see pglite-template), so migrating it only
 * confirms there is nothing left to apply.
 */
export async function openTestDatabase(observe?: (sql: string) => void): Promise<DatabaseHandle> {
  let target = testDatabaseTarget();
  if (target.kind === 'pglite') target = { ...target, loadDataDir: await pgliteTemplate() };
  else target = { ...target, url: await inFileDatabase(target.url) };
  const handle = await openDatabase(target, observe);
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * The Postgres server for tests that need one whatever the pass
 * (LISTEN/NOTIFY, a server connection to lose): WHEELHOUSE_TEST_POSTGRES_URL,
 * else the pass's own WHEELHOUSE_TEST_DATABASE_URL. CI sets the first in both
 * passes, so such tests run in both; strict mode fails without it (see
 * global-setup), like it fails without a Docker Engine.
 */
export function postgresServerUrl(): string | undefined {
  return process.env.WHEELHOUSE_TEST_POSTGRES_URL || process.env.WHEELHOUSE_TEST_DATABASE_URL || undefined;
}

/** Opens and migrates the Postgres server's test database (see postgresServerUrl). Close it in afterAll. */
export async function openPostgresDatabase(): Promise<DatabaseHandle> {
  const url = postgresServerUrl();
  if (!url) throw new Error('no Postgres server: set WHEELHOUSE_TEST_POSTGRES_URL');
  const handle = await openDatabase({ kind: 'postgres', url: await inFileDatabase(url), poolSize: 3 });
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * `it` for a test that needs a Postgres server, in either pass. Without one it
 * is never silently absent: in strict mode registering it throws (the file
 * fails); elsewhere it shows as skipped, the reason in its name.
 */
export function itOnPostgres(name: string, fn: () => Promise<void>, timeout?: number): void {
  if (postgresServerUrl()) {
    it(name, fn, timeout);
    return;
  }
  if (strictComponents) {
    throw new Error(`"${name}" needs a Postgres server, required in CI: set WHEELHOUSE_TEST_POSTGRES_URL`);
  }
  it.skip(`${name} [skipped: no Postgres server; set WHEELHOUSE_TEST_POSTGRES_URL]`, fn, timeout);
}

/**
 * An event's cursor computed in SQL (its position xact × 2^64 + id, see
 * event-repository.ts), to compare the table with what a stream delivered.
 * Order such rows by `events.xact, events.id`.
 */
export const eventCursorSql = sql<string>`(events.xact::text::numeric * 18446744073709551616 + events.id)::text`;
