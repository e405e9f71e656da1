/**
 * Builds end to end on the real Docker Engine (BuildKit through its API):
 * an uploaded two-stage context and a git repository over file://, each
 * through buildService, built, deployed as a new release and running on the
 * engine; the same commit built twice answers its steps from the cache.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BuildQuery,
  BuildServiceDoc,
  CancelDoc,
  DeprovisionDoc,
  InstanceBuildsQuery,
  ProvisionDoc,
  tarOf,
  until,
  uploadBuild,
} from '../api/builds-support.js';
import { processesWith } from '../providers/docker-build-fixture.js';
import { gql, localIdOf, query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { startGitServer } from '../support/git-server.js';

const docker = new Dockerode();
const run = await dockerOrSkip();

/**
 * Two stages FROM the local busybox test image; `nonce` (a file of the
 * context) makes the first build of a test uncached. Its steps copy and run
 * no container: the control path is what this file tests, and the steps that
 * run a container (RUN) are the builder engine's own tests
 * (test/providers/docker-build.test.ts).
 */
function dockerfile(): string {
  return [
    `FROM ${TEST_IMAGES.tool} AS build`,
    'COPY nonce.txt /out/nonce.txt',
    'COPY app.txt /out/app.txt',
    `FROM ${TEST_IMAGES.tool}`,
    'COPY --from=build /out /out',
    'COPY app.txt /app.txt',
    'CMD ["sleep", "3600"]',
    '',
  ].join('\n');
}

