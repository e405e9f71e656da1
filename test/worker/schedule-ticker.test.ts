/**
 * The schedules' ticker (issue 35) on an injected clock: each tick is claimed
 * in the database (two tickers with their own pools on one Postgres database
 * start exactly one job per tick), FORBID records a tick SKIPPED while the
 * previous job is open, REPLACE cancels it, a ticker stopped across ticks
 * records the older ones MISSED and runs at most the latest (within its
 * deadline), a tick whose transaction fails is taken again whole, the history
 * limit keeps storage bounded, suspend clears the next run and resume
 * recomputes it from now.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationSignal } from '../../src/control/operation-signal.js';
import { checkScheduleSpec, insertSchedules, ScheduleService, type ScheduleSpec } from '../../src/control/schedules.js';
import { Problems } from '../../src/control/spec-validation.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import { insertInstance } from '../../src/db/repositories/instance-repository.js';
import { insertTenant } from '../../src/db/repositories/tenant-repository.js';
import { createLogger } from '../../src/logger.js';
import { Registry } from '../../src/providers/registry.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { itOnPostgres, openPostgresDatabase, openTestDatabase, postgresServerUrl } from '../support/database.js';
import { instanceRow } from '../support/instance-row.js';
import { inFileDatabase } from '../support/postgres-file-database.js';

const T0 = '2030-01-01T00:00:30Z';
const at = (hhmmss: string) => new Date(`2030-01-01T${hhmmss}Z`);

/** A clock the test moves. */
function clock(start: string) {
  let now = new Date(start);
  return { now: () => now, set: (t: Date) => (now = t) };
}

function ticker(db: DatabaseHandle, now: () => Date): ScheduleTicker {
  return new ScheduleTicker({
    db: db.db,
    signal: new OperationSignal(),
    logger: createLogger('silent'),
    intervalMs: 60_000,
    now,
  });
}

/** A tenant, a running instance with a service "web", and one schedule on it created at T0. */
async function seedSchedule(db: DatabaseHandle, spec: Partial<ScheduleSpec>) {
  const tenantId = randomUUID();
  await insertTenant(db.db, { id: tenantId, name: `t-${tenantId.slice(0, 8)}` });
  const inst = await insertInstance(
    db.db,
    instanceRow({
      id: randomUUID(),
      tenant_id: tenantId,
      name: `i-${tenantId.slice(0, 8)}`,
      provider_key: 'docker',
      services: json([{ name: 'web' }] as never),
    }),
  );
  const p = new Problems();
  const checked = checkScheduleSpec(
    p,
    { name: 'every-minute', service: 'web', command: ['true'], cron: '*/1 * * * *', ...spec },
    ['web'],
    [],
    new Date(T0),
  );
  expect(p.list).toEqual([]);
  const [row] = await insertSchedules(db.db, inst, [checked]);
  return { tenantId, instanceId: inst.id, scheduleId: row!.id };
}

async function jobsOf(db: DatabaseHandle, scheduleId: string) {
  return db.db
    .selectFrom('jobs')
    .innerJoin('operations', 'operations.id', 'jobs.operation_id')
    .select(['jobs.scheduled_at', 'jobs.status', 'jobs.operation_id', 'operations.status as op_status'])
    .where('jobs.schedule_id', '=', scheduleId)
    .orderBy('jobs.scheduled_at')
    .orderBy('jobs.created_at')
    .execute();
}

const summary = (rows: Awaited<ReturnType<typeof jobsOf>>) =>
  rows.map((r) => `${(r.scheduled_at as Date).toISOString().slice(11, 16)} ${r.status}`);

