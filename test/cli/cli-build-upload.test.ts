/**
 * `wheelhouse deploy --from DIR` / `--git URL#REF` as a user runs them, up
 * to the queued build (issue 33): the real CLI (a subprocess) against a real
 * server, a fake of OUR provider contract with a fake of OUR builder engine
 * (so BUILD is offered). The effect is checked where it lands: the archive
 * the server stored (its bytes read back from the database, unpacked), and
 * the build's record through the API. Bad input exits 2 naming the field.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { gql, localIdOf, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { FakeProvider } from '../support/fake-provider.js';
import { fakeBuilder } from './fake-builder.js';

/** The entry names of a .tar.gz held in memory. */
async function entryNames(bytes: Buffer): Promise<string[]> {
  const names: string[] = [];
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    names.push(header.name.replace(/^\.\//, '').replace(/\/$/, ''));
    stream.resume();
    stream.on('end', next);
  });
  await pipeline(Readable.from([bytes]), createGunzip(), ex);
  return names.filter((n) => n !== '' && n !== '.').sort();
}

describe('wheelhouse deploy --from / --git: the upload and the queued build', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let dir: string;
  let env: Record<string, string>;
  let instanceId: string;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register('fake', new FakeProvider({ engines: { builder: fakeBuilder().engine } }));
    t = await startTestApp({ registry });
    tenant = await t.newTenant();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-build-'));
    env = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: tenant.token, WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    const r = await gql(
      t,
      tenant.token,
      `mutation { provisionInstance(input: { name: "shop", provider: "fake", wait: true,
         services: [{ name: "web", image: "wheelhouse-test/web:1", ports: [{ container: 8080 }] }] }) {
         __typename ... on ProvisionInstancePayload { instance { id } } } }`,
    );
    instanceId = r.provisionInstance.instance.id;
  });
  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(args, { cwd: dir, env });

  /** The archive the server stored for a build, reassembled from its chunks. */
  const storedArchive = async (buildGlobalId: string) => {
    const rows = await sql<{ data: Buffer; sha256: string }>`
      select c.data, a.sha256 from builds b
        join build_archives a on a.id = b.archive_id
        join build_archive_chunks c on c.archive_id = a.id
       where b.id = ${localIdOf(buildGlobalId)} order by c.seq`.execute(t.database.db);
    return { bytes: Buffer.concat(rows.rows.map((r) => r.data)), sha256: rows.rows[0]?.sha256 };
  };

  it('--from uploads the directory as .dockerignore says, with a progress line, and queues the build', async () => {
    const app = join(dir, 'app');
    await mkdir(join(app, 'node_modules', 'x'), { recursive: true });
    await writeFile(join(app, 'Dockerfile'), 'FROM busybox\nCOPY . /www\n');
    await writeFile(join(app, 'index.html'), '<h1>v2</h1>\n');
    // Incompressible, so the upload is over the plain body limit (1 MiB) and takes many chunks.
    await writeFile(join(app, 'big.bin'), randomBytes(2_500_000));
    await writeFile(join(app, 'local.env'), 'TOKEN=do-not-send\n');
    await writeFile(join(app, 'node_modules', 'x', 'index.js'), 'x');
    await writeFile(join(app, '.dockerignore'), 'node_modules\n*.env\n');
    await writeFile(join(dir, 'outside.txt'), 'outside');
    await symlink('../outside.txt', join(app, 'escape.txt'));

    const r = await cli(['deploy', 'shop', '--from', './app', '--no-wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/context \.\/app: 4 files, 2\.5 MB/);
    expect(r.stderr).toContain('skipped escape.txt → ../outside.txt (a link out of ./app)');
    // Not a terminal: a few progress lines, the last at 100 %.
    const progress = r.stderr.split('\n').filter((l) => l.startsWith('uploading context'));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.length).toBeLessThanOrEqual(5);
    expect(progress.at(-1)).toMatch(/\(100%\)$/);
    const m = /^build (\S+) QUEUED \(operation (\S+)\)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const buildId = m?.[1] as string;

    const stored = await storedArchive(buildId);
    expect(await entryNames(stored.bytes)).toEqual(['.dockerignore', 'Dockerfile', 'big.bin', 'index.html']);
    expect(stored.sha256).toBe(createHash('sha256').update(stored.bytes).digest('hex'));
    const b = await gql(
      t,
      tenant.token,
      `query($id: ID!) { node(id: $id) { ... on Build { service source { kind archiveSha256 } operation { kind } } } }`,
      { id: buildId },
    );
    expect(b.node).toEqual({
      service: 'web',
      source: { kind: 'ARCHIVE', archiveSha256: stored.sha256 },
      operation: { kind: 'BUILD' },
    });

    const list = await cli(['builds', 'shop']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`${buildId}\\s+web\\s+[A-Z]+\\s+archive sha256:${stored.sha256?.slice(0, 12)}`),
    );
  });

  it('--git names the commit (ref after #), with build args and the Dockerfile', async () => {
    const r = await cli([
      'deploy',
      'shop',
      '--git',
      'https://git.example.com/shop/web.git#v2.1',
      '--dockerfile',
      'docker/Dockerfile',
      '--build-arg',
      'MODE=prod',
      '--no-deploy',
      '--no-wait',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { build: { id: string } };
    const spec = await sql<{
      spec: { dockerfile: string; args: Record<string, string> | Array<unknown>; deploy?: unknown };
    }>`
      select spec from builds where id = ${localIdOf(out.build.id)}`.execute(t.database.db);
    expect(spec.rows[0]?.spec).toMatchObject({ dockerfile: 'docker/Dockerfile' });
    expect(spec.rows[0]?.spec.deploy).toBeUndefined();
    expect(JSON.stringify(spec.rows[0]?.spec.args)).toMatch(/MODE.*prod/);
    const b = await gql(
      t,
      tenant.token,
      `query($id: ID!) { node(id: $id) { ... on Build { source { kind url ref } } } }`,
      { id: out.build.id },
    );
    expect(b.node.source).toEqual({ kind: 'GIT', url: 'https://git.example.com/shop/web.git', ref: 'v2.1' });
  });

  it('bad input exits 2 naming the field, and queues nothing', async () => {
    const before = await sql<{
      n: string;
    }>`select count(*)::text as n from builds where instance_id = ${localIdOf(instanceId)}`.execute(t.database.db);
    const missing = await cli(['deploy', 'shop', '--from', './app', '--secret', 'npmrc=NO_SUCH_KEY']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/input\.build\.secrets\.0\.secretKey.*NO_SUCH_KEY/);
    const local = await cli(['deploy', 'shop', '--git', `file://${dir}/repo.git#main`]);
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/input\.build\.source\.git\.url/);
    const both = await cli(['deploy', 'shop', 'web=img:2', '--from', './app']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give service=image pairs or --from/--git, not both');
    const password = await cli(['deploy', 'shop', '--git', 'https://me:hunter2@git.example.com/x.git']);
    expect(password.code).toBe(2);
    expect(password.stderr).toContain('--git-credential');
    expect(password.stderr).not.toContain('hunter2');
    const nodir = await cli(['deploy', 'shop', '--from', './nope']);
    expect(nodir.code).toBe(2);
    expect(nodir.stderr).toContain('./nope: not a directory');
    const after = await sql<{
      n: string;
    }>`select count(*)::text as n from builds where instance_id = ${localIdOf(instanceId)}`.execute(t.database.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
