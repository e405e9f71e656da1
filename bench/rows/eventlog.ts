/**
 * The event log's write path (issue 38): the project's own appendEvents at
 * 1 / 4 / 16 / 64 concurrent writers, in transactions shaped like ours
 * (update an instance row, append one event, NOTIFY, commit), beside the same
 * transactions with no ordering at all (an events table without the
 * transaction column and its index, no lock) and, for the record, with the
 * global advisory lock the log used to take. They alternate at each level,
 * in four rounds of short runs, so a noisy neighbour hurts them alike; each
 * figure is the mean of its runs.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { appendEvents, EVENTS_CHANNEL } from '../../src/db/repositories/event-repository.js';
import { type BenchRow, dropTenant, fmt, openBenchDatabase, ratio, seconds, seedInstances } from '../support.js';

const LEVELS = [1, 4, 16, 64] as const;
const GOAL_AT = 16;
const GOAL = 0.9;
/** Short runs, many times over: on a shared machine a neighbour's burst then lands on both sides alike. */
const ROUNDS = 4;
// The lock the log took before issue 38 (event-repository.ts then), to show what it cost.
const OLD_EVENT_ORDER_LOCK = 7_243_001;

type Variant = 'project' | 'unordered' | 'locked';

interface Run {
  perSecond: number;
  p99Ms: number;
}

const UNORDERED_TABLE = sql`bench_unordered_events`;

/** The events table as it was before issue 38: no transaction column, indexes by id. */
async function createUnorderedTable(database: DatabaseHandle): Promise<void> {
  await sql`drop table if exists ${UNORDERED_TABLE}`.execute(database.db);
  await sql`create table ${UNORDERED_TABLE} (
      id bigserial primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      instance_id uuid references instances(id) on delete cascade,
      operation_id uuid references operations(id) on delete cascade,
      type text not null, from_state text, to_state text, ready boolean, message text, data jsonb,
      actor_token_id uuid, occurred_at timestamptz not null default now())`.execute(database.db);
  for (const col of ['tenant_id', 'instance_id', 'operation_id']) {
    await sql`create index on ${UNORDERED_TABLE} (${sql.ref(col)}, id)`.execute(database.db);
  }
}

/** One transaction of a variant: the instance row updated, one event appended and announced. */
async function transaction(database: DatabaseHandle, variant: Variant, tenantId: string, instanceId: string) {
  await database.db.transaction().execute(async (tx) => {
    await sql`update instances set updated_at = now() where id = ${instanceId}`.execute(tx);
    const row = { tenant_id: tenantId, instance_id: instanceId, type: 'bench.event', message: 'bench' };
    if (variant === 'project') {
      await appendEvents(tx, [row]);
      return;
    }
    if (variant === 'locked') await sql`select pg_advisory_xact_lock(${OLD_EVENT_ORDER_LOCK})`.execute(tx);
    const r = await sql<{ id: string }>`insert into ${UNORDERED_TABLE} (tenant_id, instance_id, type, message)
      values (${row.tenant_id}, ${row.instance_id}, ${row.type}, ${row.message}) returning *`.execute(tx);
    await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(r.rows[0]?.id)})`.execute(tx);
  });
}

/** `writers` loops of transactions, each on its own instance, for `ms`. */
async function measure(
  database: DatabaseHandle,
  variant: Variant,
  writers: number,
  ms: number,
  tenantId: string,
  instances: string[],
): Promise<Run> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const instanceId = instances[w % instances.length] as string;
      while (performance.now() < until) {
        const t0 = performance.now();
        await transaction(database, variant, tenantId, instanceId);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
  };
}

const mean = (runs: Run[]): Run => ({
  perSecond: runs.reduce((a, r) => a + r.perSecond, 0) / runs.length,
  p99Ms: runs.reduce((a, r) => a + r.p99Ms, 0) / runs.length,
});

export async function eventLogRows(): Promise<BenchRow[]> {
  const maxWriters = Math.max(...LEVELS);
  const database = await openBenchDatabase(undefined, maxWriters + 2);
  const tenantId = randomUUID();
  try {
    await sql`insert into tenants (id, name) values (${tenantId}, ${`bench-eventlog-${tenantId.slice(0, 8)}`})`.execute(
      database.db,
    );
    await seedInstances(database, tenantId, 'bench', maxWriters);
    const instances = (
      await sql<{ id: string }>`select id from instances where tenant_id = ${tenantId} order by id`.execute(database.db)
    ).rows.map((r) => r.id);
    await createUnorderedTable(database);
    // Earlier runs' deleted rows out of the way: the baseline's table is new, so both start clean.
    await database.pool?.query('vacuum analyze events');
    const ms = Math.max(1, seconds() / 4) * 1000;
    // Warm the pool and both tables' first pages.
    await measure(database, 'project', maxWriters, 500, tenantId, instances);
    await measure(database, 'unordered', maxWriters, 500, tenantId, instances);

    const rows: BenchRow[] = [];
    const notes: string[] = [];
    for (const writers of LEVELS) {
      const runs: Record<Variant, Run[]> = { project: [], unordered: [], locked: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which goes first; the old lock in every other round only (it is context, not the goal).
        const order: Variant[] = round % 2 === 0 ? ['project', 'unordered', 'locked'] : ['unordered', 'project'];
        for (const v of order) runs[v].push(await measure(database, v, writers, ms, tenantId, instances));
      }
      const project = mean(runs.project);
      const unordered = mean(runs.unordered);
      const locked = mean(runs.locked);
      const r = project.perSecond / unordered.perSecond;
      rows.push({
        figure: `event log: transactions/s at ${writers} writer${writers === 1 ? '' : 's'} (appendEvents)`,
        value: `${fmt(project.perSecond, 0)}/s, p99 ${fmt(project.p99Ms)} ms`,
        baseline: `${fmt(unordered.perSecond, 0)}/s, p99 ${fmt(unordered.p99Ms)} ms (no ordering)`,
        ratio: ratio(r),
        goal: writers === GOAL_AT ? `≥ ${GOAL}× no ordering` : '',
        met: writers === GOAL_AT ? r >= GOAL : undefined,
      });
      notes.push(
        `${writers} writers: appendEvents ${fmt(project.perSecond, 0)}/s, no ordering ${fmt(unordered.perSecond, 0)}/s, ` +
          `the old global lock ${fmt(locked.perSecond, 0)}/s (p99 ${fmt(locked.p99Ms)} ms, ${ratio(locked.perSecond / unordered.perSecond)})`,
      );
    }
    const first = rows[0];
    if (first) {
      first.notes = [
        'each transaction: update an instance row, append one event, NOTIFY, commit; each writer its own instance;',
        `${fmt(ms / 1000)} s per run, ${ROUNDS} rounds alternating the variants (the old lock in every other), means:`,
        ...notes,
      ];
    }
    return rows;
  } finally {
    await sql`drop table if exists ${UNORDERED_TABLE}`.execute(database.db);
    await dropTenant(database, tenantId);
    await database.close();
  }
}
