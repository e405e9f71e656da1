/**
 * One replica of the scale row: the server as src/main.ts starts it (the
 * settings from the environment, the console built, the app serving), with
 * the fleet fake as its only provider, under the key `fleet`. The bench
 * bundles this file with esbuild and runs the bundle (no TypeScript loader in
 * the replica, as with `npm start`), and asks it over the IPC channel for
 * what only the process knows: the statements its pool has run and the
 * provider's status calls.
 *
 * FLEET_DEPLOY_MS sets how long a deploy takes on the fake (default 20);
 * FLEET_EXECUTOR_CONCURRENCY, when set, the operations one replica runs at
 * once (otherwise the server's own default), to see what bounds a burst.
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { createLogger } from '../../src/logger.js';
import { Registry } from '../../src/providers/registry.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { FleetProvider, type StatusSample } from './fleet-provider.js';

/** What the bench asks for. */
export interface ReplicaQuestion {
  id: number;
  ask: 'stats';
}

/** The answer: counts since the start, status calls since the last question. */
export interface ReplicaStats {
  id: number;
  statements: number;
  deploys: number;
  samples: StatusSample[];
}

async function main(): Promise<void> {
  const config = await loadConfig();
  const logger = createLogger(config.logLevel);
  let statements = 0;
  const database = await openDatabase(config.database, () => {
    statements += 1;
  });
  const provider = new FleetProvider(Number(process.env.FLEET_DEPLOY_MS ?? 20));
  const registry = new Registry();
  registry.register('fleet', provider);
  // The bench migrated the database before it started the replicas.
  const { buildApp } = await import('../../src/app.js');
  const concurrency = Number(process.env.FLEET_EXECUTOR_CONCURRENCY) || undefined;
  const app = await buildApp({
    config,
    logger,
    registry,
    database,
    migrated: true,
    announce: () => {},
    ...(concurrency ? { executor: { concurrency } } : {}),
  });
  await ensureConsoleBuilt((line) => logger.info(line));
  await app.start();
  process.on('message', (q: ReplicaQuestion) => {
    if (q.ask !== 'stats') return;
    const answer: ReplicaStats = { id: q.id, statements, deploys: provider.deploys, samples: provider.drainSamples() };
    process.send?.(answer);
  });
  const stop = async () => {
    await app.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

await main();