describe.runIf(run)('builds on the real Docker Engine, through the API', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let repoDir: string;
  let commit: string;

  beforeAll(async () => {
    const builds = {
      builder: undefined,
      registry: undefined,
      concurrency: 2,
      gitAllowLocal: true,
      archiveMaxBytes: 8 << 20,
    };
    t = await startDockerApp({ config: { builds }, executor: { leaseMs: 5_000, pollMs: 100 } });
    tenant = await t.newTenant();
    repoDir = mkdtempSync(join(tmpdir(), 'wh-e2e-repo-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repoDir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repoDir, 'Dockerfile'), dockerfile());
    writeFileSync(join(repoDir, 'nonce.txt'), `git-${randomUUID()}\n`);
    writeFileSync(join(repoDir, 'app.txt'), 'from git\n');
    git('add', '.');
    git('commit', '-q', '-m', 'app');
    commit = git('rev-parse', 'HEAD');
  }, 180_000);
  const made: string[] = [];
  const images = new Set<string>();
  afterAll(async () => {
    for (const instanceId of made)
      await query(t.url, tenant.token, DeprovisionDoc, { input: { instanceId, wait: true } }).catch(() => {});
    for (const image of images)
      await docker
        .getImage(image)
        .remove({ force: true })
        .catch(() => {});
    await t?.stop();
    if (repoDir) rmSync(repoDir, { recursive: true, force: true });
  });

  async function instance(): Promise<string> {
    const r = await query(t.url, tenant.token, ProvisionDoc, {
      input: {
        name: `e2e-${randomUUID().slice(0, 8)}`,
        services: [{ name: 'web', image: TEST_IMAGES.web1 }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    made.push(r.provisionInstance.instance.id);
    return r.provisionInstance.instance.id;
  }

  /** Builds `git` for the instance's `web` without deploying it; resolves with the ended build. */
  async function buildGit(instanceId: string, git: { url: string; ref: string; credentialSecret?: string }) {
    const r = await query(t.url, tenant.token, BuildServiceDoc, {
      input: { instanceId, service: 'web', deploy: false, build: { source: { git } } },
    });
    if (r.buildService.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
    return ended(r.buildService.build.id);
  }

  async function ended(id: string) {
    return until(
      `build ${id} to end`,
      async () => {
        const r = await query(t.url, tenant.token, BuildQuery, { id });
        const b = r.node && 'status' in r.node ? r.node : undefined;
        if (b?.image) images.add(b.image);
        return b && ['SUCCEEDED', 'FAILED', 'CANCELED'].includes(b.status) ? b : undefined;
      },
      240_000,
    );
  }

  /** The image id the instance's web container runs, as the engine reports it. */
  async function runningImage(instanceId: string): Promise<string | undefined> {
    const containers = await docker.listContainers({ filters: { status: ['running'] } });
    const mine = containers.filter((c) => c.Names.some((n) => n.includes(`wh-${localIdOf(instanceId)}-web-`)));
    return mine[0]?.ImageID;
  }

  it('an uploaded two-stage context is built, deployed, and runs on the engine', async () => {
    const instanceId = await instance();
    const archive = await tarOf({
      Dockerfile: dockerfile(),
      'nonce.txt': `archive-${randomUUID()}\n`,
      'app.txt': 'from an upload\n',
    });
    const r = await uploadBuild(
      t.url,
      tenant.token,
      { input: { instanceId, service: 'web', build: { source: {} } } },
      archive,
    );
    const payload = r.data?.buildService as { __typename: string; build: { id: string } };
    if (payload?.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
    const b = await ended(payload.build.id);
    expect(b.error).toBeNull();
    expect(b.status).toBe('SUCCEEDED');
    expect(b.image).toMatch(/^wh\/.+\/web:[0-9a-f]{12}$/);
    expect(b.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b.steps).toBeGreaterThanOrEqual(3);
    const inspected = await docker.getImage(b.image!).inspect();
    expect(b.imageDigest).toBe(inspected.Id);
    // Labelled with what its inputs determine, nothing unique to the build (a cached rebuild is the same image).
    expect(inspected.Config.Labels).toMatchObject({
      'wheelhouse.instance': localIdOf(instanceId),
      'wheelhouse.service': 'web',
    });
    expect(inspected.Config.Labels?.['wheelhouse.build']).toBeUndefined();
    const live = await until(
      'the release of the build to run',
      async () => {
        const i = (await query(t.url, tenant.token, InstanceBuildsQuery, { id: instanceId })).instance!;
        return i.currentRelease?.snapshots.find((s) => s.name === 'web')?.image === b.image ? i : undefined;
      },
      120_000,
    );
    expect(live.currentRelease?.id).toBe((await ended(payload.build.id)).release?.id);
    expect(await runningImage(instanceId)).toBe(inspected.Id);
  }, 300_000);

  it('a git commit over file:// is built with its commit recorded; the same commit again is answered from the cache', async () => {
    const instanceId = await instance();
    const ask = () => buildGit(instanceId, { url: `file://${repoDir}`, ref: 'main' });
    const first = await ask();
    expect(first.status).toBe('SUCCEEDED');
    expect(first.source.commit).toBe(commit);
    expect(first.image).toMatch(new RegExp(`/web:${commit}$`));
    const second = await ask();
    expect(second.status).toBe('SUCCEEDED');
    expect(second.steps).toBe(first.steps);
    expect(second.cachedSteps!).toBeGreaterThanOrEqual(0.8 * second.steps!);
    // The same inputs make the same image: a cached rebuild's digest says nothing changed.
    expect(second.imageDigest).toBe(first.imageDigest);
  }, 300_000);

  it('a commit over HTTP with a token from the vault is built; the token is sent to the server and shown nowhere', async () => {
    const token = `tok-${randomUUID()}`;
    const server = await startGitServer({ token });
    try {
      const sha = await server.createRepo('shop', {
        files: { Dockerfile: dockerfile(), 'nonce.txt': `http-${randomUUID()}\n`, 'app.txt': 'from http\n' },
      });
      await gql(t, tenant.token, 'mutation($input: PutSecretInput!) { putSecret(input: $input) { __typename } }', {
        input: { key: 'git/shop-token', value: token },
      });
      const instanceId = await instance();
      const ask = () =>
        buildGit(instanceId, { url: server.httpUrl('shop'), ref: 'main', credentialSecret: 'git/shop-token' });
      const first = await ask();
      expect(first.error).toBeNull();
      expect(first.status).toBe('SUCCEEDED');
      expect(first.source.commit).toBe(sha);
      // The server saw the token (every request it answered 200 carried it), so the vault's value was used.
      const answered = server.requests().filter((x) => x.status === 200);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((x) => (x.authorization ?? '').length > 0)).toBe(true);
      expect(
        answered.some(
          (x) =>
            Buffer.from(x.authorization!.replace(/^Basic /, ''), 'base64')
              .toString()
              .endsWith(`:${token}`) || x.authorization === `Bearer ${token}`,
        ),
      ).toBe(true);
      const second = await ask();
      expect(second.cachedSteps!).toBeGreaterThanOrEqual(0.8 * second.steps!);
      // Nowhere in what Wheelhouse keeps: the log lines, the operations, the events, the builds' records.
      const leaks = await sql<{ n: number }>`
        select (select count(*) from operation_log_lines where line like ${`%${token}%`})
             + (select count(*) from operations where steps::text like ${`%${token}%`} or coalesce(error_message, '') like ${`%${token}%`})
             + (select count(*) from events where coalesce(data::text, '') || coalesce(message, '') like ${`%${token}%`})
             + (select count(*) from builds where source::text like ${`%${token}%`} or spec::text like ${`%${token}%`}) as n`.execute(
        t.database.db,
      );
      expect(Number(leaks.rows[0]!.n)).toBe(0);
      // The control: the same query finds a value that is there (the commit sha, in the builds' records).
      const control = await sql<{
        n: number;
      }>`select count(*) as n from builds where source::text like ${`%${sha}%`}`.execute(t.database.db);
      expect(Number(control.rows[0]!.n)).toBe(2);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('cancelOperation mid-build stops the builder within seconds: build and operation CANCELED, the step no longer running', async () => {
    const instanceId = await instance();
    const marker = `${600 + Math.floor(Math.random() * 300)}`;
    const archive = await tarOf({
      Dockerfile: [`FROM ${TEST_IMAGES.tool}`, `RUN sleep ${marker}`, ''].join('\n'),
    });
    const r = await uploadBuild(
      t.url,
      tenant.token,
      { input: { instanceId, service: 'web', build: { source: {} } } },
      archive,
    );
    const queued = r.data?.buildService as { __typename: string; build: { id: string }; operation: { id: string } };
    if (queued?.__typename !== 'BuildServicePayload') throw new Error(JSON.stringify(r));
    // The step is running on the host (BuildKit runs steps with runc, not as containers).
    await until(
      'the RUN step to run',
      async () => (processesWith(`sleep ${marker}`).length > 0 ? true : undefined),
      120_000,
    );
    const asked = Date.now();
    const c = await query(t.url, tenant.token, CancelDoc, { input: { operationId: queued.operation.id } });
    expect(c.cancelOperation.__typename).toBe('CancelOperationPayload');
    const b = await ended(queued.build.id);
    expect(b.status).toBe('CANCELED');
    expect(Date.now() - asked).toBeLessThan(15_000);
    const op = await until(
      'the operation to end',
      async () => {
        const o = (await query(t.url, tenant.token, BuildQuery, { id: queued.build.id })).node;
        return o && 'operation' in o && o.operation.status !== 'RUNNING' ? o.operation : undefined;
      },
      30_000,
    );
    expect(op.status).toBe('CANCELED');
    await until(
      'the step to stop',
      async () => (processesWith(`sleep ${marker}`).length === 0 ? true : undefined),
      15_000,
    );
    // No container of the builder's either (the classic builder's way), and the running release is untouched.
    const left = await docker.listContainers({ all: true });
    expect(left.filter((x) => (x.Command ?? '').includes(`sleep ${marker}`))).toEqual([]);
    expect(await runningImage(instanceId)).toBe((await docker.getImage(TEST_IMAGES.web1).inspect()).Id);
  }, 300_000);
});
