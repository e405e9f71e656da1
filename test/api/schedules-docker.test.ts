/**
 * Schedules through the API on the real Docker Engine (issue 35): created,
 * listed (Query.schedules, Instance.schedules), paused and resumed, deleted;
 * bad input is a typed error by field; another tenant sees none of it; and a
 * tick (the ticker's clock injected so the schedule is due now) starts a real
 * job on the engine that SUCCEEDS, reachable as the schedule's lastJob with
 * its scheduledAt. The CLI adds, lists, pauses, resumes and removes one
 * against the real server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { until } from './builds-support.js';
import { provisionInstance, removeInstance } from './jobs-support.js';

const hasDocker = await dockerOrSkip();

const CREATE = `mutation C($input: CreateScheduleInput!) { createSchedule(input: $input) {
  __typename
  ... on CreateSchedulePayload { schedule { id name cron timeZone concurrency suspended nextRunAt startingDeadlineSeconds } }
  ... on ValidationError { fieldErrors { path message } }
  ... on Error { message }
} }`;
const UPDATE = `mutation U($input: UpdateScheduleInput!) { updateSchedule(input: $input) {
  __typename
  ... on UpdateSchedulePayload { schedule { id suspended nextRunAt cron } }
  ... on ValidationError { fieldErrors { path message } }
  ... on Error { message }
} }`;
const DELETE = `mutation D($input: DeleteScheduleInput!) { deleteSchedule(input: $input) {
  __typename ... on DeleteSchedulePayload { id } ... on Error { message } } }`;
const SCHEDULE = `query S($id: ID!) { node(id: $id) { ... on Schedule {
  id name nextRunAt
  lastJob { id status exitCode scheduledAt schedule { id } logs(first: 20) { edges { node { line } } } }
  jobs(first: 5) { edges { node { id status } } }
} } }`;

describe.skipIf(!hasDocker)('schedules on the real Docker Engine', () => {
  const name = `sched-${Date.now().toString(36)}`;
  let app: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let instanceId: string;

  const create = async (schedule: Record<string, unknown>, token = tenant.token) =>
    (await gql(app, token, CREATE, { input: { instanceId, schedule } })).createSchedule;

  beforeAll(async () => {
    app = await startDockerApp({ executor: { leaseMs: 3_000, pollMs: 100 } });
    tenant = await app.newTenant();
    other = await app.newTenant();
    instanceId = await provisionInstance(app, tenant.token, {
      name,
      services: [{ name: 'web', image: TEST_IMAGES.web1 }],
      schedules: [{ name: 'with-instance', service: 'web', command: ['true'], cron: '@weekly', suspended: true }],
    });
  }, 120_000);

  afterAll(async () => {
    if (instanceId) await removeInstance(app, tenant.token, instanceId);
    await app?.stop();
  });

  it('bad input is a typed error naming each field', async () => {
    const bad = await create({
      name: 'Bad Name',
      service: 'nope',
      command: [],
      cron: '61 * * * *',
      timeZone: 'Mars/Olympus',
      timeoutSeconds: 0,
      startingDeadlineSeconds: 0,
      historyLimit: 5000,
    });
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fieldErrors.map((e: { path: string[] }) => e.path.join('.')).sort()).toEqual(
      [
        'input.schedule.name',
        'input.schedule.service',
        'input.schedule.command',
        'input.schedule.cron',
        'input.schedule.timeZone',
        'input.schedule.timeoutSeconds',
        'input.schedule.startingDeadlineSeconds',
        'input.schedule.historyLimit',
      ].sort(),
    );
    const provisioned = await gql(
      app,
      tenant.token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) {
        __typename ... on ValidationError { fieldErrors { path } } } }`,
      {
        input: {
          name: `${name}-bad`,
          services: [{ name: 'web', image: TEST_IMAGES.web1 }],
          schedules: [{ name: 'x', service: 'web', command: ['true'], cron: '* * *', timeZone: 'Nowhere/City' }],
        },
      },
    );
    expect(provisioned.provisionInstance.fieldErrors.map((e: { path: string[] }) => e.path.join('.')).sort()).toEqual([
      'input.schedules.0.cron',
      'input.schedules.0.timeZone',
    ]);
    const ok = await create({ name: 'dup', service: 'web', command: ['true'], cron: '@daily', suspended: true });
    expect(ok.__typename).toBe('CreateSchedulePayload');
    expect((await create({ name: 'dup', service: 'web', command: ['true'], cron: '@daily' })).__typename).toBe(
      'ConflictError',
    );
    const upd = await gql(app, tenant.token, UPDATE, { input: { id: ok.schedule.id, cron: 'every day' } });
    expect(upd.updateSchedule.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(['input.cron']);
    await gql(app, tenant.token, DELETE, { input: { id: ok.schedule.id } });
  });

  it('lists, pauses, resumes and deletes; another tenant sees and changes none of it', async () => {
    const made = await create({
      name: 'nightly',
      service: 'web',
      command: ['true'],
      cron: '30 2 * * *',
      timeZone: 'Europe/Berlin',
      concurrency: 'REPLACE',
    });
    expect(made.schedule).toMatchObject({ name: 'nightly', timeZone: 'Europe/Berlin', concurrency: 'REPLACE' });
    const next = new Date(made.schedule.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    // 02:30 in Berlin is 00:30 or 01:30 UTC, depending on the season.
    expect(['00:30', '01:30']).toContain(next.toISOString().slice(11, 16));
    const id = made.schedule.id;

    const listed = await gql(
      app,
      tenant.token,
      'query($i: ID!) { schedules(first: 10, instanceId: $i) { edges { node { id } } } instance(id: $i) { schedules { id name } } }',
      { i: instanceId },
    );
    expect(listed.schedules.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(id);
    // The one provisionInstance created with the instance, and this one.
    expect(listed.instance.schedules.map((s: { name: string }) => s.name)).toEqual(['with-instance', 'nightly']);

    // Tenant B: nothing listed, the node is null, update and delete are NotFound; A's schedule is unchanged.
    const seen = await gql(
      app,
      other.token,
      'query($id: ID!) { schedules(first: 10) { edges { node { id } } } node(id: $id) { id } }',
      { id },
    );
    expect(seen).toEqual({ schedules: { edges: [] }, node: null });
    expect((await gql(app, other.token, UPDATE, { input: { id, suspended: true } })).updateSchedule.__typename).toBe(
      'NotFoundError',
    );
    expect((await gql(app, other.token, DELETE, { input: { id } })).deleteSchedule.__typename).toBe('NotFoundError');
    expect(
      (await create({ name: 'b', service: 'web', command: ['true'], cron: '@daily' }, other.token)).__typename,
    ).toBe('NotFoundError');

    const paused = (await gql(app, tenant.token, UPDATE, { input: { id, suspended: true } })).updateSchedule;
    expect(paused.schedule).toMatchObject({ suspended: true, nextRunAt: null });
    const resumed = (await gql(app, tenant.token, UPDATE, { input: { id, suspended: false } })).updateSchedule;
    expect(resumed.schedule.suspended).toBe(false);
    expect(resumed.schedule.nextRunAt).toBe(made.schedule.nextRunAt);

    expect((await gql(app, tenant.token, DELETE, { input: { id } })).deleteSchedule.id).toBe(id);
    expect((await gql(app, tenant.token, SCHEDULE, { id })).node).toBeNull();
  });

  it('a due tick starts a real job on the engine that succeeds, its scheduledAt the tick', async () => {
    const made = await create({
      name: 'hello',
      service: 'web',
      command: ['sh', '-c', 'echo scheduled-hello'],
      cron: '*/1 * * * *',
    });
    const due = new Date(made.schedule.nextRunAt);
    // The ticker's clock a second past the tick: due now, without waiting for the minute.
    const ticker = new ScheduleTicker({
      db: app.database.db,
      signal: app.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 60_000,
      now: () => new Date(due.getTime() + 1_000),
    });
    // This pass takes the tick (the app's own ticker, on the real clock, could only take it at its real time:
    // either way, one job for it).
    await ticker.tick();
    const job = await until(
      'the scheduled job to end',
      async () => {
        const s = (await gql(app, tenant.token, SCHEDULE, { id: made.schedule.id })).node;
        return s.lastJob && !['QUEUED', 'RUNNING'].includes(s.lastJob.status) ? s : undefined;
      },
      60_000,
    );
    expect(job.lastJob).toMatchObject({
      status: 'SUCCEEDED',
      exitCode: 0,
      scheduledAt: due.toISOString(),
      schedule: { id: made.schedule.id },
    });
    expect(job.lastJob.logs.edges.map((e: { node: { line: string } }) => e.node.line)).toContain('scheduled-hello');
    expect(new Date(job.nextRunAt).getTime()).toBeGreaterThanOrEqual(due.getTime() + 60_000);
    const perTick = await app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('schedule_id', '=', localIdOf(made.schedule.id))
      .where('scheduled_at', '=', due)
      .execute();
    expect(perTick).toHaveLength(1);
    // Paused: it ticks no more while the other tests run.
    await gql(app, tenant.token, UPDATE, { input: { id: made.schedule.id, suspended: true } });
  }, 90_000);

  it('the CLI adds, lists, pauses, resumes and removes a schedule', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wh-sched-'));
    const env = {
      WHEELHOUSE_URL: app.url,
      WHEELHOUSE_TOKEN: tenant.token,
      WHEELHOUSE_CONFIG: join(dir, 'config.json'),
    };
    const cli = (...args: string[]) => runCli(args, { cwd: dir, env });
    try {
      const added = await cli(
        'schedules',
        'add',
        name,
        '--name',
        'report',
        '--service',
        'web',
        '--cron',
        '30 2 * * *',
        '--tz',
        'Europe/Berlin',
        '--concurrency',
        'forbid',
        '--',
        'sh',
        '-c',
        'echo report',
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/schedule report added: 30 2 \* \* \* \(Europe\/Berlin\), next run 20\d\d-/);
      const listed = await cli('schedules', 'ls', name);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/report\s+web\s+30 2 \* \* \*\s+Europe\/Berlin\s+FORBID/);
      const paused = await cli('schedules', 'pause', name, 'report');
      expect(paused.code, paused.stderr).toBe(0);
      expect((await cli('schedules', 'ls', name)).stdout).toMatch(/report.*paused/);
      const resumed = await cli('schedules', 'resume', name, 'report');
      expect(resumed.stdout).toMatch(/schedule report resumed, next run 20\d\d-/);
      const bad = await cli(
        'schedules',
        'add',
        name,
        '--name',
        'x',
        '--service',
        'web',
        '--cron',
        'nope',
        '--',
        'true',
      );
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/cron/);
      expect((await cli('schedules', 'rm', name, 'report')).code).toBe(0);
      const gone = await cli('schedules', 'rm', name, 'report');
      expect(gone.code).not.toBe(0);
      expect(gone.stderr).toMatch(/no schedule "report"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
