/**
 * Autoscaling from the CLI, as a user runs it (issue 24): `apply` of a
 * wheelhouse.yaml with `resources.autoscale` provisions the policy; a changed
 * policy is planned and sent as a SCALE; a file without it removes it;
 * `status` shows the policy and the autoscaler's desired/current replicas;
 * `scale --min/--max/--target-cpu` and `--autoscale off` set and remove it; a
 * bad policy is one line naming the field, exit 2, and sends nothing. The real
 * CLI (a subprocess), a real server with its autoscaler loop (no edge), the
 * Docker Engine. The service is idle: the policy's effect is checked where it
 * lands (the instance row, the autoscaler's state), not by burning CPU.
 * With WHEELHOUSE_PRINT_SESSION=1 the session is printed (docs/cli.md).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { gql, localIdOf, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const run = await dockerOrSkip();

const spec = (resources: string) => `name: auto
services:
  web:
    image: ${TEST_IMAGES.web1}
    healthCheck: { port: 8080, path: /healthz, intervalSeconds: 1 }
    resources: ${resources}
`;

interface LiveService {
  resources: { replicas: number | null; autoscale: Record<string, unknown> | null };
  autoscale: { desiredReplicas: number; currentReplicas: number } | null;
}

describe.runIf(run)('wheelhouse apply/status/scale with an autoscale policy (Docker)', () => {
  let database: DatabaseHandle;
  let app: TestApp;
  let token: string;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string | undefined;

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });

  /** The service as the API has it. */
  const web = async (): Promise<LiveService> => {
    const data = await gql<{ instance: { services: LiveService[] } }>(
      app,
      token,
      `query($id: ID!) { instance(id: $id) { services {
        resources { replicas autoscale { minReplicas maxReplicas targetCpuPercent scaleUpStabilizationSeconds scaleDownStabilizationSeconds } }
        autoscale { desiredReplicas currentReplicas } } } }`,
      { id: instanceId! },
    );
    return data.instance.services[0]!;
  };
  /** The policy where it is stored: the instance row's service spec. */
  const storedPolicy = async () => {
    const row = await database.db
      .selectFrom('instances')
      .select('services')
      .where('id', '=', localIdOf(instanceId!))
      .executeTakeFirstOrThrow();
    return (row.services as Array<{ resources: { autoscale?: unknown } }>)[0]?.resources.autoscale ?? null;
  };
  /** Rows of the autoscaler's state for the instance (one per autoscaled service, kept by its loop). */
  const stateRows = async () =>
    (
      await database.db
        .selectFrom('autoscale_states')
        .select(['service', 'current_replicas', 'desired_replicas'])
        .where('instance_id', '=', localIdOf(instanceId!))
        .execute()
    ).length;
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await startDockerApp({
      database,
      config: { runSupervisor: true, supervisorIntervalSeconds: 600, autoscaleIntervalSeconds: 1 },
    });
    token = (await app.newTenant()).token;
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-autoscale-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  }, 60_000);

  afterAll(async () => {
    if (!run) return;
    if (instanceId) {
      await gql(
        app,
        token,
        'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input) { __typename } }',
        { input: { instanceId, wait: true } },
      ).catch(() => undefined);
    }
    await app?.stop();
    await database?.close();
    if (instanceId) expect(await dockerLeftovers(undefined, localIdOf(instanceId))).toEqual([]);
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('apply provisions the policy; status shows it with the desired/current replicas', async () => {
    const file = join(dir, 'wheelhouse.yaml');
    await writeFile(file, spec('{ autoscale: { minReplicas: 1, maxReplicas: 2, targetCpuPercent: 50 } }'));
    const applied = await cli(['apply', '-f', file, '--wait', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    instanceId = JSON.parse(applied.stdout).instance.id as string;
    const policy = { minReplicas: 1, maxReplicas: 2, targetCpuPercent: 50 };
    expect(await storedPolicy()).toMatchObject(policy);
    const live = await until(web, (s) => s.autoscale !== null);
    expect(live.resources.autoscale).toEqual({
      ...policy,
      scaleUpStabilizationSeconds: 0,
      scaleDownStabilizationSeconds: 300,
    });
    expect(live.autoscale).toEqual({ desiredReplicas: 1, currentReplicas: 1 });
    // Until its first sample the status answers from the spec: the autoscaler's own row comes with that sample.
    expect(await until(stateRows, (n) => n > 0)).toBe(1);

    const status = await cli(['status', 'auto']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/AUTOSCALE/);
    expect(status.stdout).toMatch(/web .* 1–2, cpu 50% \(desired 1, current 1\)/);
    const json = JSON.parse((await cli(['status', 'auto', '--json'])).stdout);
    expect(json.services[0].resources.autoscale).toMatchObject(policy);
    expect(json.services[0].autoscale).toMatchObject({ desiredReplicas: 1, currentReplicas: 1 });
  }, 30_000);

  it('a changed policy is planned and sent as a SCALE; the same file again is up to date', async () => {
    const file = join(dir, 'wheelhouse.yaml');
    await writeFile(
      file,
      spec(
        '{ autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 70, scaleDownStabilizationSeconds: 60 } }',
      ),
    );
    const applied = await cli(['apply', '-f', file, '--wait']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('auto: change the autoscaling of 1 service(s)');
    expect(applied.stdout).toContain('~ web: autoscale 1–3, cpu 70% (was 1–2, cpu 50%)');
    expect(applied.stdout).toMatch(/operation \S+ SCALE/);
    expect(await storedPolicy()).toMatchObject({
      maxReplicas: 3,
      targetCpuPercent: 70,
      scaleDownStabilizationSeconds: 60,
    });
    expect((await web()).resources.autoscale).toMatchObject({ maxReplicas: 3, targetCpuPercent: 70 });

    const again = await cli(['apply', '-f', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('auto: up to date, nothing to do');
  }, 30_000);

  it('a file without the policy removes it (and the autoscaler lets the service go)', async () => {
    const file = join(dir, 'wheelhouse.yaml');
    await writeFile(file, spec('{ replicas: 1 }'));
    const applied = await cli(['apply', '-f', file, '--wait']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('~ web: autoscale off (was 1–3, cpu 70%)');
    expect(await storedPolicy()).toBeNull();
    const live = await web();
    expect(live.resources.autoscale).toBeNull();
    expect(live.resources.replicas).toBe(1);
    expect(await until(stateRows, (n) => n === 0)).toBe(0);
    expect((await cli(['status', 'auto'])).stdout).toMatch(/web .* 1 +-\n/);
  }, 30_000);

  it('scale --min/--max/--target-cpu sets a policy, --autoscale off removes it; bad flags name the field, exit 2', async () => {
    const bad = await cli(['scale', 'auto', '--min', '3', '--max', '2', '--target-cpu', '50']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('error: --min: must not be above --max (2)');
    const noMax = await cli(['scale', 'auto', '--min', '1', '--target-cpu', '50']);
    expect(noMax.code).toBe(2);
    expect(noMax.stderr.trim().split('\n')).toHaveLength(1);
    expect(noMax.stderr).toMatch(/^error: --max: required/);
    expect(await storedPolicy()).toBeNull();

    const set = await cli([
      'scale',
      'auto',
      '--service',
      'web',
      '--min',
      '1',
      '--max',
      '2',
      '--target-cpu',
      '60',
      '--wait',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(await storedPolicy()).toMatchObject({ minReplicas: 1, maxReplicas: 2, targetCpuPercent: 60 });
    // Flags left out keep the live policy's values.
    const max = await cli(['scale', 'auto', '--max', '3', '--wait']);
    expect(max.code, max.stderr).toBe(0);
    expect(await storedPolicy()).toMatchObject({ minReplicas: 1, maxReplicas: 3, targetCpuPercent: 60 });

    const off = await cli(['scale', 'auto', '--autoscale', 'off', '--wait']);
    expect(off.code, off.stderr).toBe(0);
    expect(await storedPolicy()).toBeNull();
  }, 30_000);

  it('a bad policy in the file is one line naming the field, exit 2, and nothing is sent', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, spec('{ autoscale: { minReplicas: 3, maxReplicas: 2, targetCpuPercent: 50 } }'));
    const applied = await cli(['apply', '-f', file]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toMatch(
      /services\.web\.resources\.autoscale\.minReplicas: must not be above maxReplicas \(2\)/,
    );
    expect(await storedPolicy()).toBeNull();
  });
});