describe('schedule ticker on one database', () => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('FORBID: a tick while the previous job is still queued is SKIPPED; once it ended, the next runs', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, { concurrency: 'forbid' });
    const t = ticker(db, c.now);
    c.set(at('00:01:01'));
    await t.tick();
    c.set(at('00:02:01'));
    await t.tick();
    expect(summary(await jobsOf(db, s.scheduleId))).toEqual(['00:01 queued', '00:02 skipped']);
    const [first] = await jobsOf(db, s.scheduleId);
    await db.db
      .updateTable('operations')
      .set({ status: 'succeeded', finished_at: new Date() })
      .where('id', '=', first!.operation_id)
      .execute();
    await db.db
      .updateTable('jobs')
      .set({ status: 'succeeded' })
      .where('operation_id', '=', first!.operation_id)
      .execute();
    c.set(at('00:03:01'));
    await t.tick();
    expect(summary(await jobsOf(db, s.scheduleId))).toEqual(['00:01 succeeded', '00:02 skipped', '00:03 queued']);
    // Each tick is in the tenant's audit log as the scheduler's (SYSTEM), written with the tick.
    const audited = await db.db
      .selectFrom('audit_entries')
      .select(['actor_kind', 'actor_id', 'action', 'outcome', 'error_type', 'target_ids'])
      .where('tenant_id', '=', s.tenantId)
      .orderBy('seq')
      .execute();
    expect(audited.map((e) => [e.actor_kind, e.actor_id, e.action, e.outcome, e.error_type])).toEqual([
      ['SYSTEM', 'scheduler', 'schedule.tick', 'OK', null],
      ['SYSTEM', 'scheduler', 'schedule.tick', 'ERROR', 'Skipped'],
      ['SYSTEM', 'scheduler', 'schedule.tick', 'OK', null],
    ]);
    expect(audited[0]!.target_ids).toContain(Buffer.from(`Schedule:${s.scheduleId}`).toString('base64'));
  });

  it('REPLACE: the queued job is canceled and the new one queued; a running one is asked to stop', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, { concurrency: 'replace' });
    const t = ticker(db, c.now);
    c.set(at('00:01:01'));
    await t.tick();
    c.set(at('00:02:01'));
    await t.tick();
    const rows = await jobsOf(db, s.scheduleId);
    expect(rows.map((r) => `${(r.scheduled_at as Date).toISOString().slice(11, 16)} ${r.op_status}`)).toEqual([
      '00:01 canceled',
      '00:02 queued',
    ]);
    // The 00:02 one runs now: the 00:03 tick asks it to stop (the executor aborts it), and queues its own.
    await db.db.updateTable('operations').set({ status: 'running' }).where('id', '=', rows[1]!.operation_id).execute();
    c.set(at('00:03:01'));
    await t.tick();
    const running = await db.db
      .selectFrom('operations')
      .select('cancel_requested')
      .where('id', '=', rows[1]!.operation_id)
      .executeTakeFirstOrThrow();
    expect(running.cancel_requested).toBe(true);
    expect((await jobsOf(db, s.scheduleId)).map((r) => r.op_status)).toEqual(['canceled', 'running', 'queued']);
  });

  it('stopped across two ticks: the older is MISSED (with a schedule.missed event), the latest runs within its deadline', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, { concurrency: 'allow', startingDeadlineSeconds: 30 });
    const t = ticker(db, c.now);
    c.set(at('00:01:01'));
    await t.tick();
    // Down from 00:01:30 to 00:03:10: 00:02 and 00:03 came and went.
    c.set(at('00:03:10'));
    await ticker(db, c.now).tick();
    expect(summary(await jobsOf(db, s.scheduleId))).toEqual(['00:01 queued', '00:02 missed', '00:03 queued']);
    // Down again past the deadline of every tick since: none runs late, all are MISSED.
    c.set(at('00:06:45'));
    await t.tick();
    expect(summary(await jobsOf(db, s.scheduleId)).slice(3)).toEqual(['00:04 missed', '00:05 missed', '00:06 missed']);
    const events = await db.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('instance_id', '=', s.instanceId)
      .where('type', '=', 'schedule.missed')
      .orderBy('id')
      .execute();
    expect(events.map((e) => (e.data as { missed: number }).missed)).toEqual([1, 3]);
    const row = await db.db
      .selectFrom('schedules')
      .select('next_run_at')
      .where('id', '=', s.scheduleId)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at?.toISOString()).toBe('2030-01-01T00:07:00.000Z');
    // Nothing is due before then: another pass records nothing.
    await t.tick();
    expect(await jobsOf(db, s.scheduleId)).toHaveLength(6);
  });

  it('a tick whose transaction fails is neither lost nor half-done: the next pass starts its one job', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, { concurrency: 'allow' });
    const t = ticker(db, c.now);
    // The job insert fails (a crash between the operation and the job, as the database sees it).
    await sql`create function refuse_job() returns trigger language plpgsql as $$
      begin raise exception 'crash before commit'; end $$`.execute(db.db);
    await sql`create trigger refuse_job before insert on jobs for each row execute function refuse_job()`.execute(
      db.db,
    );
    c.set(at('00:01:01'));
    try {
      await expect(t.tick()).rejects.toThrow(/crash before commit/);
    } finally {
      await sql`drop trigger refuse_job on jobs`.execute(db.db);
      await sql`drop function refuse_job()`.execute(db.db);
    }
    const row = await db.db
      .selectFrom('schedules')
      .select('next_run_at')
      .where('id', '=', s.scheduleId)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at?.toISOString()).toBe('2030-01-01T00:01:00.000Z');
    const ops = await db.db.selectFrom('operations').select('id').where('instance_id', '=', s.instanceId).execute();
    expect(ops).toEqual([]);
    // Back up, a moment later: the tick is still due, and runs once.
    c.set(at('00:01:20'));
    await t.tick();
    await t.tick();
    expect(summary(await jobsOf(db, s.scheduleId))).toEqual(['00:01 queued']);
  });

  it("a deprovisioned instance's schedule stops ticking and records nothing", async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, {});
    await db.db.updateTable('instances').set({ desired_state: 'destroyed' }).where('id', '=', s.instanceId).execute();
    c.set(at('00:01:01'));
    await ticker(db, c.now).tick();
    expect(await jobsOf(db, s.scheduleId)).toEqual([]);
    const row = await db.db
      .selectFrom('schedules')
      .select('next_run_at')
      .where('id', '=', s.scheduleId)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at).toBeNull();
  });

  it('keeps at most historyLimit ended jobs per schedule, the oldest deleted first (the open one stays)', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, { concurrency: 'forbid', historyLimit: 2 });
    const t = ticker(db, c.now);
    for (const m of ['01', '02', '03', '04', '05']) {
      c.set(at(`00:${m}:01`));
      await t.tick();
    }
    expect(summary(await jobsOf(db, s.scheduleId))).toEqual(['00:01 queued', '00:04 skipped', '00:05 skipped']);
  });

  it('suspend clears the next run and no tick runs; resume computes it from now', async () => {
    const c = clock(T0);
    const s = await seedSchedule(db, {});
    const service = new ScheduleService(db.db, new Registry(), c.now);
    const caller = { tenantId: s.tenantId, tokenId: randomUUID(), scopes: new Set(['deploy'] as const) };
    const paused = await service.update(caller, { id: s.scheduleId, suspended: true });
    expect(paused.nextRunAt).toBeNull();
    c.set(at('00:05:01'));
    await ticker(db, c.now).tick();
    expect(await jobsOf(db, s.scheduleId)).toEqual([]);
    const resumed = await service.update(caller, { id: s.scheduleId, suspended: false });
    expect(resumed.nextRunAt?.toISOString()).toBe('2030-01-01T00:06:00.000Z');
  });
});

