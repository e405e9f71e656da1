import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import {
  collect,
  execute,
  localIdOf,
  query,
  startTestApp,
  type TestApp,
  type TestTenant,
  wsClient,
} from '../support/app.js';
import { FakeBuildEngine, FakeProvider } from '../support/fake-provider.js';
import {
  BuildLogsSub,
  BuildQuery,
  BuildServiceDoc,
  CancelDoc,
  DOCKERFILE,
  InstanceBuildsQuery,
  ProvisionDoc,
  tarOf,
  until,
  uploadBuild,
} from './builds-support.js';

const PutSecret = graphql(`
  mutation BuildsPutSecret($input: PutSecretInput!) {
    putSecret(input: $input) { __typename }
  }
`);

const LEASE_MS = 1_500;

describe('builds from source through the API, on the fake builder engine', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const engine = new FakeBuildEngine();
  const fake = new FakeProvider({ engines: { builder: engine } });
  /** A second provider (not the builder's): its instances need a registry to pull built images. */
  const other = new FakeProvider({ name: 'other' });
  const key = `fake-${randomUUID().slice(0, 8)}`;
  const otherKey = `other-${randomUUID().slice(0, 8)}`;
  let context: Buffer;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(key, fake);
    registry.register(otherKey, other);
    registry.setDefault(key);
    t = await startTestApp({ registry, executor: { leaseMs: LEASE_MS, pollMs: 50 } });
    tenant = await t.newTenant();
    context = await tarOf({ Dockerfile: DOCKERFILE, 'app.txt': 'hello' });
    await query(t.url, tenant.token, PutSecret, { input: { key: 'npm-token', value: 'sekret-npm-token-value' } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function instance(provider = key) {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: {
        name: `b-${randomUUID().slice(0, 8)}`,
        provider,
        services: [{ name: 'web', image: 'team/web:1' }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    return r.provisionInstance.instance.id;
  }

  async function build(id: string, token = tenant.token) {
    const r = await query(t.url, token, BuildQuery, { id });
    return r.node && 'status' in r.node ? r.node : undefined;
  }

  async function ended(id: string) {
    return until(`build ${id} to end`, async () => {
      const b = await build(id);
      return b && ['SUCCEEDED', 'FAILED', 'CANCELED'].includes(b.status) ? b : undefined;
    });
  }

  async function upload(instanceId: string, extra: Record<string, unknown> = {}) {
    const r = await uploadBuild(
      t.url,
      tenant.token,
      { input: { instanceId, service: 'web', build: { source: {} }, ...extra } },
      context,
    );
    const payload = r.data?.buildService as { __typename: string; build: { id: string }; operation: { id: string } };
    if (payload?.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
    return payload;
  }

  it('refuses bad input by field, and writes nothing', async () => {
    const instanceId = await instance();
    const ask = (input: Record<string, unknown>) =>
      query(t.url, tenant.token, BuildServiceDoc, {
        input: {
          instanceId,
          service: 'web',
          build: { source: { git: { url: 'https://git.example.com/a.git' } } },
          ...input,
        } as never,
      }).then((r) => r.buildService);
    const fieldsOf = (r: Awaited<ReturnType<typeof ask>>) =>
      r.__typename === 'ValidationError' ? r.fieldErrors.map((f) => f.path.join('.')) : [r.__typename];

    expect(fieldsOf(await ask({ build: { source: {} } }))).toEqual(['input.build.source']);
    expect(
      fieldsOf(
        await ask({ build: { source: { git: { url: 'https://git.example.com/a.git' } }, contextPath: '../up' } }),
      ),
    ).toEqual(['input.build.contextPath']);
    expect(
      fieldsOf(
        await ask({ build: { source: { git: { url: 'https://git.example.com/a.git' } }, dockerfile: '/etc/passwd' } }),
      ),
    ).toEqual(['input.build.dockerfile']);
    expect(fieldsOf(await ask({ build: { source: { git: { url: 'file:///tmp/repo' } } } }))).toEqual([
      'input.build.source.git.url',
    ]);
    expect(
      fieldsOf(
        await ask({
          build: {
            source: { git: { url: 'https://git.example.com/a.git', credentialSecret: 'no-such-key' } },
            secrets: [
              { id: 'npm', secretKey: 'npm-token' },
              { id: 'pip', secretKey: 'missing-key' },
            ],
          },
        }),
      ),
    ).toEqual(['input.build.secrets.1.secretKey', 'input.build.source.git.credentialSecret']);
    expect(fieldsOf(await ask({ service: 'nope' }))).toEqual(['input.service']);
    // An instance on another provider than the builder's cannot pull what the builder's engine keeps.
    const elsewhere = await instance(otherKey);
    const refused = await query(t.url, tenant.token, BuildServiceDoc, {
      input: {
        instanceId: elsewhere,
        service: 'web',
        build: { source: { git: { url: 'https://git.example.com/a.git' } } },
      },
    });
    expect(refused.buildService.__typename).toBe('ValidationError');
    expect('message' in refused.buildService && refused.buildService.message).toMatch(/WHEELHOUSE_BUILD_REGISTRY/);
    // Both image and build, or neither, for a service of a provision.
    const both = await query(t.url, tenant.token, ProvisionDoc, {
      input: {
        name: `b-${randomUUID().slice(0, 8)}`,
        services: [
          { name: 'web', image: 'team/web:1', build: { source: { git: { url: 'https://git.example.com/a.git' } } } },
        ],
      },
    });
    expect(both.provisionInstance.__typename).toBe('ValidationError');
    if (both.provisionInstance.__typename === 'ValidationError')
      expect(both.provisionInstance.fieldErrors.map((f) => f.path.join('.'))).toEqual(['input.services.0.image']);
    const neither = await query(t.url, tenant.token, ProvisionDoc, {
      input: { name: `b-${randomUUID().slice(0, 8)}`, services: [{ name: 'web' }] },
    });
    expect(neither.provisionInstance.__typename).toBe('ValidationError');
    const rows = await sql<{
      n: string;
    }>`select count(*) as n from builds where tenant_id = ${tenant.tenantId}`.execute(t.database.db);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it('an idempotency key answers a retry with the same build, a different request with IdempotencyConflictError; wait returns it ended', async () => {
    const instanceId = await instance();
    const idempotencyKey = `k-${randomUUID()}`;
    const input = {
      instanceId,
      service: 'web',
      deploy: false,
      build: { source: { git: { url: 'https://git.example.com/a.git' } } },
      idempotencyKey,
    };
    const [a, b] = await Promise.all([
      query(t.url, tenant.token, BuildServiceDoc, { input }),
      query(t.url, tenant.token, BuildServiceDoc, { input: { ...input, wait: true } }),
    ]);
    if (a.buildService.__typename !== 'BuildServicePayload' || b.buildService.__typename !== 'BuildServicePayload')
      throw new Error(JSON.stringify([a, b]));
    expect(b.buildService.build.id).toBe(a.buildService.build.id);
    // With wait, the answer is the ended build (this url cannot be fetched: FAILED, naming the source).
    expect(['FAILED', 'SUCCEEDED']).toContain(b.buildService.build.status);
    expect(b.buildService.operation.status).toBe(b.buildService.build.status);
    const other = await query(t.url, tenant.token, BuildServiceDoc, {
      input: { ...input, build: { source: { git: { url: 'https://git.example.com/b.git' } } } },
    });
    expect(other.buildService.__typename).toBe('IdempotencyConflictError');
  });

  it('a provider without BUILD is CapabilityNotSupportedError', async () => {
    const registry = new Registry();
    const bare = new FakeProvider({ capabilities: ['provision', 'deploy', 'strategy:rolling'] });
    registry.register('bare', bare);
    const t2 = await startTestApp({ registry, database: t.database });
    try {
      const tn = await t2.newTenant();
      const p = await query(t2.url, tn.token, ProvisionDoc, {
        input: { name: 'nobuild', services: [{ name: 'web', image: 'team/web:1' }] },
      });
      if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
      const r = await query(t2.url, tn.token, BuildServiceDoc, {
        input: {
          instanceId: p.provisionInstance.instance.id,
          service: 'web',
          build: { source: { git: { url: 'https://git.example.com/a.git' } } },
        },
      });
      expect(r.buildService.__typename).toBe('CapabilityNotSupportedError');
    } finally {
      await t2.stop();
    }
  });

  it('an uploaded archive is built (QUEUED → SUCCEEDED), deployed as a new release, and its log paged', async () => {
    const instanceId = await instance();
    const before = (await query(t.url, tenant.token, InstanceBuildsQuery, { id: instanceId })).instance!;
    const queued = await upload(instanceId);
    const b = await ended(queued.build.id);
    expect(b.status).toBe('SUCCEEDED');
    expect(b.source.kind).toBe('ARCHIVE');
    expect(b.source.archiveSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(b.image).toMatch(
      new RegExp(`^wh/${tenant.tenantName}/b-[0-9a-f]{8}/web:${b.source.archiveSha256!.slice(0, 12)}$`),
    );
    expect(b.steps).toBe(4);
    expect(b.operation.kind).toBe('BUILD');
    expect(b.operation.build?.id).toBe(b.id);
    expect(b.logs.edges.map((e) => e.node.line)).toContain('#3 line 2 of step 3');
    // The deploy the build queued rolls the image out: the new release runs it, on the provider too.
    const after = await until('the release of the build to be current', async () => {
      const i = (await query(t.url, tenant.token, InstanceBuildsQuery, { id: instanceId })).instance!;
      return i.currentRelease?.version === (before.currentRelease?.version ?? 0) + 1 ? i : undefined;
    });
    expect(after.currentRelease?.snapshots.find((s) => s.name === 'web')?.image).toBe(b.image);
    expect(fake.imageOf(localIdOf(instanceId), 'web')).toBe(b.image);
    const linked = await build(b.id);
    expect(linked?.release?.id).toBe(after.currentRelease?.id);
    // The archive was read once; its rows are gone with the build's end.
    const archives = await sql<{
      n: string;
    }>`select count(*) as n from build_archives where tenant_id = ${tenant.tenantId} and sha256 = ${b.source.archiveSha256}`.execute(
      t.database.db,
    );
    expect(Number(archives.rows[0]!.n)).toBe(0);
    expect(after.builds.edges.map((e) => e.node.id)).toEqual([b.id]);
  });

  it('a failing build ends FAILED naming the step, and the running release is untouched', async () => {
    const instanceId = await instance();
    const before = (await query(t.url, tenant.token, InstanceBuildsQuery, { id: instanceId })).instance!;
    engine.behaviour = { ...engine.behaviour, failAtStep: 3, failMessage: "main.c:3: error: expected ';'" };
    try {
      const queued = await upload(instanceId);
      const b = await ended(queued.build.id);
      expect(b.status).toBe('FAILED');
      expect(b.error).toContain('step 3/4');
      expect(b.error).toContain("main.c:3: error: expected ';'");
      const op = await until('the operation to end', async () => {
        const o = (await build(queued.build.id))?.operation;
        return o && o.status !== 'RUNNING' ? o : undefined;
      });
      expect(op.status).toBe('FAILED');
      expect(op.error?.code).toBe('BUILD_FAILED');
      expect(b.logs.edges.at(-1)?.node.line).toContain('build failed');
    } finally {
      engine.behaviour = { ...engine.behaviour, failAtStep: undefined };
    }
    const after = (await query(t.url, tenant.token, InstanceBuildsQuery, { id: instanceId })).instance!;
    expect(after.currentRelease?.id).toBe(before.currentRelease?.id);
    expect(after.services.find((s) => s.name === 'web')?.image).toBe('team/web:1');
    expect(fake.imageOf(localIdOf(instanceId), 'web')).toBe('team/web:1');
    expect(after.operations.edges.filter((e) => e.node.kind === 'DEPLOY')).toEqual([]);
  });

  it('a build secret the builder prints reaches no log line, error or step: masked', async () => {
    const instanceId = await instance();
    engine.behaviour = { ...engine.behaviour, echoSecrets: true, failAtStep: 2 };
    try {
      const queued = await upload(instanceId, {
        build: { source: {}, secrets: [{ id: 'npm', secretKey: 'npm-token' }] },
      });
      const b = await ended(queued.build.id);
      expect(b.status).toBe('FAILED');
      // The engine was given the value (the control worked) ...
      expect(engine.requests.at(-1)?.secrets).toEqual({ npm: 'sekret-npm-token-value' });
      // ... and it is nowhere in what was stored or answered.
      const op = await until('the operation to end', async () => {
        const o = (await build(queued.build.id))?.operation;
        return o && o.status !== 'RUNNING' ? o : undefined;
      });
      const answered = JSON.stringify({ b, op });
      expect(answered).toContain('secret:');
      expect(answered).not.toContain('sekret-npm-token-value');
      const stored = await sql<{ n: string }>`
        select (select count(*) from operation_log_lines l join builds x on x.operation_id = l.operation_id
                 where x.tenant_id = ${tenant.tenantId} and l.line like '%sekret-npm%')
             + (select count(*) from builds where tenant_id = ${tenant.tenantId} and (error like '%sekret-npm%' or spec::text like '%sekret-npm%'))
             + (select count(*) from operations where tenant_id = ${tenant.tenantId} and (error_message like '%sekret-npm%' or steps::text like '%sekret-npm%'))
             + (select count(*) from events where tenant_id = ${tenant.tenantId} and (coalesce(message, '') like '%sekret-npm%' or coalesce(data::text, '') like '%sekret-npm%'))
             as n`.execute(t.database.db);
      expect(Number(stored.rows[0]!.n)).toBe(0);
    } finally {
      engine.behaviour = { ...engine.behaviour, echoSecrets: false, failAtStep: undefined };
    }
  });

  it('cancelOperation mid-build ends it CANCELED', async () => {
    const instanceId = await instance();
    engine.behaviour = { ...engine.behaviour, lineDelayMs: 200 };
    try {
      const queued = await upload(instanceId);
      await until('the build to run', async () =>
        (await build(queued.build.id))?.status === 'RUNNING' ? true : undefined,
      );
      const c = await query(t.url, tenant.token, CancelDoc, { input: { operationId: queued.operation.id } });
      expect(c.cancelOperation.__typename).toBe('CancelOperationPayload');
      const b = await ended(queued.build.id);
      expect(b.status).toBe('CANCELED');
      // The operation's own end is recorded by the executor a moment after the build's.
      const op = await until('the operation to end', async () => {
        const o = (await build(queued.build.id))?.operation;
        return o && o.status !== 'RUNNING' ? o : undefined;
      });
      expect(op.status).toBe('CANCELED');
    } finally {
      engine.behaviour = { ...engine.behaviour, lineDelayMs: 5 };
    }
  });

  it('runs at most WHEELHOUSE_BUILD_CONCURRENCY (2) builds at once; the third waits QUEUED (and, canceled there, keeps no archive)', async () => {
    const ids = await Promise.all([instance(), instance(), instance()]);
    let release!: () => void;
    engine.gate = new Promise<void>((r) => {
      release = r;
    });
    engine.maxRunning = 0;
    try {
      const queued = await Promise.all(ids.map((id) => upload(id)));
      const statuses = await until('two builds running', async () => {
        const s = await Promise.all(queued.map(async (q) => (await build(q.build.id))?.status));
        return s.filter((x) => x === 'RUNNING').length === 2 ? s : undefined;
      });
      expect(statuses.filter((s) => s === 'QUEUED')).toHaveLength(1);
      // Held long enough for a third claim to have happened if the limit did not hold.
      await new Promise((r) => setTimeout(r, 500));
      expect(engine.running).toBe(2);
      // The waiting one, canceled before it starts: CANCELED at once, its uploaded archive deleted.
      const waiting = queued[statuses.indexOf('QUEUED')]!;
      const archiveOf = async () =>
        (
          await sql<{
            archive_id: string | null;
          }>`select archive_id from builds where id = ${localIdOf(waiting.build.id)}`.execute(t.database.db)
        ).rows[0]?.archive_id;
      const archiveId = await archiveOf();
      expect(archiveId).toBeTruthy();
      const c = await query(t.url, tenant.token, CancelDoc, { input: { operationId: waiting.operation.id } });
      expect(c.cancelOperation.__typename).toBe('CancelOperationPayload');
      expect((await build(waiting.build.id))?.status).toBe('CANCELED');
      expect(await archiveOf()).toBeNull();
      const kept = await sql<{ n: number }>`select count(*) as n from build_archives where id = ${archiveId!}`.execute(
        t.database.db,
      );
      expect(Number(kept.rows[0]!.n)).toBe(0);
      release();
      engine.gate = undefined;
      const done = await Promise.all(queued.map((q) => ended(q.build.id)));
      expect(done.map((d) => d.status)).toEqual(statuses.map((s) => (s === 'QUEUED' ? 'CANCELED' : 'SUCCEEDED')));
      expect(engine.maxRunning).toBe(2);
    } finally {
      release?.();
      engine.gate = undefined;
    }
  });

  it('buildLogs cut mid-build and resumed from its last cursor gets every line once, then ends', async () => {
    const instanceId = await instance();
    engine.behaviour = { ...engine.behaviour, steps: 6, linesPerStep: 5, lineDelayMs: 30 };
    try {
      const queued = await upload(instanceId, { deploy: false });
      const client = wsClient(t.wsUrl, tenant.token);
      const first = await collect(client, BuildLogsSub, { buildId: queued.build.id }, 7);
      // The seven this reader took (more may still arrive before the socket closes: it resumes after these).
      const firstLines = first.slice(0, 7).map((r) => r.data!.buildLogs);
      await client.dispose();
      expect(firstLines).toHaveLength(7);
      // The build goes on while nobody reads.
      await new Promise((r) => setTimeout(r, 300));
      const again = wsClient(t.wsUrl, tenant.token);
      const rest = await collect(
        again,
        BuildLogsSub,
        { buildId: queued.build.id, after: firstLines.at(-1)!.cursor },
        10_000,
      );
      await again.dispose();
      const all = [...firstLines, ...rest.map((r) => r.data!.buildLogs)];
      const b = await ended(queued.build.id);
      expect(b.status).toBe('SUCCEEDED');
      // Every stored line once, in order: nothing skipped at the cut, nothing repeated.
      expect(all.map((l) => l.cursor)).toEqual(b.logs.edges.map((e) => e.cursor));
      expect(new Set(all.map((l) => l.cursor)).size).toBe(all.length);
      expect(all.length).toBeGreaterThanOrEqual(6 * 6);
    } finally {
      engine.behaviour = { ...engine.behaviour, steps: 4, linesPerStep: 2, lineDelayMs: 5 };
    }
  });

  it("another tenant sees nothing of a build: not the node, not its logs, not the instance's builds", async () => {
    const instanceId = await instance();
    const queued = await upload(instanceId, { deploy: false });
    await ended(queued.build.id);
    const stranger = await t.newTenant();
    expect(await build(queued.build.id, stranger.token)).toBeUndefined();
    const sub = await collect(wsClient(t.wsUrl, stranger.token), BuildLogsSub, { buildId: queued.build.id }, 1).catch(
      (e: unknown) => e,
    );
    expect(JSON.stringify(sub)).toMatch(/not found|NOT_FOUND/i);
    const inst = await execute(t.url, stranger.token, InstanceBuildsQuery, { id: instanceId });
    expect(inst.data?.instance ?? null).toBeNull();
    const op = await execute(t.url, stranger.token, BuildQuery, { id: queued.operation.id });
    expect(op.data?.node ?? null).toBeNull();
  });

  it('a build whose process died mid-build is run again by the next claim and ends SUCCEEDED', async () => {
    const instanceId = await instance();
    let release!: () => void;
    engine.gate = new Promise<void>((r) => {
      release = r;
    });
    const startedBefore = engine.started;
    try {
      const queued = await upload(instanceId, { deploy: false });
      await until('the build to start', async () => (engine.started > startedBefore ? true : undefined));
      // The lease of the process running it lapses (as when that process is killed): its run stops,
      // records nothing, and the next claim runs the build again.
      await sql`update operations set lease_owner = 'dead-process', lease_expires_at = now() - interval '1 second' where id = ${localIdOf(queued.operation.id)}`.execute(
        t.database.db,
      );
      await until('the build to start again', async () => (engine.started >= startedBefore + 2 ? true : undefined));
      expect((await build(queued.build.id))?.status).toBe('RUNNING');
      release();
      engine.gate = undefined;
      const b = await ended(queued.build.id);
      expect(b.status).toBe('SUCCEEDED');
      expect(engine.started).toBeGreaterThanOrEqual(startedBefore + 2);
      const attempts = await sql<{
        attempts: number;
      }>`select attempts from operations where id = ${localIdOf(queued.operation.id)}`.execute(t.database.db);
      expect(attempts.rows[0]!.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      release?.();
      engine.gate = undefined;
    }
  });
});
