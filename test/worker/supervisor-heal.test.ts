/**
 * The supervisor heals the service that drifted, not the instance (issue 39,
 * item 4), on the real Docker Engine: a killed sidecar is started again and
 * the web keeps its container and host port; heals that keep failing back
 * off, each attempt an event and counted in `restarts`; a container the
 * engine restarts itself is left to it; a finished INIT reads completed and
 * a failed one is reported, not retried.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { gql, type TestApp } from '../support/app.js';
import { dockerOrSkip, dockerRegistry, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

/** Short back-off so a crash loop shows its shape in seconds: 1 s, 2 s, then 4 s at most. */
const BACKOFF = { baseMs: 1000, maxMs: 4000, resetAfterMs: 60_000 };

interface ServiceView {
  name: string;
  role: string;
  status: { state: string; ready: boolean; restarts: number; message: string | null };
}
interface InstanceView {
  state: string;
  ready: boolean;
  restarts: number;
  message: string | null;
  services: ServiceView[];
  operations: { edges: { node: { kind: string; status: string } }[] };
  events: { edges: { node: { type: string; message: string | null; occurredAt: string; data: unknown } }[] };
}

const WATCH = `query HealWatch($id: ID!) {
  instance(id: $id) {
    state ready restarts message
    services { name role status { state ready restarts message } }
    operations(first: 20) { edges { node { kind status } } }
    events(first: 100) { edges { node { type message occurredAt data } } }
  }
}`;

let last: unknown;
async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const idOf = (gid: string) => Buffer.from(gid, 'base64').toString().split(':')[1]!;

async function containerOf(id: string, service: string) {
  const all = await docker.listContainers({
    all: true,
    filters: { label: [`wheelhouse.instance=${id}`, `wheelhouse.service=${service}`] },
  });
  expect(all).toHaveLength(1);
  return docker.getContainer(all[0]!.Id).inspect();
}

const hostPortOf = (info: Dockerode.ContainerInspectInfo) => info.NetworkSettings.Ports['8080/tcp']?.[0]?.HostPort;

