import type { Kysely } from 'kysely';

/**
 * Volume backups kept as platform snapshots (issue 36, Kubernetes): a
 * backup made by a provider whose backup engine snapshots (a VolumeSnapshot)
 * records the snapshot's name instead of an archive in the backup store. Null
 * for an archive; a row has one or the other once it succeeded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('volume_backups').addColumn('snapshot', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('volume_backups').dropColumn('snapshot').execute();
}
