import { type Kysely, sql } from 'kysely';

/**
 * Schedules the platform runs (issue 35: a Kubernetes CronJob): each run the
 * platform started is recorded as a job of its schedule, once, keyed by the
 * platform's own id of the run (a Job's uid) in `platform_run`. The unique
 * index is what makes two replicas reading the same run record it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs add column platform_run text`.execute(db);
  await sql`create unique index jobs_platform_run_key on jobs (platform_run) where platform_run is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jobs_platform_run_key`.execute(db);
  await sql`alter table jobs drop column platform_run`.execute(db);
}