describe('schedule tickers on two pools of one Postgres database', () => {
  let a: DatabaseHandle | undefined;
  let b: DatabaseHandle | undefined;
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  itOnPostgres('every tick starts exactly one job, however the replicas race', async () => {
    a = await openPostgresDatabase();
    b = await openDatabase({ kind: 'postgres', url: await inFileDatabase(postgresServerUrl()!), poolSize: 3 });
    const c = clock(T0);
    const s = await seedSchedule(a, { concurrency: 'allow' });
    const replicas = [ticker(a, c.now), ticker(b, c.now), ticker(a, c.now), ticker(b, c.now)];
    // An accelerated clock: ten minutes of ticks, each pass raced by four tickers over two pools.
    for (let m = 1; m <= 10; m++) {
      c.set(new Date(at('00:00:00').getTime() + m * 60_000 + 500));
      await Promise.all(replicas.map((r) => r.tick()));
    }
    const perTick = await a.db
      .selectFrom('jobs')
      .select(['scheduled_at', a.db.fn.countAll<string>().as('n')])
      .where('schedule_id', '=', s.scheduleId)
      .groupBy('scheduled_at')
      .orderBy('scheduled_at')
      .execute();
    expect(perTick.map((r) => Number(r.n))).toEqual(Array(10).fill(1));
    expect(perTick.map((r) => (r.scheduled_at as Date).toISOString().slice(11, 16))).toEqual(
      Array.from({ length: 10 }, (_, i) => `00:${String(i + 1).padStart(2, '0')}`),
    );
  });
});
