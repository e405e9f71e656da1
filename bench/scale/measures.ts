/**
 * The scale row's arithmetic: percentiles, the supervisor's observation gaps
 * from the fleet fake's status calls, and Postgres' transaction counter.
 */
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { StatusSample } from './fleet-provider.js';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What the supervisor did with the fleet over a window. */
export interface ObservationGaps {
  /** Milliseconds between two observations of one instance, sorted; see observationGaps. */
  gaps: number[];
  observations: number;
  /** Instances not observed at all in the window. */
  unobserved: number;
}

/**
 * The time between two consecutive observations (status calls, by either
 * replica) of each instance within [from, to]; and for each instance whose
 * last observation (or the window's start, if it had none) lies more than
 * `intervalMs` before `to`, the time since, a lower bound of a gap still
 * open: an instance the supervisor fell behind on counts, rather than
 * dropping out of the figure.
 */
export function observationGaps(
  samples: StatusSample[],
  instanceIds: readonly string[],
  from: number,
  to: number,
  intervalMs: number,
): ObservationGaps {
  const times = new Map<string, number[]>();
  for (const id of instanceIds) times.set(id, []);
  let observations = 0;
  for (const [id, at] of samples) {
    if (at < from || at > to) continue;
    const list = times.get(id);
    if (!list) continue;
    list.push(at);
    observations += 1;
  }
  const gaps: number[] = [];
  let unobserved = 0;
  for (const list of times.values()) {
    list.sort((a, b) => a - b);
    if (list.length === 0) unobserved += 1;
    for (let i = 1; i < list.length; i++) gaps.push(list[i]! - list[i - 1]!);
    const open = to - (list.at(-1) ?? from);
    if (open > intervalMs) gaps.push(open);
  }
  gaps.sort((a, b) => a - b);
  return { gaps, observations, unobserved };
}

/** Transactions Postgres has committed and rolled back in the bench database, in all (pg_stat_database). */
export async function transactionsSoFar(database: DatabaseHandle): Promise<number> {
  // The statistics of the current transaction's snapshot would not move: ask afresh.
  await database.pool!.query('select pg_stat_clear_snapshot()');
  const r = await database.pool!.query<{ n: string }>(
    'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()',
  );
  return Number(r.rows[0]?.n ?? 0);
}
