import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { postgresServerUrl } from './database.js';
import { strictComponents } from './env.js';
import { makePgliteTemplate } from './pglite-template.js';
import { dropDatabases, makeDatabaseTemplate } from './postgres-file-database.js';
import { compiledServer } from './server-command.js';
import { removeRunLeftovers, TEST_RUN_LABEL } from './test-run.js';

/**
 * Once per run: make the migrated template of the per-file Postgres databases
 * (when testing against a server; else make the migrated PGlite template every file's database starts
 * from), migrate the public schema of the server Postgres-only tests use
 * (strict mode fails without that server), and build the local test images on the Docker Engine (when there is
 * one; files that need Docker decide for themselves whether its absence is a
 * skip or, in CI, a failure). The teardown fails the run when anything
 * labelled with this run is left on the engine (test-run.ts): every test
 * cleans up after itself, and nothing of anyone else's is touched.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Set before any worker starts, so every worker and every child process it spawns inherits them.
  const runId = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  process.env.WHEELHOUSE_TEST_RUN = runId;
  process.env.WHEELHOUSE_DOCKER_LABELS = `${TEST_RUN_LABEL}=${runId}`;
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
  // Every object this run's providers and servers create carries its label (see test-run.ts); the
  // check below looks at those alone, so another server's or run's objects on the engine are never
  // touched, however they appeared.
  return async () => {
    await runTeardowns();
    const left = await removeRunLeftovers(runId);
    if (left.length === 0) return;
    // vitest reports a teardown error but still exits 0: make the run fail.
    process.exitCode = 1;
    throw new Error(
      `the suite left ${left.length} object(s) labelled ${TEST_RUN_LABEL}=${runId} on the engine (now removed):\n  ${left.join('\n  ')}`,
    );
  };
}

const teardowns: (() => Promise<void>)[] = [];

async function runTeardowns(): Promise<void> {
  for (const teardown of teardowns.splice(0)) await teardown();
}
