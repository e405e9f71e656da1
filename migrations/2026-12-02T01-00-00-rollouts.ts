import type { Kysely } from 'kysely';

/**
 * Progressive delivery (canary and blue-green): a rollout's state lives on its
 * operation, so a Wheelhouse that dies mid-rollout resumes where it stood and
 * `operationUpdates` carries every change with the operation it belongs to.
 * - `rollout`: the rollout document (phase, steps, weight, analysis runs).
 * - `promote_requested`: `step` or `full` while a promoteOperation waits to be
 *   taken by the executor driving the rollout (a column of its own, so the
 *   executor's writes of the document never overwrite a request).
 * - `routes.release_id`: a blue-green preview, a route that serves only one
 *   release's replicas (hidden from the tenant's route lists; removed when the
 *   rollout ends).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operations').addColumn('rollout', 'jsonb').execute();
  await db.schema.alterTable('operations').addColumn('promote_requested', 'text').execute();
  await db.schema
    .alterTable('routes')
    .addColumn('release_id', 'uuid', (c) => c.references('releases.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('routes_release_id_idx').on('routes').column('release_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('routes_release_id_idx').execute();
  await db.schema.alterTable('routes').dropColumn('release_id').execute();
  await db.schema.alterTable('operations').dropColumn('promote_requested').execute();
  await db.schema.alterTable('operations').dropColumn('rollout').execute();
}
