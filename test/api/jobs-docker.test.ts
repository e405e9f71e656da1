/**
 * Jobs on the real Docker Engine, through the API and the CLI (issue 35):
 * `wheelhouse run` prints the command's output and exits with its exit code,
 * the job's record (status, exit code, log, events) says the same, and no
 * container is left on the engine; a job sees the service's env (with its
 * overrides), secret and volume; a timeout ends it TIMED_OUT and a cancel
 * CANCELED, each with its container gone; bad input is a typed error by field.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { CLI_BIN, runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { until } from './builds-support.js';
import { cancelOperation, provisionInstance, removeInstance } from './jobs-support.js';

const hasDocker = await dockerOrSkip();

const RUN_JOB = `mutation R($input: RunJobInput!) { runJob(input: $input) {
  __typename
  ... on RunJobPayload { job { id status } operation { id kind status } }
  ... on ValidationError { message fieldErrors { path message } }
  ... on Error { message }
} }`;

const JOB = `query J($id: ID!) { node(id: $id) { ... on Job {
  id status exitCode error service command startedAt finishedAt
  operation { id kind status error { code message } job { id } }
  instance { id }
  logs(first: 1000) { edges { cursor node { line } } pageInfo { hasNextPage endCursor } }
} } }`;

interface JobView {
  id: string;
  status: string;
  exitCode: number | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  operation: {
    id: string;
    kind: string;
    status: string;
    error: { code: string; message: string } | null;
    job: { id: string };
  };
  logs: { edges: { node: { line: string } }[] };
}

describe.skipIf(!hasDocker)('jobs on the real Docker Engine', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const name = `jobs-${Date.now().toString(36)}`;
  let app: TestApp;
  let tenant: TestTenant;
  let instanceId: string;
  let dir: string;

  const runJob = async (input: Record<string, unknown>) =>
    (await gql(app, tenant.token, RUN_JOB, { input: { instanceId, service: 'web', ...input } })).runJob;
  const job = async (id: string): Promise<JobView> => (await gql(app, tenant.token, JOB, { id })).node;
  const ended = (id: string) =>
    until(
      `job ${id} to end`,
      async () => {
        const j = await job(id);
        return ['SUCCEEDED', 'FAILED', 'CANCELED', 'TIMED_OUT'].includes(j.status) && j.operation.status !== 'RUNNING'
          ? j
          : undefined;
      },
      60_000,
    );
  /** The job's containers on the engine, found by its label. */
  const jobContainers = (jobId: string) =>
    docker.listContainers({ all: true, filters: { label: [`wheelhouse.job=${localIdOf(jobId)}`] } });
  /** The service's own containers (not jobs'). */
  const serviceContainers = async () =>
    (
      await docker.listContainers({
        all: true,
        filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=web'] },
      })
    )
      .map((c) => c.Id)
      .sort();

  /** The instance's newest jobs. */
  const latestJobs = async (n: number) =>
    (
      await gql(
        app,
        tenant.token,
        'query($id: ID!, $n: Int) { instance(id: $id) { jobs(first: $n) { edges { node { id status exitCode command } } } } }',
        { id: instanceId, n },
      )
    ).instance.jobs.edges.map((e: { node: unknown }) => e.node);
  /** The CLI's connection to this server, in the test's directory. */
  const cliEnv = () => ({
    WHEELHOUSE_URL: app.url,
    WHEELHOUSE_TOKEN: tenant.token,
    WHEELHOUSE_CONFIG: join(dir, 'config.json'),
  });

  beforeAll(async () => {
    app = await startDockerApp({ executor: { leaseMs: 3_000, pollMs: 100 } });
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-jobs-'));
    await gql(app, tenant.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
      i: { key: 'jobs/token', value: 's3cret-value-7' },
    });
    instanceId = await provisionInstance(app, tenant.token, {
      name,
      services: [
        {
          name: 'web',
          image: TEST_IMAGES.web1,
          env: [{ name: 'GREETING', value: 'from-the-service' }],
          secrets: [{ key: 'jobs/token', envName: 'API_TOKEN' }],
          volumes: [{ name: 'data', mountPath: '/data' }],
        },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    if (instanceId) await removeInstance(app, tenant.token, instanceId);
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('`wheelhouse run` prints the output and exits with the exit code; the job is FAILED with it, logged, no container left', async () => {
    const before = await serviceContainers();
    const env = cliEnv();
    const r = await runCli(['run', name, 'web', '--', 'sh', '-c', 'echo hi; echo oops >&2; exit 3'], { cwd: dir, env });
    expect(r.stdout.split('\n')).toContain('hi');
    expect(r.stdout).toContain('oops');
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/FAILED: exited with code 3/);

    const [listed] = await latestJobs(5);
    expect(listed).toMatchObject({
      status: 'FAILED',
      exitCode: 3,
      command: ['sh', '-c', 'echo hi; echo oops >&2; exit 3'],
    });
    const j = await ended(listed.id);
    expect(j.operation).toMatchObject({
      kind: 'JOB',
      status: 'FAILED',
      error: { code: 'JOB_FAILED' },
      job: { id: j.id },
    });
    expect(j.error).toMatch(/exited with code 3; last lines: .*hi/);
    const lines = j.logs.edges.map((e) => e.node.line);
    expect(lines).toContain('hi');
    expect(lines).toContain('oops');
    expect(j.startedAt).not.toBeNull();
    expect(j.finishedAt).not.toBeNull();
    expect(await jobContainers(j.id)).toEqual([]);
    // The service's replicas were never touched, and none was added.
    expect(await serviceContainers()).toEqual(before);

    const events = await gql(
      app,
      tenant.token,
      'query($id: ID!) { events(first: 100, filter: { instanceId: $id }) { edges { node { type message operation { id } } } } }',
      { id: instanceId },
    );
    const mine = events.events.edges
      .map((e: { node: { type: string; operation: { id: string } | null } }) => e.node)
      .filter((e: { operation: { id: string } | null }) => e.operation?.id === j.operation.id)
      .map((e: { type: string }) => e.type);
    expect(mine).toEqual(expect.arrayContaining(['job.started', 'job.failed', 'operation.failed']));
  }, 90_000);

  it('Ctrl-C on `wheelhouse run` cancels the job: CANCELED, its container gone, exit 130', async () => {
    const env = cliEnv();
    const child = spawn(process.execPath, [CLI_BIN, 'run', name, 'web', '--', 'sh', '-c', 'echo ready; sleep 120'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    await until('the job to print', async () => (stdout.includes('ready') ? true : undefined), 30_000);
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toMatch(/canceling job/);
    const [j] = await latestJobs(1);
    expect(j.status).toBe('CANCELED');
    expect(await jobContainers(j.id)).toEqual([]);
  }, 90_000);

  it('a job sees the service env (with overrides), its secret and its volume; the next job sees what it wrote', async () => {
    const w = await runJob({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion (the secret's length), not a template
      command: ['sh', '-c', 'echo "$GREETING/$EXTRA/${#API_TOKEN}" > /data/written && cat /data/written'],
      env: [{ name: 'EXTRA', value: 'override-ok' }],
      wait: true,
    });
    expect(w.__typename, JSON.stringify(w)).toBe('RunJobPayload');
    const first = await ended(w.job.id);
    expect(first.status).toBe('SUCCEEDED');
    expect(first.exitCode).toBe(0);
    // The secret reached the job (its length: 14), its value never a line.
    expect(first.logs.edges.map((e) => e.node.line)).toContain('from-the-service/override-ok/14');
    const r = await runJob({ command: ['cat', '/data/written'], wait: true });
    const second = await ended(r.job.id);
    expect(second.status).toBe('SUCCEEDED');
    expect(second.logs.edges.map((e) => e.node.line)).toContain('from-the-service/override-ok/14');
    const echoed = await runJob({ command: ['sh', '-c', 'echo "$API_TOKEN"'], wait: true });
    const masked = await ended(echoed.job.id);
    expect(masked.logs.edges.map((e) => e.node.line).join('\n')).not.toContain('s3cret-value-7');
    expect(await jobContainers(masked.id)).toEqual([]);
  }, 90_000);

  it('a job past its timeout ends TIMED_OUT, its container gone', async () => {
    const r = await runJob({ command: ['sh', '-c', 'echo started; sleep 60'], timeoutSeconds: 1 });
    expect(r.__typename, JSON.stringify(r)).toBe('RunJobPayload');
    const j = await ended(r.job.id);
    expect(j.status).toBe('TIMED_OUT');
    expect(j.exitCode).toBeNull();
    expect(j.operation.error?.code).toBe('JOB_TIMED_OUT');
    expect(j.logs.edges.map((e) => e.node.line)).toContain('started');
    expect(Date.parse(j.finishedAt!) - Date.parse(j.startedAt!)).toBeLessThan(20_000);
    expect(await jobContainers(j.id)).toEqual([]);
  }, 60_000);

  it('cancelOperation stops a running job: CANCELED within seconds, its container gone', async () => {
    const r = await runJob({ command: ['sh', '-c', 'echo waiting; sleep 120'] });
    const id = r.job.id as string;
    // Running on the engine, and its first line stored.
    await until(
      'the job to run',
      async () => ((await jobContainers(id)).some((c) => c.State === 'running') ? true : undefined),
      30_000,
    );
    await until('its first line', async () => ((await job(id)).logs.edges.length > 0 ? true : undefined), 30_000);
    const asked = Date.now();
    expect(await cancelOperation(app, tenant.token, r.operation.id)).toBe('CancelOperationPayload');
    const j = await ended(id);
    expect(j.status).toBe('CANCELED');
    expect(j.operation.status).toBe('CANCELED');
    expect(Date.now() - asked).toBeLessThan(15_000);
    expect(await jobContainers(id)).toEqual([]);
  }, 90_000);

  it('an idempotency key answers a retry with the same job; another request under it is a conflict', async () => {
    const key = `retry-${Date.now()}`;
    const first = await runJob({ command: ['echo', 'once'], idempotencyKey: key, wait: true });
    const again = await runJob({ command: ['echo', 'once'], idempotencyKey: key, wait: true });
    expect(again.job.id).toBe(first.job.id);
    const other = await runJob({ command: ['echo', 'twice'], idempotencyKey: key });
    expect(other.__typename).toBe('IdempotencyConflictError');
    const list = await gql(
      app,
      tenant.token,
      'query($id: ID!) { instance(id: $id) { jobs(first: 50) { edges { node { command } } } } }',
      { id: instanceId },
    );
    const once = list.instance.jobs.edges.filter((e: { node: { command: string[] } }) => e.node.command[1] === 'once');
    expect(once).toHaveLength(1);
  }, 60_000);

  it('Instance.jobs pages newest first with its cursor, each job once', async () => {
    const page = async (after: string | null) =>
      (
        await gql(
          app,
          tenant.token,
          'query($id: ID!, $after: String) { instance(id: $id) { jobs(first: 2, after: $after) { edges { cursor node { id createdAt } } pageInfo { hasNextPage endCursor } } } }',
          { id: instanceId, after },
        )
      ).instance.jobs;
    const seen: { id: string; createdAt: string }[] = [];
    for (let after: string | null = null, i = 0; ; i++) {
      const p = await page(after);
      seen.push(...p.edges.map((e: { node: { id: string; createdAt: string } }) => e.node));
      if (!p.pageInfo.hasNextPage || i > 20) break;
      after = p.pageInfo.endCursor;
    }
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seen.map((j) => j.id)).size).toBe(seen.length);
    const times = seen.map((j) => Date.parse(j.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('bad input is a typed error by field', async () => {
    const fields = async (input: Record<string, unknown>) => {
      const r = await runJob(input);
      expect(r.__typename, JSON.stringify(r)).toBe('ValidationError');
      return r.fieldErrors.map((f: { path: string[] }) => f.path.join('.'));
    };
    expect(await fields({ command: [] })).toEqual(['input.command']);
    expect(await fields({ command: [''] })).toEqual(['input.command']);
    expect(await fields({ command: ['true'], timeoutSeconds: 0 })).toEqual(['input.timeoutSeconds']);
    expect(await fields({ command: ['true'], timeoutSeconds: 86_401 })).toEqual(['input.timeoutSeconds']);
    expect(await fields({ command: ['true'], service: 'nope' })).toEqual(['input.service']);
    expect(await fields({ command: ['true'], env: [{ name: '1BAD', value: 'x' }] })).toEqual(['input.env.0.name']);
    const missing = await gql(app, tenant.token, RUN_JOB, {
      input: {
        instanceId: instanceId.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        service: 'web',
        command: ['true'],
      },
    });
    expect(missing.runJob.__typename).toBe('NotFoundError');
  });
});
