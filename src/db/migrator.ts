import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import { migrations } from '../../migrations/index.js';

/** The migrator over migrations/ (which never imports app code). */
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** One migration as the operator sees it: known to this code or not, applied or pending. */
export interface MigrationState {
  name: string;
  /** When it was applied, or null while pending. */
  executedAt: Date | null;
  /** False for a migration the database has but this version of Wheelhouse does not know. */
  known: boolean;
}

/**
 * The database was migrated by a newer Wheelhouse: it has migrations this code
 * does not know. Running against it could write rows the newer schema forbids,
 * so the server refuses to start and `migrate up` refuses to run.
 */
export class DatabaseTooNewError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `the database was migrated by a newer version of Wheelhouse (unknown migration${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}); run that version, or roll the database back with its \`npm run migrate down\``,
    );
    this.name = 'DatabaseTooNewError';
  }
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const why = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${why}`);
  }
}

/** Every migration this code knows plus any the database has that it does not, oldest first. */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationState[]> {
  const migrator = createMigrator(db);
  const known = await migrator.getMigrations();
  const applied = await appliedMigrations(db);
  const states: MigrationState[] = known.map((m) => ({
    name: m.name,
    executedAt: m.executedAt ?? null,
    known: true,
  }));
  for (const row of applied) {
    if (!(row.name in migrations)) states.push({ name: row.name, executedAt: row.executedAt, known: false });
  }
  return states.sort((a, b) => a.name.localeCompare(b.name));
}

/** Fails with DatabaseTooNewError when the database has migrations this code does not know. */
export async function assertNotNewer(db: Kysely<any>): Promise<void> {
  const unknown = (await appliedMigrations(db)).map((r) => r.name).filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown);
}

/**
 * Brings the database to the latest migration (refusing a database newer than the code). A database
 * that already has every migration is answered from one read of the bookkeeping table: Kysely's
 * migrator would first look the table up in the catalog and take its lock in a transaction, which
 * on a restarted PGlite (its WASM code still cold) took 0.3–1 s of every start.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const applied = new Set((await appliedMigrations(db)).map((r) => r.name));
  const unknown = [...applied].filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown);
  if (Object.keys(migrations).every((name) => applied.has(name))) return { results: [] };
  const result = await createMigrator(db).migrateToLatest();
  check(result);
  return result;
}

/** Undoes the newest applied migration; with `all`, every one. Returns the names undone. */
export async function migrateDown(db: Kysely<any>, opts: { all?: boolean } = {}): Promise<string[]> {
  await assertNotNewer(db);
  const migrator = createMigrator(db);
  if (opts.all) {
    const result = await migrator.migrateTo(NO_MIGRATIONS);
    check(result);
    return (result.results ?? []).map((r) => r.migrationName);
  }
  const result = await migrator.migrateDown();
  check(result);
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Undoes every migration (tests use it to prove `down` works). */
export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  await migrateDown(db, { all: true });
}

/** The rows of Kysely's bookkeeping table; none before the first migration ran. */
async function appliedMigrations(db: Kysely<any>): Promise<{ name: string; executedAt: Date }[]> {
  try {
    const rows = await db.selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute();
    return rows.map((r) => ({ name: String(r.name), executedAt: new Date(r.timestamp as string) }));
  } catch (err) {
    // 42P01 undefined_table: a database no migration has touched yet.
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}
