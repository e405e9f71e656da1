import { sql } from 'kysely';
import type { Db } from '../db-types.js';

/** The operation queue at one moment, across every tenant (what /metrics reports on each scrape). */
export interface QueueStats {
  /** Operations waiting to be claimed. */
  queued: number;
  /** Operations an executor holds now. */
  running: number;
  /** Running operations whose lease lapsed (their executor died; another re-claims them). */
  expiredLeases: number;
  /** Seconds the oldest queued operation has waited (0 when none waits). */
  oldestQueuedSeconds: number;
  /** Seconds since the oldest running operation was first claimed (0 when none runs). */
  oldestRunningSeconds: number;
}

/**
 * One statement over the open operations (the partial status filter keeps it
 * to the queue, not the history). Ages are measured by the database clock, as
 * leases are.
 */
export async function readQueueStats(db: Db): Promise<QueueStats> {
  const r = await sql<{
    queued: number;
    running: number;
    expired: number;
    oldest_queued: number | null;
    oldest_running: number | null;
  }>`
    select
      count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'running')::int as running,
      count(*) filter (where status = 'running' and lease_expires_at < now())::int as expired,
      extract(epoch from now() - min(created_at) filter (where status = 'queued'))::float8 as oldest_queued,
      extract(epoch from now() - min(started_at) filter (where status = 'running'))::float8 as oldest_running
    from operations
    where status in ('queued', 'running')`.execute(db);
  const row = r.rows[0];
  return {
    queued: row?.queued ?? 0,
    running: row?.running ?? 0,
    expiredLeases: row?.expired ?? 0,
    oldestQueuedSeconds: Math.max(0, Number(row?.oldest_queued ?? 0)),
    oldestRunningSeconds: Math.max(0, Number(row?.oldest_running ?? 0)),
  };
}
