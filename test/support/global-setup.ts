import Dockerode from 'dockerode';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { postgresServerUrl } from './database.js';
import { strictComponents } from './env.js';
import { makePgliteTemplate } from './pglite-template.js';
import { dropDatabases, makeDatabaseTemplate } from './postgres-file-database.js';
import { compiledServer } from './server-command.js';

/**
 * Once per run: make the migrated template of the per-file Postgres databases
 * (when testing against a server; else make the migrated PGlite template every file's database starts
 * from), migrate the public schema of the server Postgres-only tests use
 * (strict mode fails without that server), and build the local test images on the Docker Engine (when there is
 * one; files that need Docker decide for themselves whether its absence is a
 * skip or, in CI, a failure). The teardown fails the run when anything with
 * Wheelhouse labels is left on the engine: every test cleans up after itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // bin/wheelhouse runs dist/, and so do the server processes tests start when compiledServer
  // (server-command.ts): build it once, up front, rather than in the first processes that race for it.
  {
    // @ts-expect-error plain JavaScript without declarations (it runs before anything is compiled)
    const { ensureServerBuilt } = (await import('../../scripts/server-build.mjs')) as {
      ensureServerBuilt: (log: (line: string) => void) => Promise<unknown>;
    };
    await ensureServerBuilt((line) =>
      console.log(`global setup${compiledServer ? ' (compiled servers)' : ''}: ${line}`),
    );
  }
  // Made while the images build (it is mostly initdb, seconds on a busy machine); awaited below.
  const template = process.env.WHEELHOUSE_TEST_DATABASE_URL ? undefined : makePgliteTemplate();
  // Each file works in a database of its own on the Postgres server (postgres-file-database.ts),
  // copied from one migrated template named under this run's prefix; the teardown drops them.
  const servers = [...new Set([process.env.WHEELHOUSE_TEST_DATABASE_URL, postgresServerUrl()])].filter(
    (u): u is string => !!u,
  );
  if (servers.length) {
    const prefix = await makeDatabaseTemplate(servers[0]!);
    for (const url of servers.slice(1)) await makeDatabaseTemplate(url, prefix);
    project.provide('postgresDatabasePrefix', prefix);
    for (const url of servers) teardowns.push(() => dropDatabases(url, prefix));
  }
  // Postgres-only tests run in both passes against this server: strict mode fails without it,
  // as it does without a Docker Engine, instead of letting them go missing.
  if (!postgresServerUrl() && strictComponents) {
    throw new Error('a Postgres server is required in CI: set WHEELHOUSE_TEST_POSTGRES_URL (.ci/run does)');
  }
  if (postgresServerUrl()) {
    // The named database itself too, for the tests that use it as it is (prepared statements).
    const handle = await openDatabase({ kind: 'postgres', url: postgresServerUrl()!, poolSize: 1 });
    await migrateToLatest(handle.db);
    await handle.close();
  }
  const images = await import('./docker-images.js').catch(() => undefined);
  const docker = images && (await images.dockerAvailable());
  const [made] = await Promise.all([template, docker ? images.ensureTestImages() : undefined]);
  if (made) teardowns.push(made.remove);
  project.provide('pgliteTemplate', made?.path);
  if (!images || !docker) return runTeardowns;
  // Several checkouts testing against one engine at once (a developer's worktrees)
  // see each other's objects; they opt out of the check. CI never sets this.
  if (process.env.WHEELHOUSE_TEST_SHARED_ENGINE === '1' && !process.env.CI) return runTeardowns;
  const before = new Set(await images.dockerLeftovers());
  return async () => {
    await runTeardowns();
    const left = (await images.dockerLeftovers()).filter((x) => !before.has(x));
    if (left.length === 0) return;
    // Only what appeared during this run: another user of the engine (a soak) keeps its live objects.
    await removeLabelled(new Set(left));
    // vitest reports a teardown error but still exits 0: make the run fail.
    process.exitCode = 1;
    throw new Error(
      `the suite left ${left.length} labelled object(s) on the engine (now removed):\n  ${left.join('\n  ')}`,
    );
  };
}

const teardowns: (() => Promise<void>)[] = [];

async function runTeardowns(): Promise<void> {
  for (const teardown of teardowns.splice(0)) await teardown();
}

/** Removes the labelled objects named in `only` (as dockerLeftovers names them), and nothing else. */
async function removeLabelled(only: ReadonlySet<string>): Promise<void> {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const filters = { label: ['wheelhouse.managed=true'] };
  for (const c of await docker.listContainers({ all: true, filters }))
    if (only.has(`container ${(c.Names?.[0] ?? c.Id).replace(/^\//, '')}`))
      await docker.getContainer(c.Id).remove({ force: true, v: true });
  for (const n of await docker.listNetworks({ filters }))
    if (only.has(`network ${n.Name}`))
      await docker
        .getNetwork(n.Id)
        .remove()
        .catch(() => {});
  for (const v of (await docker.listVolumes({ filters })).Volumes ?? [])
    if (only.has(`volume ${v.Name}`))
      await docker
        .getVolume(v.Name)
        .remove()
        .catch(() => {});
}