/** A free TCP port on the loopback (bound, then released). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe.skipIf(skip)('supervisor heals only the service that drifted', () => {
  let t: TestApp;
  let token: string;
  let supervisor: Supervisor;
  const made: string[] = [];

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
    supervisor = new Supervisor({
      db: t.database.db,
      registry: dockerRegistry(),
      signal: t.app.services.signal,
      logger: createLogger('silent'),
      // The poll is the fallback only: engine events drive every heal here.
      intervalMs: 600_000,
      changeDebounceMs: 100,
      claimGapMs: 200,
      backoffBaseMs: 200,
      healBackoff: BACKOFF,
      sweepOrphans: false,
    });
    supervisor.start();
  });
  afterAll(async () => {
    await supervisor?.stop();
    for (const gid of made) {
      await gql(t, token, 'mutation($i: InstanceActionInput!) { deprovisionInstance(input: $i) { __typename } }', {
        i: { instanceId: gid, wait: true },
      }).catch(() => undefined);
      expect(await dockerLeftovers(docker, idOf(gid))).toEqual([]);
    }
    await t?.stop();
  });

  async function provision(name: string, services: object[], wait = true) {
    const r = await gql<{
      provisionInstance: { __typename: string; instance?: { id: string }; operation?: { status: string } };
    }>(
      t,
      token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on ProvisionInstancePayload { instance { id } operation { status } } ... on Error { message } } }`,
      {
        input: {
          name: `${name}-${randomUUID().slice(0, 8)}`,
          wait,
          readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
          services,
        },
      },
    );
    const gid = r.provisionInstance.instance?.id;
    if (!gid) throw new Error(JSON.stringify(r));
    made.push(gid);
    return { gid, id: idOf(gid), status: r.provisionInstance.operation?.status };
  }

  const watch = async (gid: string) => {
    last = (await gql<{ instance: InstanceView }>(t, token, WATCH, { id: gid })).instance;
    return last as InstanceView;
  };
  const heals = (v: InstanceView, service: string) =>
    v.events.edges
      .map((e) => e.node)
      .filter((e) => e.type === 'service.heal_attempted' && (e.data as { service?: string }).service === service)
      .sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const web = { name: 'web', image: TEST_IMAGES.web1, ports: [{ container: 8080 }] };

  it('a docker kill of the sidecar starts the sidecar alone: the web keeps its container and its host port', async () => {
    const { gid, id } = await provision('heal-kill', [
      web,
      { name: 'side', image: TEST_IMAGES.tool, role: 'SIDECAR', command: ['sleep', '3600'] },
    ]);
    const webBefore = await containerOf(id, 'web');
    const sideBefore = await containerOf(id, 'side');
    expect(hostPortOf(webBefore)).toBeTruthy();

    await docker.getContainer(sideBefore.Id).kill();
    const sideAfter = await until('the sidecar to run again', async () => {
      const info = await containerOf(id, 'side');
      return info.State.Running && info.State.StartedAt !== sideBefore.State.StartedAt ? info : undefined;
    });
    expect(sideAfter.Id).toBe(sideBefore.Id);

    const webAfter = await containerOf(id, 'web');
    expect(webAfter.Id).toBe(webBefore.Id);
    expect(webAfter.State.StartedAt).toBe(webBefore.State.StartedAt);
    expect(hostPortOf(webAfter)).toBe(hostPortOf(webBefore));

    const seen = await until('the instance ready again, the heal counted', async () => {
      const v = await watch(gid);
      const side = v.services.find((s) => s.name === 'side');
      return v.ready && side?.status.restarts === 1 ? v : undefined;
    });
    // No operation: no restart of the instance, only the provision that made it.
    expect(seen.operations.edges.map((e) => e.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    const [heal, ...more] = heals(seen, 'side');
    expect(more).toEqual([]);
    expect(heal).toMatchObject({ data: { service: 'side', attempt: 1, delayMs: 1000, action: 'started' } });
    expect(heal?.message).toMatch(/^supervisor: started side \(attempt 1; side stopped \(exited with code 137/);
    expect(heals(seen, 'web')).toEqual([]);
    expect(seen.services.find((s) => s.name === 'web')?.status.restarts).toBe(0);
    expect(seen.restarts).toBe(1);
  }, 120_000);

  it('a heal that keeps failing backs off (growing gaps, capped), each attempt an event counted in restarts', async () => {
    const port = await freePort();
    const { gid, id } = await provision('heal-loop', [
      web,
      {
        name: 'side',
        image: TEST_IMAGES.web1,
        role: 'SIDECAR',
        ports: [{ container: 8080, host: port }],
      },
    ]);
    const webBefore = await containerOf(id, 'web');
    const side = await containerOf(id, 'side');
    await docker.getContainer(side.Id).kill();
    // The sidecar's host port is taken while it is down: every start fails until it is free again.
    let blocker: Server | undefined;
    await until('the port released by the killed sidecar', async () => {
      const s = createServer();
      const ok = await new Promise<boolean>((r) => {
        s.once('error', () => r(false));
        s.listen(port, '127.0.0.1', () => r(true));
      });
      if (ok) blocker = s;
      return ok ? true : undefined;
    });

    const failing = await until(
      'five failed heal attempts',
      async () => {
        const v = await watch(gid);
        return heals(v, 'side').length >= 5 ? v : undefined;
      },
      60_000,
    );
    const attempts = heals(failing, 'side');
    expect(attempts.map((e) => (e.data as { attempt: number }).attempt).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    for (const a of attempts) {
      expect(a.data).toMatchObject({ service: 'side' });
      expect((a.data as { error?: string }).error).toMatch(/address already in use|port is already allocated/);
    }
    const times = attempts.slice(0, 5).map((e) => Date.parse(e.occurredAt));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Each gap waits out the last attempt's delay (1 s, 2 s, 4 s, 4 s): growing, then held at the cap.
    expect(gaps[0]).toBeGreaterThanOrEqual(1000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2000);
    expect(gaps[2]).toBeGreaterThanOrEqual(4000);
    expect(gaps[3]).toBeGreaterThanOrEqual(4000);
    // Growing until the cap, then held there (not doubled to 8 s).
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]).toBeGreaterThan(gaps[1]!);
    expect(gaps[3]).toBeLessThan(4000 + 3000);

    // restarts counts the attempts, in the API, and it grows with them.
    const counted = (await watch(gid)).services.find((s) => s.name === 'side')!.status.restarts;
    expect(counted).toBeGreaterThanOrEqual(5);
    // The web was never touched.
    const webNow = await containerOf(id, 'web');
    expect([webNow.Id, webNow.State.StartedAt, hostPortOf(webNow)]).toEqual([
      webBefore.Id,
      webBefore.State.StartedAt,
      hostPortOf(webBefore),
    ]);

    // Freed: the next attempt succeeds, and the count keeps what happened.
    await new Promise((r) => blocker!.close(r));
    const healed = await until(
      'the sidecar running again',
      async () => {
        const v = await watch(gid);
        return v.ready && heals(v, 'side').some((e) => (e.data as { action?: string }).action === 'started')
          ? v
          : undefined;
      },
      30_000,
    );
    expect(healed.services.find((s) => s.name === 'side')!.status.restarts).toBeGreaterThan(counted);
    expect((await containerOf(id, 'side')).State.Running).toBe(true);
    expect(healed.operations.edges.map((e) => e.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    // Every heal is in the audit log as the supervisor's (SYSTEM): the failed ones ERROR, the last one OK.
    const audited = await t.database.db
      .selectFrom('audit_entries')
      .select(['actor_kind', 'actor_id', 'action', 'outcome', 'error_type', 'target_ids'])
      .where('action', '=', 'supervisor.heal')
      .orderBy('seq')
      .execute();
    const mine = audited.filter((e) => e.target_ids.includes(gid));
    expect(mine.length).toBeGreaterThanOrEqual(6);
    expect(mine.every((e) => e.actor_kind === 'SYSTEM' && e.actor_id === 'supervisor')).toBe(true);
    expect(mine.slice(0, 5).map((e) => [e.outcome, e.error_type])).toEqual(Array(5).fill(['ERROR', 'HealFailed']));
    expect(mine.at(-1)).toMatchObject({ outcome: 'OK', error_type: null });
  }, 120_000);

  it('a container the engine restarts itself is left to the engine: counted, never the instance restarted', async () => {
    const { gid, id } = await provision('heal-engine', [
      web,
      // Runs until told to crash; from then on it exits at once on every start.
      {
        name: 'side',
        image: TEST_IMAGES.tool,
        role: 'SIDECAR',
        command: ['sh', '-c', 'while ! test -f /crash; do sleep 0.2; done; exit 3'],
      },
    ]);
    const webBefore = await containerOf(id, 'web');
    const side = await containerOf(id, 'side');
    const exec = await docker.getContainer(side.Id).exec({ Cmd: ['sh', '-c', 'echo > /crash'] });
    await exec.start({});
    const looping = await until('the engine restarting the sidecar, counted in the API', async () => {
      const v = await watch(gid);
      const s = v.services.find((x) => x.name === 'side');
      return s && s.status.restarts >= 3 && s.status.state === 'FAILED' ? v : undefined;
    });
    expect(looping.services.find((s) => s.name === 'side')?.status.message).toMatch(/exit code 3/);
    expect(heals(looping, 'side')).toEqual([]);
    expect(looping.operations.edges.map((e) => e.node)).toEqual([{ kind: 'PROVISION', status: 'SUCCEEDED' }]);
    const webNow = await containerOf(id, 'web');
    expect([webNow.Id, webNow.State.StartedAt]).toEqual([webBefore.Id, webBefore.State.StartedAt]);
  }, 120_000);

  it('a finished INIT reads completed, not running, and the instance is RUNNING and ready', async () => {
    const { gid } = await provision('heal-init-ok', [
      { name: 'migrate', image: TEST_IMAGES.tool, role: 'INIT', command: ['sh', '-c', 'echo migrated'] },
      web,
    ]);
    const v = await watch(gid);
    expect(v).toMatchObject({ state: 'RUNNING', ready: true });
    expect(v.services.find((s) => s.name === 'migrate')?.status).toEqual({
      state: 'STOPPED',
      ready: true,
      restarts: 0,
      message: 'completed',
    });
  }, 120_000);

  it('a failed INIT is reported as the instance’s problem and not retried', async () => {
    const { gid, id, status } = await provision(
      'heal-init-bad',
      [
        { name: 'migrate', image: TEST_IMAGES.tool, role: 'INIT', command: ['sh', '-c', 'echo bad schema; exit 3'] },
        web,
      ],
      true,
    );
    expect(status).toBe('FAILED');
    const reported = await until('the supervisor to report the init', async () => {
      const v = await watch(gid);
      return v.message?.includes('not retried') ? v : undefined;
    });
    expect(reported.state).toBe('FAILED');
    expect(reported.message).toMatch(/^init service migrate \(init exited with code 3.*\) failed; not retried/);
    const ranAt = (await containerOf(id, 'migrate')).State.StartedAt;
    // Several recovery back-offs (200 ms here) and engine events later: still one run, no recovery queued.
    await new Promise((r) => setTimeout(r, 4000));
    const later = await watch(gid);
    expect(later.operations.edges.map((e) => e.node)).toEqual([{ kind: 'PROVISION', status: 'FAILED' }]);
    expect((await containerOf(id, 'migrate')).State.StartedAt).toBe(ranAt);
    expect(heals(later, 'migrate')).toEqual([]);
  }, 120_000);
});
