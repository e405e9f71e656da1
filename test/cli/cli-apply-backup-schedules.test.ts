/**
 * `backup:` instead of `command:` in `schedules:` of wheelhouse.yaml (issue
 * 36), as a user runs `apply`: a first apply provisions the instance with its
 * backup schedule (the plan line says what it backs up and keeps, defaults
 * filled in); a changed retention changes it in place (same id); turning it
 * into a schedule of jobs replaces it; `schedules ls` shows what it backs up;
 * both or neither of command and backup is one line naming the place, exit 2,
 * and nothing sent. The real CLI, a real server and the Docker Engine; every
 * effect read back through the API.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';

const hasDocker = await dockerOrSkip();

interface Live {
  id: string;
  command: string[];
  backup: {
    volume: string;
    consistency: string;
    hook: { service: string; before: string[]; after: string[] } | null;
    retention: { last: number; daily: number; weekly: number; monthly: number };
  } | null;
}

describe.skipIf(!hasDocker)('apply with backup: schedules in wheelhouse.yaml', () => {
  const name = `apbk-${Date.now().toString(36)}`;
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string | undefined;

  const cli = (...args: string[]) => runCli(args, { cwd: dir, env });
  const db = `  db:\n    image: ${TEST_IMAGES.data}\n    command: [sleep, "3600"]\n    volumes: [{ name: data, mountPath: /data }]\n`;
  const apply = async (schedules: string, ...flags: string[]) => {
    await writeFile(join(dir, 'wheelhouse.yaml'), `name: ${name}\nservices:\n${db}schedules:${schedules}`);
    return cli('apply', '-f', 'wheelhouse.yaml', ...flags);
  };
  const live = async (): Promise<Map<string, Live>> => {
    const r = await gql(
      app,
      tenant.token,
      `query($name: String!) { instances(first: 1, filter: { name: $name }) { edges { node { id schedules {
        id name command backup { volume consistency hook { service before after } retention { last daily weekly monthly } }
      } } } } }`,
      { name },
    );
    const node = r.instances.edges[0]?.node;
    instanceId = node?.id ?? instanceId;
    return new Map((node?.schedules ?? []).map((s: Live & { name: string }) => [s.name, s]));
  };

  beforeAll(async () => {
    app = await startDockerApp({ executor: { leaseMs: 3_000, pollMs: 100 } });
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-apply-bksched-'));
    env = { WHEELHOUSE_URL: app.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
  }, 120_000);

  afterAll(async () => {
    if (instanceId)
      await gql(
        app,
        tenant.token,
        'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input, deleteVolumes: true) { __typename } }',
        { input: { instanceId, wait: true } },
      ).catch(() => undefined);
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('provisions with a backup schedule, changes its retention in place, and replaces it by a command', async () => {
    const first = await apply(
      `
  - name: nightly-db
    service: db
    cron: "0 3 * * *"
    timeZone: Europe/Berlin
    backup: { volume: data, retention: { last: 3, monthly: 12 } }
`,
      '--wait',
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      '+ schedule nightly-db: 0 3 * * * (Europe/Berlin) on db, backs up volume data (STOP; keeps last 3, daily 7, weekly 4, monthly 12)',
    );
    let s = (await live()).get('nightly-db');
    expect(s).toMatchObject({
      command: [],
      backup: {
        volume: 'data',
        consistency: 'STOP',
        hook: null,
        retention: { last: 3, daily: 7, weekly: 4, monthly: 12 },
      },
    });
    const id = s?.id;

    // The same file again: nothing to do (the defaults the file leaves out compare as the server stores them).
    const same = await apply(`
  - name: nightly-db
    service: db
    cron: "0 3 * * *"
    timeZone: Europe/Berlin
    backup: { volume: data, retention: { last: 3, monthly: 12 } }
`);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain(`${name}: up to date, nothing to do`);

    const changed = await apply(`
  - name: nightly-db
    service: db
    cron: "0 3 * * *"
    timeZone: Europe/Berlin
    backup:
      volume: data
      consistency: hook
      hook: { service: db, before: sync }
      retention: { last: 2, daily: 0, weekly: 0, monthly: 0 }
`);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('~ schedule nightly-db: backup');
    s = (await live()).get('nightly-db');
    expect(s?.id).toBe(id);
    expect(s?.backup).toEqual({
      volume: 'data',
      consistency: 'HOOK',
      hook: { service: 'db', before: ['sh', '-c', 'sync'], after: [] },
      retention: { last: 2, daily: 0, weekly: 0, monthly: 0 },
    });
    const listed = await cli('schedules', 'ls', name);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/nightly-db\s+db\s+0 3 \* \* \*.*backup of volume data \(HOOK\)/);

    const jobs = await apply(`
  - { name: nightly-db, service: db, command: [echo, dump], cron: "0 3 * * *", timeZone: Europe/Berlin }
`);
    expect(jobs.code, jobs.stderr).toBe(0);
    expect(jobs.stdout).toContain('- schedule nightly-db (replaced: command changed)');
    expect(jobs.stdout).toContain('+ schedule nightly-db: 0 3 * * * (Europe/Berlin) on db, runs echo dump');
    s = (await live()).get('nightly-db');
    expect(s?.id).not.toBe(id);
    expect(s).toMatchObject({ command: ['echo', 'dump'], backup: null });
  }, 180_000);

  it('both or neither of command and backup is one line naming the place, and nothing is sent', async () => {
    const before = await live();
    const both = await apply(`
  - { name: x, service: db, command: ["true"], backup: { volume: data }, cron: "@daily" }
`);
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe('error: wheelhouse.yaml:8: schedules.0.backup: give command or backup, not both');
    const neither = await apply(`
  - { name: x, service: db, cron: "@daily" }
`);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('schedules.0.command: a command is required (or backup:)');
    // The server checks what only it can: the volume is one a service mounts.
    const volume = await apply(`
  - { name: x, service: db, backup: { volume: logs }, cron: "@daily" }
`);
    expect(volume.code).not.toBe(0);
    expect(volume.stderr).toMatch(/backup\.volume.*no service of the instance mounts a volume "logs"/);
    expect([...(await live()).keys()]).toEqual([...before.keys()]);
  }, 60_000);
});
