/**
 * `schedules:` in wheelhouse.yaml (issue 35), as a user runs `apply`: a first
 * apply provisions the instance with its schedules; a second changes in place
 * what updateSchedule can (same id), replaces what it cannot (a new id),
 * removes what the file dropped and adds what it gained, printing each in the
 * plan; a schedule paused by hand stays paused (the file does not name
 * `suspended`); a file without `schedules:` leaves them alone and
 * `schedules: []` removes them all; a schedule on a service the same apply
 * adds is created once the deploy is accepted; a bad schedule is one line
 * naming its place, exit 2, and nothing sent. The real CLI, a real server and
 * the Docker Engine; every effect read back through the API.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentSchedule } from '../../src/cli/schedule-plan.js';
import { gql, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';

const hasDocker = await dockerOrSkip();

type LiveSchedule = CurrentSchedule;

describe.skipIf(!hasDocker)('apply with schedules: in wheelhouse.yaml', () => {
  const name = `apsc-${Date.now().toString(36)}`;
  let app: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string | undefined;

  const cli = (...args: string[]) => runCli(args, { cwd: dir, env });
  const file = (services: string, schedules: string | null) =>
    `name: ${name}\nservices:\n${services}${schedules === null ? '' : `schedules:${schedules}`}`;
  const web = `  web:\n    image: ${TEST_IMAGES.web1}\n`;
  const apply = async (text: string, ...flags: string[]) => {
    await writeFile(join(dir, 'wheelhouse.yaml'), text);
    return cli('apply', '-f', 'wheelhouse.yaml', ...flags);
  };
  const live = async (): Promise<Map<string, LiveSchedule>> => {
    const r = await gql(
      app,
      tenant.token,
      `query($name: String!) { instances(first: 1, filter: { name: $name }) { edges { node { id schedules {
        id name service command cron timeZone concurrency historyLimit suspended } } } } }`,
      { name },
    );
    const node = r.instances.edges[0]?.node;
    instanceId = node?.id ?? instanceId;
    return new Map((node?.schedules ?? []).map((s: LiveSchedule) => [s.name, s]));
  };

  beforeAll(async () => {
    app = await startDockerApp({ executor: { leaseMs: 3_000, pollMs: 100 } });
    tenant = await app.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-apply-sched-'));
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

  it('provisions with them, then plans and makes each change', async () => {
    const first = await apply(
      file(
        web,
        `
  - { name: nightly, service: web, command: ./report --yesterday, cron: "30 2 * * *", timeZone: Europe/Berlin }
  - { name: cleanup, service: web, command: [rm, -rf, /tmp/cache], cron: "*/5 * * * *", concurrency: replace }
  - { name: old, service: web, command: ["true"], cron: "@weekly" }
`,
      ),
      '--wait',
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('+ schedule nightly: 30 2 * * * (Europe/Berlin) on web');
    let s = await live();
    expect([...s.keys()].sort()).toEqual(['cleanup', 'nightly', 'old']);
    expect(s.get('nightly')).toMatchObject({
      command: ['sh', '-c', './report --yesterday'],
      timeZone: 'Europe/Berlin',
      concurrency: 'FORBID',
      historyLimit: 20,
    });
    expect(s.get('cleanup')).toMatchObject({ command: ['rm', '-rf', '/tmp/cache'], concurrency: 'REPLACE' });
    const before = s;
    const changed = `
  - { name: nightly, service: web, command: ./report --yesterday, cron: "0 3 * * *", timeZone: Europe/Berlin }
  - { name: cleanup, service: web, command: [rm, -rf, /tmp/cache], cron: "*/5 * * * *", concurrency: replace, historyLimit: 5 }
  - { name: report, service: web, command: [echo, hi], cron: "@daily", timeZone: America/New_York }
`;

    const second = await apply(file(web, changed));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`${name}: change 5 schedule(s)`);
    expect(second.stdout).toContain('- schedule old');
    expect(second.stdout).toContain('- schedule cleanup (replaced: historyLimit changed)');
    expect(second.stdout).toContain('~ schedule nightly: cron');
    expect(second.stdout).toContain('+ schedule report: @daily (America/New_York) on web');
    s = await live();
    expect([...s.keys()].sort()).toEqual(['cleanup', 'nightly', 'report']);
    expect(s.get('nightly')).toMatchObject({ id: before.get('nightly')?.id, cron: '0 3 * * *' });
    expect(s.get('cleanup')?.id).not.toBe(before.get('cleanup')?.id);
    expect(s.get('cleanup')?.historyLimit).toBe(5);
    expect(s.get('report')?.timeZone).toBe('America/New_York');

    // Paused by hand: the file says nothing of `suspended`, so apply leaves it paused.
    expect((await cli('schedules', 'pause', name, 'nightly')).code).toBe(0);
    const again = await apply(file(web, changed));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${name}: up to date, nothing to do`);
    expect((await live()).get('nightly')?.suspended).toBe(true);

    // No `schedules:` key: the live ones are left alone.
    const without = await apply(file(web, null));
    expect(without.stdout).toContain('up to date, nothing to do');
    expect((await live()).size).toBe(3);
  }, 180_000);

  it('a bad schedule is one line naming its place, and nothing is sent', async () => {
    const before = await live();
    const bad = await apply(
      file(
        web,
        `
  - { name: nightly, service: nope, command: ["true"], cron: "0 3 * * *" }
`,
      ),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('error: wheelhouse.yaml:6: schedules.0.service: no service named "nope"');
    const unknown = await apply(
      file(web, `\n  - { name: x, service: web, command: ["true"], cron: "@daily", every: 5 }\n`),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('schedules.0.every: unknown key');
    // The server refuses what only it can check (the cron), naming the field, before anything is removed.
    const cron = await apply(file(web, `\n  - { name: x, service: web, command: ["true"], cron: "nope" }\n`));
    expect(cron.code).not.toBe(0);
    expect(cron.stderr).toMatch(/cron/);
    const after = await live();
    expect(before.size).toBe(3);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  }, 60_000);

  it('a schedule on a service the same apply adds, and schedules: [] removes them all', async () => {
    const worker = `  worker:\n    image: ${TEST_IMAGES.web1}\n    role: SIDECAR\n`;
    const added = await apply(
      file(web + worker, `\n  - { name: sweep, service: worker, command: [echo, sweep], cron: "@hourly" }\n`),
      '--wait',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('+ service worker');
    expect(added.stdout).toContain('+ schedule sweep: @hourly (UTC) on worker');
    const s = await live();
    expect([...s.keys()]).toEqual(['sweep']);
    expect(s.get('sweep')?.service).toBe('worker');

    const none = await apply(file(web + worker, ' []\n'));
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toContain('- schedule sweep');
    expect((await live()).size).toBe(0);
  }, 180_000);
});
