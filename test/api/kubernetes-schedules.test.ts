/**
 * Schedules on Kubernetes (issue 35), through the API on the in-process
 * stand-in: a schedule becomes a batch/v1 CronJob carrying its cron, time
 * zone and policies, whose jobTemplate is the one-off job's Job (image,
 * command, secret refs from a Secret of its own, backoffLimit 0, the timeout
 * as activeDeadlineSeconds); updates, suspend and resume and a deploy's new
 * image change it; deleting the schedule deletes it (and its Jobs and
 * Secret). The test plays the CronJob controller (the stand-in runs the
 * Job's pod), and a pass reads each run back as the schedule's job, once
 * across two replicas' passes: SUCCEEDED or FAILED with its exit code and
 * log lines, with job.started / job.failed events. Wheelhouse's ticker never
 * starts a job of such a schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { cronJobName } from '../../src/providers/kubernetes/kubernetes-cronjobs.js';
import { PlatformSchedules } from '../../src/worker/schedule-platform.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp, until } from '../support/kube-app.js';
import { cancelOperation, removeInstance } from './jobs-support.js';

const NS = 'wh-sched';
const V1 = 'registry.test/sched:v1';
const V2 = 'registry.test/sched:v2';

const CREATE = `mutation C($input: CreateScheduleInput!) { createSchedule(input: $input) {
  __typename
  ... on CreateSchedulePayload { schedule { id name } }
  ... on ValidationError { fieldErrors { path message } }
  ... on Error { message }
} }`;
const UPDATE = `mutation U($input: UpdateScheduleInput!) { updateSchedule(input: $input) {
  __typename ... on UpdateSchedulePayload { schedule { id suspended cron } } ... on Error { message } } }`;
const DELETE = `mutation D($input: DeleteScheduleInput!) { deleteSchedule(input: $input) {
  __typename ... on DeleteSchedulePayload { id } ... on Error { message } } }`;
const SCHEDULE = `query S($id: ID!) { node(id: $id) { ... on Schedule {
  id nextRunAt
  lastJob { id status exitCode error scheduledAt startedAt finishedAt schedule { id }
    operation { id status } logs(first: 50) { edges { node { line } } } }
  jobs(first: 20) { edges { node { id status exitCode } } }
} } }`;

interface ScheduleView {
  id: string;
  nextRunAt: string | null;
  lastJob: {
    id: string;
    status: string;
    exitCode: number | null;
    error: string | null;
    scheduledAt: string | null;
    startedAt: string | null;
    finishedAt: string | null;
    schedule: { id: string };
    operation: { id: string; status: string };
    logs: { edges: { node: { line: string } }[] };
  } | null;
  jobs: { edges: { node: { id: string; status: string; exitCode: number | null } }[] };
}

describe('schedules on Kubernetes (the stand-in): CronJobs', () => {
  let k: KubeApp;
  let instanceId: string;
  let scheduleId: string;
  let passes: PlatformSchedules[];
  let ticker: ScheduleTicker;

  const schedule = async (id = scheduleId): Promise<ScheduleView> => (await gql(k.app, k.token, SCHEDULE, { id })).node;
  const name = (id = scheduleId) => cronJobName(localIdOf(instanceId), localIdOf(id));
  const cronJob = (id = scheduleId) => k.fake.get('cronjobs', NS, name(id));
  const update = async (input: Record<string, unknown>) =>
    (await gql(k.app, k.token, UPDATE, { input: { id: scheduleId, ...input } })).updateSchedule;
  /** Plays the CronJob controller for one tick and waits for the stand-in to finish the Job's pod. */
  const tick = async (scheduledAt: Date) => {
    const job = k.fake.cronJobs.run(NS, name(), scheduledAt);
    await until(() => {
      const j = k.fake.get('jobs', NS, job.metadata.name);
      return (j?.status?.conditions ?? []).some((c: { status: string }) => c.status === 'True');
    }, 'the Job to end');
    return job;
  };
  const events = async (jobId: string) =>
    (
      await k.app.database.db
        .selectFrom('events')
        .select('type')
        .where('type', 'like', 'job.%')
        .where('data', '@>', JSON.stringify({ jobId }) as never)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);

  beforeAll(async () => {
    k = await startKubeApp(NS, [V1, V2]);
    for (const [key, value] of [
      ['sched/token', 'cron-s3cret-9'],
      ['sched/a-key', 'another-value'],
    ])
      await gql(k.app, k.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
        i: { key, value },
      });
    const p = await provisionOn(k, {
      name: 'ksched',
      services: [
        {
          name: 'web',
          image: V1,
          ports: [{ container: 8080 }],
          env: [{ name: 'GREETING', value: 'from-the-service' }],
          // Two refs, not in key order: the Secret the cluster answers has its keys sorted.
          secrets: [
            { key: 'sched/token', envName: 'API_TOKEN' },
            { key: 'sched/a-key', envName: 'A_KEY' },
          ],
        },
      ],
      schedules: [
        {
          name: 'nightly',
          service: 'web',
          command: ['sh', '-c', 'echo $GREETING $API_TOKEN; exit 3'],
          cron: '30 2 * * *',
          timeZone: 'Europe/Berlin',
          concurrency: 'REPLACE',
          startingDeadlineSeconds: 120,
          historyLimit: 4,
          timeoutSeconds: 900,
        },
      ],
    });
    expect(p.operation.status, JSON.stringify(p)).toBe('SUCCEEDED');
    instanceId = p.instance.id;
    const listed = await gql(
      k.app,
      k.token,
      `query($id: ID!) { node(id: $id) { ... on Instance { schedules { id } } } }`,
      {
        id: instanceId,
      },
    );
    scheduleId = listed.node.schedules[0].id;
    // Two replicas' passes over one database and cluster.
    passes = [0, 1].map(
      () =>
        new PlatformSchedules({
          db: k.app.database.db,
          registry: k.registry,
          secrets: k.app.app.services.secrets,
          signal: k.app.app.services.signal,
          logger: createLogger('silent'),
        }),
    );
    ticker = new ScheduleTicker({
      db: k.app.database.db,
      signal: k.app.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 60_000,
      // Every tick of every schedule is long due: the ticker would start each one it claims.
      now: () => new Date(Date.now() + 400 * 86_400_000),
      platform: passes[0],
    });
  }, 60_000);
  afterAll(async () => {
    await k?.close();
  });

  it('a schedule given at provisioning becomes a CronJob carrying its cron, zone and policies, and the job template', async () => {
    await ticker.tick();
    const c = cronJob();
    expect(c, 'the CronJob').toBeTruthy();
    expect(c?.spec).toMatchObject({
      schedule: '30 2 * * *',
      timeZone: 'Europe/Berlin',
      concurrencyPolicy: 'Replace',
      startingDeadlineSeconds: 120,
      successfulJobsHistoryLimit: 4,
      failedJobsHistoryLimit: 4,
      suspend: false,
    });
    const job = c?.spec.jobTemplate.spec;
    expect(job).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 900 });
    expect(job.ttlSecondsAfterFinished).toBeUndefined();
    expect(job.template.spec.restartPolicy).toBe('Never');
    const container = job.template.spec.containers[0];
    expect(container).toMatchObject({
      name: 'web',
      image: V1,
      command: ['sh', '-c', 'echo $GREETING $API_TOKEN; exit 3'],
    });
    // The secret reaches the pod by reference to the CronJob's own Secret, never as a value in the CronJob.
    expect(container.env).toContainEqual({
      name: 'API_TOKEN',
      valueFrom: { secretKeyRef: { name: name(), key: expect.any(String) } },
    });
    expect(JSON.stringify(c)).not.toContain('cron-s3cret-9');
    const secret = k.fake.get('secrets', NS, name());
    expect(secret?.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronJob', uid: c?.metadata.uid });
    // The pod must not join the instance's Service: no instance label on it.
    expect(job.template.metadata.labels['wheelhouse.dev/instance']).toBeUndefined();
    // A second pass writes nothing: the CronJob and its Secret are already as the schedule says.
    await ticker.tick();
    expect(cronJob()?.metadata.resourceVersion).toBe(c?.metadata.resourceVersion);
    expect(k.fake.get('secrets', NS, name())?.metadata.resourceVersion).toBe(secret?.metadata.resourceVersion);
  });

  it("the ticker starts no job of the platform's schedule, however due", async () => {
    const before = k.fake.jobs.received.length;
    const outcomes = await ticker.tick();
    expect(outcomes.filter((o) => localIdOf(scheduleId) === o.scheduleId)).toEqual([]);
    expect(k.fake.jobs.received.length).toBe(before);
    expect((await schedule()).jobs.edges).toEqual([]);
    // Its shown next run is kept moving by the pass.
    expect((await schedule()).nextRunAt).not.toBeNull();
  });

  it("a run the controller makes is read back once as the schedule's job: FAILED with its exit code and log", async () => {
    const at = new Date('2026-12-08T01:30:00Z');
    await tick(at);
    // Both replicas pass, twice: one job for the run.
    for (let i = 0; i < 2; i++) await Promise.all(passes.map((p) => p.pass()));
    const s = await schedule();
    expect(s.jobs.edges).toHaveLength(1);
    const j = s.lastJob!;
    expect(j.status, j.error ?? '').toBe('FAILED');
    expect(j.exitCode).toBe(3);
    expect(j.schedule.id).toBe(scheduleId);
    expect(new Date(j.scheduledAt!).toISOString()).toBe(at.toISOString());
    expect(j.startedAt).not.toBeNull();
    expect(j.finishedAt).not.toBeNull();
    expect(j.operation.status).toBe('FAILED');
    const lines = j.logs.edges.map((e) => e.node.line);
    // The vault value is masked in the stored log, as for any job.
    expect(lines).toEqual(['from-the-service ***', 'job exited with code 3']);
    expect(j.error).toContain('exited with code 3');
    expect(await events(localIdOf(j.id))).toEqual(['job.started', 'job.failed']);
  });

  it('an update changes the CronJob; the next run SUCCEEDS; suspend and resume reach it', async () => {
    const u = await update({
      command: ['sh', '-c', 'echo all good'],
      cron: '*/5 * * * *',
      timeZone: 'America/New_York',
      concurrency: 'FORBID',
      timeoutSeconds: 60,
    });
    expect(u.__typename, JSON.stringify(u)).toBe('UpdateSchedulePayload');
    await ticker.tick();
    const c = cronJob();
    expect(c?.spec).toMatchObject({
      schedule: '*/5 * * * *',
      timeZone: 'America/New_York',
      concurrencyPolicy: 'Forbid',
    });
    expect(c?.spec.jobTemplate.spec.activeDeadlineSeconds).toBe(60);
    expect(c?.spec.jobTemplate.spec.template.spec.containers[0].command).toEqual(['sh', '-c', 'echo all good']);

    await tick(new Date('2026-12-08T02:00:00Z'));
    await ticker.tick();
    const s = await schedule();
    expect(s.jobs.edges).toHaveLength(2);
    expect(s.lastJob).toMatchObject({ status: 'SUCCEEDED', exitCode: 0 });
    expect(s.lastJob?.logs.edges.map((e) => e.node.line)).toEqual(['all good', 'job exited with code 0']);
    expect(await events(localIdOf(s.lastJob!.id))).toEqual(['job.started', 'job.succeeded']);

    expect((await update({ suspended: true })).schedule.suspended).toBe(true);
    await ticker.tick();
    expect(cronJob()?.spec.suspend).toBe(true);
    expect((await update({ suspended: false })).schedule.suspended).toBe(false);
    await ticker.tick();
    expect(cronJob()?.spec.suspend).toBe(false);
  });

  it("a deploy's new image reaches the CronJob's template", async () => {
    const r = await gql(
      k.app,
      k.token,
      `mutation D($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on DeployInstancePayload { operation { status } } ... on Error { message } } }`,
      {
        input: {
          instanceId,
          services: [
            {
              name: 'web',
              image: V2,
              ports: [{ container: 8080 }],
              secrets: [
                { key: 'sched/token', envName: 'API_TOKEN' },
                { key: 'sched/a-key', envName: 'A_KEY' },
              ],
            },
          ],
          wait: true,
        },
      },
    );
    expect(r.deployInstance.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    await ticker.tick();
    expect(cronJob()?.spec.jobTemplate.spec.template.spec.containers[0].image).toBe(V2);
  });

  it('bad input stays a typed error by field on Kubernetes', async () => {
    const bad = await gql(k.app, k.token, CREATE, {
      input: {
        instanceId,
        schedule: { name: 'bad', service: 'web', command: ['true'], cron: 'every day', timeZone: 'Mars/Olympus' },
      },
    });
    expect(bad.createSchedule.__typename).toBe('ValidationError');
    const paths = bad.createSchedule.fieldErrors.map((e: { path: string[] }) => e.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['input.schedule.cron', 'input.schedule.timeZone']));
  });

  it("a cron the cluster's standard cron would refuse is a typed error by field", async () => {
    const bad = await gql(k.app, k.token, CREATE, {
      input: { instanceId, schedule: { name: 'last-day', service: 'web', command: ['true'], cron: '0 0 L * *' } },
    });
    expect(bad.createSchedule.__typename).toBe('ValidationError');
    expect(bad.createSchedule.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual([
      'input.schedule.cron',
    ]);
    const u = await gql(
      k.app,
      k.token,
      UPDATE.replace(
        '... on Error { message }',
        '... on ValidationError { fieldErrors { path } } ... on Error { message }',
      ),
      {
        input: { id: scheduleId, cron: '0 0 * * 5#3' },
      },
    );
    expect(u.updateSchedule.__typename).toBe('ValidationError');
    expect(u.updateSchedule.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(['input.cron']);
  });

  it('a platform fault on apply leaves nothing half-made and is retried by the next pass; a running run is RUNNING', async () => {
    k.fake.failRequests('POST', 'cronjobs', 500);
    const made = await gql(k.app, k.token, CREATE, {
      input: {
        instanceId,
        schedule: { name: 'retried', service: 'web', command: ['sh', '-c', 'sleep 1; echo slept'], cron: '@daily' },
      },
    });
    expect(made.createSchedule.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    const id = made.createSchedule.schedule.id as string;
    await ticker.tick();
    // The Secret was made before the CronJob was refused: it was removed again.
    expect(cronJob(id)).toBeUndefined();
    expect(k.fake.get('secrets', NS, name(id))).toBeUndefined();
    k.fake.failRequests('POST', 'cronjobs', 0);
    await ticker.tick();
    expect(cronJob(id)?.spec.schedule).toBe('@daily');
    expect(k.fake.get('secrets', NS, name(id))).toBeTruthy();

    const run = k.fake.cronJobs.run(NS, name(id), new Date('2026-12-08T00:00:00Z'));
    await until(
      () => k.fake.list('pods', NS, `job-name=${run.metadata.name}`).some((p) => p.status.phase === 'Running'),
      'its pod to run',
    );
    await ticker.tick();
    const running = await schedule(id);
    expect(running.lastJob).toMatchObject({
      status: 'RUNNING',
      exitCode: null,
      finishedAt: null,
      operation: { status: 'RUNNING' },
    });
    await until(async () => {
      await ticker.tick();
      return (await schedule(id)).lastJob?.status === 'SUCCEEDED';
    }, 'the run to be read back as ended');
    const done = await schedule(id);
    expect(done.jobs.edges).toHaveLength(1);
    expect(done.lastJob?.operation.status).toBe('SUCCEEDED');
    expect(done.lastJob?.logs.edges.map((e) => e.node.line)).toEqual(['slept', 'job exited with code 0']);
  });

  it("cancelOperation on a run's job stops the platform's run: CANCELED, its Job deleted", async () => {
    const made = await gql(k.app, k.token, CREATE, {
      input: {
        instanceId,
        schedule: { name: 'long', service: 'web', command: ['sh', '-c', 'echo begun; sleep 30'], cron: '@weekly' },
      },
    });
    const id = made.createSchedule.schedule.id as string;
    // Applied by a pass (this ticker's, or the app's own racing it while an earlier test's change settles).
    await until(async () => {
      await ticker.tick();
      return cronJob(id) !== undefined;
    }, 'its CronJob to be applied');
    const run = k.fake.cronJobs.run(NS, name(id), new Date('2026-12-13T00:00:00Z'));
    await until(
      () => k.fake.list('pods', NS, `job-name=${run.metadata.name}`).some((p) => p.status.phase === 'Running'),
      'its pod to run',
    );
    await ticker.tick();
    const running = (await schedule(id)).lastJob!;
    expect(running.status).toBe('RUNNING');
    expect(await cancelOperation(k.app, k.token, running.operation.id)).toBe('CancelOperationPayload');
    await ticker.tick();
    const ended = (await schedule(id)).lastJob!;
    expect(ended).toMatchObject({ status: 'CANCELED', operation: { status: 'CANCELED' } });
    expect(ended.logs.edges.map((e) => e.node.line)).toEqual(['begun', 'job canceled']);
    expect(k.fake.get('jobs', NS, run.metadata.name)).toBeUndefined();
    expect(k.fake.jobs.deletions.at(-1)).toMatchObject({ name: run.metadata.name, propagationPolicy: 'Background' });

    // A run the cluster deleted before its end was read (by hand, by a history limit) ends FAILED, saying so.
    const lost = k.fake.cronJobs.run(NS, name(id), new Date('2026-12-20T00:00:00Z'));
    await ticker.tick();
    expect((await schedule(id)).lastJob?.status).toBe('RUNNING');
    const del = await fetch(`${k.fake.url}/apis/batch/v1/namespaces/${NS}/jobs/${lost.metadata.name}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${k.fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ propagationPolicy: 'Background' }),
    });
    expect(del.status).toBe(200);
    await ticker.tick();
    const gone = (await schedule(id)).lastJob!;
    expect(gone).toMatchObject({ status: 'FAILED', exitCode: null, operation: { status: 'FAILED' } });
    expect(gone.error).toContain('removed its run before its end was read');
  });

  it('a schedule created later gets its CronJob; deleting a schedule deletes its CronJob, its Jobs and Secret', async () => {
    const made = await gql(k.app, k.token, CREATE, {
      input: { instanceId, schedule: { name: 'hourly', service: 'web', command: ['true'], cron: '@hourly' } },
    });
    expect(made.createSchedule.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    const second = made.createSchedule.schedule.id as string;
    await ticker.tick();
    expect(cronJob(second)?.spec).toMatchObject({ schedule: '@hourly', timeZone: 'UTC', concurrencyPolicy: 'Forbid' });

    const del = await gql(k.app, k.token, DELETE, { input: { id: scheduleId } });
    expect(del.deleteSchedule.__typename).toBe('DeleteSchedulePayload');
    await ticker.tick();
    expect(cronJob()).toBeUndefined();
    expect(k.fake.get('secrets', NS, name())).toBeUndefined();
    expect(k.fake.list('jobs', NS).filter((j) => j.metadata.name.startsWith(name()))).toEqual([]);
    // The other schedule's CronJob stays.
    expect(cronJob(second)).toBeTruthy();
  });

  it("deprovisioning the instance removes its schedules' CronJobs and Secrets", async () => {
    expect(k.fake.list('cronjobs', NS).length).toBeGreaterThan(0);
    await removeInstance(k.app, k.token, instanceId);
    await ticker.tick();
    expect(k.fake.list('cronjobs', NS)).toEqual([]);
    expect(k.fake.list('secrets', NS).filter((x) => x.metadata.name.startsWith('wh-cron-'))).toEqual([]);
  });
});
