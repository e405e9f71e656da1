import { type Kysely, sql } from 'kysely';

/**
 * Indexes on the foreign keys that point at releases and operations. Without
 * them Postgres checks each deleted release or operation by scanning the
 * referencing table: deleting a tenant of 100,000 instances (its releases
 * cascade) took minutes in the bench. Partial, because most rows hold null and
 * a key check only looks for one value.
 */
const INDEXES = [
  ['instances_current_release_idx', 'instances', 'current_release_id'],
  ['operations_release_idx', 'operations', 'release_id'],
  ['releases_rolled_back_from_idx', 'releases', 'rolled_back_from_id'],
  ['releases_operation_idx', 'releases', 'operation_id'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.ref(column)}) where ${sql.ref(column)} is not null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
