import type { Kysely } from 'kysely';

/**
 * Scale to zero: since when a routed service with `minReplicas: 0` has had no
 * request at the edge (the edge's counter unchanged between samples). Kept in
 * Postgres beside the rest of the autoscaler's memory, so a restart or another
 * replica of Wheelhouse does not start the idle window over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('autoscale_states').addColumn('idle_since', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('autoscale_states').dropColumn('idle_since').execute();
}
