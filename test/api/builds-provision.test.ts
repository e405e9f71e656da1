import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { FakeBuildEngine, FakeProvider } from '../support/fake-provider.js';
import { DeployDoc, InstanceBuildsQuery, ProvisionDoc, tarOf, until, uploadRequest } from './builds-support.js';

/** A real git repository on disk, read over file:// (WHEELHOUSE_GIT_ALLOW_LOCAL=true). */
function gitRepo(): { url: string; commit: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wh-build-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'Dockerfile'), 'FROM busybox\nCOPY app.txt /app.txt\n');
  writeFileSync(join(dir, 'app.txt'), 'v1\n');
  git('add', '.');
  git('commit', '-q', '-m', 'v1');
  return { url: `file://${dir}`, commit: git('rev-parse', 'HEAD'), dir };
}

describe('provisionInstance and deployInstance with build: instead of image:, on the fake builder engine', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const engine = new FakeBuildEngine();
  const fake = new FakeProvider({ engines: { builder: engine } });
  const key = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(key, fake);
    const builds = {
      builder: undefined,
      registry: undefined,
      concurrency: 2,
      gitAllowLocal: true,
      archiveMaxBytes: 1 << 20,
    };
    t = await startTestApp({ registry, config: { builds }, executor: { leaseMs: 2_000, pollMs: 50 } });
    tenant = await t.newTenant();
    repo = gitRepo();
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(repo.dir, { recursive: true, force: true });
  });
  let repo: { url: string; commit: string; dir: string };

  async function state(id: string) {
    return (await query(t.url, tenant.token, InstanceBuildsQuery, { id })).instance!;
  }

  it('a provision whose build fails ends FAILED with BUILD_FAILED, and nothing was created on the provider', async () => {
    engine.behaviour = { ...engine.behaviour, failAtStep: 2, failMessage: 'cc: fatal error' };
    try {
      const r = await query(t.url, tenant.token, ProvisionDoc, {
        input: {
          name: `p-${randomUUID().slice(0, 8)}`,
          services: [{ name: 'web', build: { source: { git: { url: repo.url } } } }],
        },
      });
      if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
      const id = r.provisionInstance.instance.id;
      const ops = await until('the provision to end', async () => {
        const s = await state(id);
        const p = s.operations.edges.find((e) => e.node.kind === 'PROVISION')?.node;
        return p && p.status !== 'QUEUED' && p.status !== 'RUNNING' ? s : undefined;
      });
      const kinds = ops.operations.edges.map((e) => [e.node.kind, e.node.status]);
      expect(kinds).toContainEqual(['BUILD', 'FAILED']);
      const provision = ops.operations.edges.find((e) => e.node.kind === 'PROVISION')!.node;
      expect(provision.status).toBe('FAILED');
      expect(provision.error?.code).toBe('BUILD_FAILED');
      expect(provision.error?.message).toContain('service web');
      expect(fake.callsFor(localIdOf(id), 'provision')).toEqual([]);
    } finally {
      engine.behaviour = { ...engine.behaviour, failAtStep: undefined };
    }
  });

  it('a provision from a git repository builds first, then provisions the built image (commit recorded)', async () => {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: {
        name: `p-${randomUUID().slice(0, 8)}`,
        services: [
          { name: 'web', build: { source: { git: { url: repo.url, ref: 'main' } } } },
          { name: 'cache', image: 'team/cache:1', role: 'SIDECAR' },
        ],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const id = r.provisionInstance.instance.id;
    const s = await until('the provision to succeed', async () => {
      const st = await state(id);
      const p = st.operations.edges.find((e) => e.node.kind === 'PROVISION')?.node;
      if (p?.status === 'FAILED') throw new Error(JSON.stringify(p));
      return p?.status === 'SUCCEEDED' ? st : undefined;
    });
    const build = s.builds.edges[0]!.node;
    expect(build.status).toBe('SUCCEEDED');
    expect(build.image).toMatch(new RegExp(`/web:${repo.commit}$`));
    expect(fake.imageOf(localIdOf(id), 'web')).toBe(build.image);
    expect(fake.imageOf(localIdOf(id), 'cache')).toBe('team/cache:1');
    expect(s.currentRelease?.snapshots.find((x) => x.name === 'web')?.image).toBe(build.image);
    expect(s.services.find((x) => x.name === 'web')?.image).toBe(build.image);
    // The build ran before the provision: it is older in the queue.
    const kinds = s.operations.edges.map((e) => e.node.kind).reverse();
    expect(kinds.slice(0, 2)).toEqual(['BUILD', 'PROVISION']);
  });

  it('a deploy with build: rolls out the built image as a new release', async () => {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: { name: `p-${randomUUID().slice(0, 8)}`, services: [{ name: 'web', image: 'team/web:1' }], wait: true },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const id = r.provisionInstance.instance.id;
    const d = await query(t.url, tenant.token, DeployDoc, {
      input: { instanceId: id, services: [{ name: 'web', build: { source: { git: { url: repo.url } } } }], wait: true },
    });
    if (d.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(d));
    expect(d.deployInstance.operation.status).toBe('SUCCEEDED');
    const s = await state(id);
    expect(s.currentRelease?.version).toBe(2);
    expect(s.currentRelease?.snapshots[0]?.image).toMatch(new RegExp(`/web:${repo.commit}$`));
    expect(fake.imageOf(localIdOf(id), 'web')).toBe(s.currentRelease?.snapshots[0]?.image);
  });

  it('an idempotency key remembers the uploaded archive: the same bytes replay, other bytes conflict', async () => {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: { name: `p-${randomUUID().slice(0, 8)}`, services: [{ name: 'web', image: 'team/web:1' }], wait: true },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const instanceId = r.provisionInstance.instance.id;
    const key = `deploy-${randomUUID()}`;
    const deployWith = async (archive: Buffer) => {
      const res = await uploadRequest<{ deployInstance: { __typename: string; operation?: { id: string } } }>(
        t.url,
        tenant.token,
        print(DeployDoc),
        {
          input: {
            instanceId,
            idempotencyKey: key,
            services: [{ name: 'web', build: { source: { archive: null } } }],
          },
        },
        'variables.input.services.0.build.source.archive',
        archive,
      );
      if (!res.data) throw new Error(JSON.stringify(res));
      return res.data.deployInstance;
    };
    const a = await tarOf({ Dockerfile: 'FROM busybox\n', 'app.txt': 'a\n' });
    const b = await tarOf({ Dockerfile: 'FROM busybox\n', 'app.txt': 'b\n' });
    const first = await deployWith(a);
    expect(first.__typename).toBe('DeployInstancePayload');
    const again = await deployWith(a);
    expect(again.__typename).toBe('DeployInstancePayload');
    expect(again.operation?.id).toBe(first.operation?.id);
    const other = await deployWith(b);
    expect(other.__typename).toBe('IdempotencyConflictError');
    // One build was queued, and the retries' archives were not kept: every stored archive belongs to a build.
    const s = await state(instanceId);
    expect(s.builds.edges).toHaveLength(1);
    const orphans = await sql<{ n: number }>`
      select count(*) as n from build_archives a
       where a.tenant_id = ${tenant.tenantId} and not exists (select 1 from builds b where b.archive_id = a.id)`.execute(
      t.database.db,
    );
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
});
