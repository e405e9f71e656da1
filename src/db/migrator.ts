import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../../migrations/index.js';

/** The migrator over migrations/ (which never imports app code). */
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const why = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${why}`);
  }
}

/** Brings the database to the latest migration. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  check(await createMigrator(db).migrateToLatest());
}

/** Undoes every migration (tests use it to prove `down` works). */
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const migrator = createMigrator(db);
  for (;;) {
    const result = await migrator.migrateDown();
    check(result);
    if (!result.results || result.results.length === 0) return;
  }
}
