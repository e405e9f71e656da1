/**
 * Backup schedules on the real Docker Engine, through the API (issue 36): a
 * schedule `*\/1 * * * *` with `retention { last: 2, daily: 0, weekly: 0,
 * monthly: 0 }` over four minute-ticks (the ticker's clock moved to each
 * tick, so four minutes pass in seconds; every backup real, on the engine)
 * keeps exactly the 2 newest backups, each with its expiresAt and its
 * schedule; the others' archives are gone from the store and their records
 * from the API; the schedule never made a job. FORBID skips a tick while the
 * schedule's previous backup still runs (a HOOK that sleeps holds it).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { until } from './builds-support.js';
import { provisionInstance, removeInstance } from './jobs-support.js';

const hasDocker = await dockerOrSkip();

const CREATE = `mutation C($input: CreateScheduleInput!) { createSchedule(input: $input) {
  __typename
  ... on CreateSchedulePayload { schedule { id command nextRunAt backup { volume consistency retention { last daily weekly monthly } } } }
  ... on ValidationError { fieldErrors { path message } }
  ... on Error { message }
} }`;
const SCHEDULE = `query S($id: ID!) { node(id: $id) { ... on Schedule {
  id nextRunAt
  lastJob { id }
  jobs(first: 10) { edges { node { id } } }
  backups(first: 20) { edges { node {
    id status expiresAt createdAt schedule { id } operation { status steps { name status message } }
  } } }
} } }`;

interface Backup {
  id: string;
  status: string;
  expiresAt: string | null;
  createdAt: string;
  schedule: { id: string } | null;
  operation: { status: string; steps: Array<{ name: string; status: string; message: string | null }> };
}

const SERVICE = {
  name: 'db',
  image: TEST_IMAGES.data,
  command: ['sleep', '3600'],
  volumes: [{ name: 'data', mountPath: '/data' }],
};

describe.skipIf(!hasDocker)('backup schedules on the real Docker Engine', () => {
  const stamp = Date.now().toString(36);
  let app: TestApp;
  let tenant: TestTenant;
  let backupDir: string;
  let instanceId: string;

  const create = async (schedule: Record<string, unknown>) =>
    (await gql(app, tenant.token, CREATE, { input: { instanceId, schedule } })).createSchedule;
  const schedule = async (id: string) => (await gql(app, tenant.token, SCHEDULE, { id })).node;
  const backupsOf = async (id: string): Promise<Backup[]> =>
    (await schedule(id)).backups.edges.map((e: { node: Backup }) => e.node);
  /** One whole ticker pass with its clock a second past the schedule's next tick: that tick is due now. */
  const tickAt = async (scheduleId: string) => {
    const due = new Date((await schedule(scheduleId)).nextRunAt);
    const ticker = new ScheduleTicker({
      db: app.database.db,
      signal: app.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 60_000,
      now: () => new Date(due.getTime() + 1_000),
    });
    // The pass may also take another schedule due by then: this schedule's outcome.
    return (await ticker.tick()).find((o) => o.scheduleId === localIdOf(scheduleId));
  };
  const suspend = (id: string) =>
    gql(app, tenant.token, 'mutation($i: UpdateScheduleInput!) { updateSchedule(input: $i) { __typename } }', {
      i: { id, suspended: true },
    });

  beforeAll(async () => {
    backupDir = await mkdtemp(join(tmpdir(), 'wh-backup-schedules-'));
    app = await startDockerApp({ config: { backupDir }, executor: { leaseMs: 5_000, pollMs: 100 } });
    tenant = await app.newTenant();
    instanceId = await provisionInstance(app, tenant.token, { name: `bks-${stamp}`, services: [SERVICE] });
  }, 180_000);

  afterAll(async () => {
    if (!app) return;
    if (instanceId) await removeInstance(app, tenant.token, instanceId);
    await app.stop();
    await rm(backupDir, { recursive: true, force: true });
  }, 120_000);

  it('four minute-ticks with retention { last: 2 } keep exactly the 2 newest backups; the others leave the store', async () => {
    const made = await create({
      name: 'every-minute',
      service: 'db',
      cron: '*/1 * * * *',
      backup: { volume: 'data', consistency: 'LIVE', retention: { last: 2, daily: 0, weekly: 0, monthly: 0 } },
    });
    expect(made.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    expect(made.schedule).toMatchObject({
      command: [],
      backup: { volume: 'data', consistency: 'LIVE', retention: { last: 2, daily: 0, weekly: 0, monthly: 0 } },
    });
    const id = made.schedule.id;
    const ids: string[] = [];
    for (let minute = 1; minute <= 4; minute++) {
      await tickAt(id);
      // This tick's backup (the app's own ticker, on the real clock, could take the first tick first: one either way).
      const done = await until(
        `backup ${minute} and its retention to end`,
        async () => {
          const list = await backupsOf(id);
          const fresh = list.find((b) => !ids.includes(b.id));
          return fresh && fresh.operation.status !== 'QUEUED' && fresh.operation.status !== 'RUNNING'
            ? fresh
            : undefined;
        },
        90_000,
      );
      expect(done.operation.status, JSON.stringify(done)).toBe('SUCCEEDED');
      ids.push(done.id);
      // Retention ran as its last step, and kept at most 2.
      expect(done.operation.steps.at(-1)).toMatchObject({
        name: "apply the schedule's retention",
        status: 'SUCCEEDED',
        message: `kept ${Math.min(minute, 2)} backup(s), deleted ${minute > 2 ? 1 : 0}`,
      });
    }
    await suspend(id);

    const kept = await backupsOf(id);
    expect(kept.map((b) => b.id)).toEqual([ids[3], ids[2]]);
    for (const b of kept) {
      expect(b).toMatchObject({ status: 'SUCCEEDED', schedule: { id } });
      expect(b.expiresAt).not.toBeNull();
    }
    // The older of the two goes first (with the next tick's backup), the newer with the one after.
    expect(new Date(kept[1]!.expiresAt!).getTime()).toBeLessThan(new Date(kept[0]!.expiresAt!).getTime());
    expect(new Date(kept[1]!.expiresAt!).getTime()).toBeGreaterThan(new Date(kept[1]!.createdAt).getTime());
    // The store holds exactly the kept archives; the others' records are gone too.
    expect((await readdir(join(backupDir, tenant.tenantId))).sort()).toEqual(
      [ids[2], ids[3]].map((b) => `${localIdOf(b!)}.whbak`).sort(),
    );
    const gone = await gql(
      app,
      tenant.token,
      'query($a: ID!, $b: ID!) { a: node(id: $a) { id } b: node(id: $b) { id } }',
      {
        a: ids[0],
        b: ids[1],
      },
    );
    expect(gone).toEqual({ a: null, b: null });
    const listed = await gql(
      app,
      tenant.token,
      'query($i: ID!) { instance(id: $i) { volumeBackups(first: 10) { edges { node { id } } } } }',
      { i: instanceId },
    );
    expect(listed.instance.volumeBackups.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
      ids[3],
      ids[2],
    ]);
    // A backup schedule never made a job.
    const s = await schedule(id);
    expect(s.lastJob).toBeNull();
    expect(s.jobs.edges).toEqual([]);
    const jobs = await app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('schedule_id', '=', localIdOf(id))
      .execute();
    expect(jobs).toEqual([]);
  }, 300_000);

  it('FORBID skips a tick while the schedule’s previous backup still runs', async () => {
    const made = await create({
      name: 'slow',
      service: 'db',
      cron: '*/1 * * * *',
      concurrency: 'FORBID',
      backup: {
        volume: 'data',
        consistency: 'HOOK',
        hook: { service: 'db', before: ['sleep', '4'] },
        retention: { last: 5, daily: 0, weekly: 0, monthly: 0 },
      },
    });
    expect(made.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    const id = made.schedule.id;
    await tickAt(id);
    const first = await until('the first backup to run', async () => (await backupsOf(id))[0], 30_000);
    // The hook sleeps: the next minute's tick finds it still open and is skipped.
    const skipped = await tickAt(id);
    expect(skipped).toMatchObject({ scheduleId: localIdOf(id), skipped: true, queued: null });
    expect((await backupsOf(id)).map((b) => b.id)).toEqual([first.id]);
    const ended = await until(
      'the first backup to end',
      async () => {
        const [b] = await backupsOf(id);
        return b && b.operation.status === 'SUCCEEDED' ? b : undefined;
      },
      60_000,
    );
    expect(ended.id).toBe(first.id);
    // Once it ended, the next tick runs.
    const ran = await tickAt(id);
    expect(ran?.queued).not.toBeNull();
    await until('a second backup', async () => ((await backupsOf(id)).length === 2 ? true : undefined), 30_000);
    await suspend(id);
  }, 180_000);
});
