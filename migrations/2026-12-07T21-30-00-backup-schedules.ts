import { type Kysely, sql } from 'kysely';

/**
 * Scheduled backups (issue 36): a schedule with `backup` (its volume,
 * consistency, hook and retention, as jsonb) queues a BACKUP operation at
 * each tick instead of a job; its `command` is then the empty list. The
 * backups it made point at it (`volume_backups.schedule_id`, null once the
 * schedule is deleted: its backups stay, no longer pruned by its retention);
 * the index serves its retention pass and its list of backups.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table schedules add column backup jsonb`.execute(db);
  await sql`alter table volume_backups add constraint volume_backups_schedule_id_fkey
    foreign key (schedule_id) references schedules (id) on delete set null`.execute(db);
  await sql`create index volume_backups_schedule_idx on volume_backups (schedule_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index volume_backups_schedule_idx`.execute(db);
  await sql`alter table volume_backups drop constraint volume_backups_schedule_id_fkey`.execute(db);
  await sql`alter table schedules drop column backup`.execute(db);
}
