/**
 * Schedules in real time with two Wheelhouse replicas on one Postgres
 * database (issue 35): two whole servers (each with its executor and its
 * schedules' ticker, each on its own pool), the real Docker Engine running
 * the jobs, the wall clock. Over three minute ticks, a schedule `*\/1 * * * *`
 * starts exactly one job per tick, every one of which succeeds; beside it, a
 * FORBID schedule whose job outlasts the interval has its second tick
 * SKIPPED and its third run again. The accelerated-clock tests
 * (schedule-ticker.test.ts) race four tickers over ten minutes and cover the
 * outage (MISSED) and daylight saving; this one shows the same on real time.
 */
import { afterAll, describe, expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { cancelOperation, provisionInstance, removeInstance } from '../api/jobs-support.js';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { inFileDatabase } from '../support/postgres-file-database.js';

const hasDocker = await dockerOrSkip();

const CREATE = `mutation($input: CreateScheduleInput!) { createSchedule(input: $input) { __typename
  ... on CreateSchedulePayload { schedule { id nextRunAt } } ... on Error { message } } }`;

/** Resolves once `ok()` answers a value, polling every second until `ms` have passed. */
async function until<T>(what: string, ok: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await ok();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

describe.skipIf(!hasDocker)('schedules with two replicas, in real time', () => {
  const handles: DatabaseHandle[] = [];
  const apps: TestApp[] = [];
  let instanceId: string | undefined;
  let token = '';

  afterAll(async () => {
    const [a] = apps;
    if (a && instanceId) {
      // The last slow job may still sleep for a minute: cancel what runs, then remove the instance.
      const open = await a.database.db
        .selectFrom('jobs')
        .select('operation_id')
        .where('instance_id', '=', localIdOf(instanceId))
        .where('status', 'in', ['queued', 'running'])
        .execute();
      for (const j of open)
        await cancelOperation(a, token, Buffer.from(`Operation:${j.operation_id}`).toString('base64')).catch(
          () => undefined,
        );
      await removeInstance(a, token, instanceId);
    }
    for (const app of apps) await app.stop();
    for (const h of handles) await h.close();
  }, 120_000);

  itOnPostgres(
    'each tick starts exactly one job across the replicas; FORBID skips a tick while the job runs',
    async () => {
      const url = await inFileDatabase(postgresServerUrl()!);
      for (let i = 0; i < 2; i++) {
        const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
        handles.push(handle);
        apps.push(await startDockerApp({ database: handle, executor: { pollMs: 200 } }));
      }
      const [a, b] = apps as [TestApp, TestApp];
      const tenant = await a.newTenant();
      token = tenant.token;
      instanceId = await provisionInstance(a, token, {
        name: `rt-${Date.now().toString(36)}`,
        services: [{ name: 'web', image: TEST_IMAGES.web1 }],
      });
      // Created late in a minute, so the first tick is at most ~20 s away.
      await until(
        'the clock to reach :40 of a minute',
        async () => (new Date().getSeconds() >= 40 ? true : undefined),
        60_000,
      );
      const make = async (via: TestApp, schedule: Record<string, unknown>) => {
        const r = await gql(via, token, CREATE, { input: { instanceId, schedule } });
        expect(r.createSchedule.__typename, JSON.stringify(r)).toBe('CreateSchedulePayload');
        return r.createSchedule.schedule as { id: string; nextRunAt: string };
      };
      const every = await make(a, {
        name: 'every',
        service: 'web',
        command: ['sh', '-c', 'echo tick'],
        cron: '*/1 * * * *',
        concurrency: 'ALLOW',
      });
      const slow = await make(b, {
        name: 'slow',
        service: 'web',
        command: ['sh', '-c', 'sleep 75'],
        cron: '*/1 * * * *',
        concurrency: 'FORBID',
        timeoutSeconds: 120,
      });
      const t1 = Date.parse(every.nextRunAt);
      const ticks = [t1, t1 + 60_000, t1 + 120_000].map((t) => new Date(t).toISOString());
      expect(slow.nextRunAt).toBe(ticks[0]);

      const jobsOf = (scheduleId: string) =>
        a.database.db
          .selectFrom('jobs')
          .select(['scheduled_at', 'status', 'exit_code'])
          .where('schedule_id', '=', localIdOf(scheduleId))
          .orderBy('scheduled_at')
          .execute();
      // Three ticks taken, the quick schedule's three jobs ended.
      const quick = await until(
        'three ticks of each schedule',
        async () => {
          const rows = await jobsOf(every.id);
          const ended = rows.filter((r) => !['queued', 'running'].includes(r.status));
          const slowRows = await jobsOf(slow.id);
          return ended.length >= 3 && slowRows.length >= 3 ? rows : undefined;
        },
        t1 - Date.now() + 120_000 + 60_000,
      );
      // No fourth tick has come yet when this is read (the wait ends seconds after the third).
      expect(quick.map((r) => (r.scheduled_at as Date).toISOString())).toEqual(ticks);
      expect(quick.map((r) => [r.status, r.exit_code])).toEqual(Array(3).fill(['succeeded', 0]));

      const slowJobs = await jobsOf(slow.id);
      expect(slowJobs.slice(0, 3).map((r) => (r.scheduled_at as Date).toISOString())).toEqual(ticks);
      // The first ran (75 s, past the second tick), so the second was SKIPPED; the third runs again.
      expect(slowJobs[0]?.status).toMatch(/^(running|succeeded)$/);
      expect(slowJobs[1]?.status).toBe('skipped');
      expect(slowJobs[2]?.status).toMatch(/^(queued|running|succeeded)$/);
    },
    300_000,
  );
});
