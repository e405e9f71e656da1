import type { Kysely } from 'kysely';

/**
 * Progressive delivery (canary and blue-green): a rollout's state lives on its
 * operation, so a Wheelhouse that dies mid-rollout resumes where it stood and
 * `operationUpdates` carries every change with the operation it belongs to.
 * - `rollout`: the rollout document (phase, steps, weight, analysis runs).
 * - `promote_requested`: `step` or `full` while a promoteOperation waits to be
 *   taken by the executor driving the rollout (a column of its own, so the
 *   executor's writes of the document never overwrite a request).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operations').addColumn('rollout', 'jsonb').execute();
  await db.schema.alterTable('operations').addColumn('promote_requested', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operations').dropColumn('promote_requested').execute();
  await db.schema.alterTable('operations').dropColumn('rollout').execute();
}
