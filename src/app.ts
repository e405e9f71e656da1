import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { Services } from './control/services.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrator.js';
import type { Logger } from './logger.js';
import { Registry } from './providers/registry.js';
import { bootstrap } from './server/bootstrap.js';
import { createErrorMasker } from './server/error-masking.js';
import { createHttpServer } from './server/http-server.js';
import { createServices } from './server/services.js';
import { createWorkers, type ExecutorTuning } from './server/workers.js';
import { createWsServer } from './server/ws-server.js';
import { createGraphQLServer } from './server/yoga.js';
import type { Executor } from './worker/executor.js';

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** An already-open database (tests share one); opened from config otherwise. */
  database?: DatabaseHandle;
  /** A prepared registry (tests register fakes); empty otherwise. */
  registry?: Registry;
  /** Executor tuning (tests shorten the lease to prove re-claiming). */
  executor?: ExecutorTuning;
  /** Where the first-start token is announced; stdout by default. */
  announce?: (line: string) => void;
}

export interface App {
  services: Services;
  /** The operation executor, when this process runs one (WHEELHOUSE_WORKER). */
  executor: Executor | undefined;
  database: DatabaseHandle;
  /** Listens on config host/port (port 0 picks a free one); resolves to the bound URL. */
  start(): Promise<{ url: string; port: number }>;
  /** Closes sockets, subscriptions, the HTTP server and (if it opened it) the database. */
  stop(): Promise<void>;
}

/** Builds Wheelhouse: database, services, schema, HTTP + WebSocket server. Nothing listens until start(). */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config, logger } = opts;
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openDatabase(config.database));
  await migrateToLatest(database.db);
  const registry = opts.registry ?? new Registry();
  const services = await createServices(database, registry, config, logger);
  const { executor, supervisor } = createWorkers(database.db, registry, services, config, logger, opts.executor);
  await bootstrap(services, config, opts.announce ?? ((l) => process.stdout.write(`${l}\n`)));
  const maskError = createErrorMasker(logger);
  const graphql = createGraphQLServer(services, maskError);
  const server = createHttpServer(graphql, database.db);
  const ws = createWsServer(server, graphql, services, maskError);

  let started = false;
  return {
    services,
    database,
    executor,
    async start() {
      // Verified tokens are cached only once revocations on any replica reach this one.
      await services.tokens.listen(database);
      // Executors and `wait: true` callers hear other replicas' queued and ended operations.
      await services.signal.listen(database, logger.child({ component: 'operation-feed' }));
      // Streams need the hub's head before the first client can subscribe.
      await services.events.start();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      started = true;
      executor?.start();
      supervisor?.start();
      const { port } = server.address() as AddressInfo;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      return { url: `http://${host}:${port}/graphql`, port };
    },
    async stop() {
      await supervisor?.stop();
      await executor?.stop();
      // Every open stream completes before its socket closes.
      await services.events.stop();
      await services.tokens.stop();
      await services.signal.stop();
      await ws.close();
      if (started) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (ownsDatabase) await database.close();
    },
  };
}
