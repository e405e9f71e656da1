import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import { enableProcessMetrics } from './control/metrics.js';
import type { Services } from './control/services.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrator.js';
import type { Logger } from './logger.js';
import { Registry } from './providers/registry.js';
import { type AuthEventHook, createAuthRoutes } from './server/auth-routes.js';
import { bootstrap } from './server/bootstrap.js';
import { createErrorMasker } from './server/error-masking.js';
import { createHttpServer } from './server/http-server.js';
import { createMetricsHandler, createMetricsServer } from './server/metrics-endpoint.js';
import { createOriginPolicy } from './server/origin-policy.js';
import { createServices } from './server/services.js';
import type { WebhookTuning, WebhookWorkers } from './server/webhook-workers.js';
import { createWorkers, type ExecutorTuning, startWorkers, stopWorkers } from './server/workers.js';
import { createWsServer } from './server/ws-server.js';
import { createGraphQLServer } from './server/yoga.js';
import type { Executor } from './worker/executor.js';

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** An already-open database (tests share one); opened from config otherwise. */
  database?: DatabaseHandle;
  /** The database given is already at the latest migration (main migrates it while the modules load). */
  migrated?: boolean;
  /** A prepared registry (tests register fakes); empty otherwise. */
  registry?: Registry;
  /** Executor tuning (tests shorten the lease to prove re-claiming). */
  executor?: ExecutorTuning;
  /** Webhook worker tuning (tests inject a resolver, shorten the poll). */
  webhooks?: WebhookTuning;
  /** Called at every sign-in, refused sign-in, sign-out and token exchange (the audit log's hook); a no-op by default. */
  onAuthEvent?: AuthEventHook;
  /** Where the first-start token is announced; stdout by default. */
  announce?: (line: string) => void;
}

export interface App {
  services: Services;
  /** The operation executor, when this process runs one (WHEELHOUSE_WORKER). */
  executor: Executor | undefined;
  /** The webhook dispatcher and deliverer, when this process runs workers. */
  webhookWorkers: WebhookWorkers | undefined;
  database: DatabaseHandle;
  /** Listens on config host/port (port 0 picks a free one); resolves to the bound URL (and the metrics URL on a port of its own). */
  start(): Promise<{ url: string; port: number; metricsUrl?: string }>;
  /** Closes sockets, subscriptions, the HTTP server and (if it opened it) the database. */
  stop(): Promise<void>;
}

/** Builds Wheelhouse: database, services, schema, HTTP + WebSocket server. Nothing listens until start(). */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config, logger } = opts;
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openDatabase(config.database));
  if (!opts.migrated) await migrateToLatest(database.db);
  const registry = opts.registry ?? new Registry();
  const services = await createServices(database, registry, config, logger);
  const workers = createWorkers(database, registry, services, config, logger, {
    executor: opts.executor,
    webhooks: opts.webhooks,
  });
  await bootstrap(services, config, opts.announce ?? ((l) => process.stdout.write(`${l}\n`)));
  const maskError = createErrorMasker(logger);
  const origins = createOriginPolicy(config.corsOrigins);
  const graphql = createGraphQLServer(services, maskError, origins);
  enableProcessMetrics();
  // /metrics: on its own port and open (WHEELHOUSE_METRICS_PORT), else on the API port behind a SYSTEM token.
  const scrape = { db: database.db, events: services.events };
  const metricsServer =
    config.metricsPort === undefined ? undefined : createMetricsServer(createMetricsHandler(scrape));
  const server = createHttpServer(
    graphql,
    database.db,
    metricsServer ? undefined : createMetricsHandler(scrape, services.tokens),
    origins,
    config.builds.archiveMaxBytes,
    createAuthRoutes({
      oidc: config.oidc,
      publicUrl: config.publicUrl,
      sessions: services.sessions,
      tokens: services.tokens,
      trustPolicies: services.trustPolicies,
      vaultKey: services.secrets.key,
      // Sign-ins, sign-outs and token exchanges go to the audit log unless the caller hooks them itself.
      onAuthEvent: opts.onAuthEvent ?? ((e) => services.audit.recordDoorEvent(e)),
      warn: (message) => logger.warn({ component: 'sign-in' }, message),
    }),
  );
  const ws = createWsServer(server, graphql, services, maskError, origins);

  let started = false;
  return {
    services,
    database,
    executor: workers.executor,
    webhookWorkers: workers.webhooks,
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
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      let metricsUrl: string | undefined;
      if (metricsServer) {
        await listen(metricsServer, config.metricsPort ?? 0, config.host);
        metricsUrl = `http://${host}:${(metricsServer.address() as AddressInfo).port}/metrics`;
      }
      await startWorkers(workers.all);
      const { port } = server.address() as AddressInfo;
      return { url: `http://${host}:${port}/graphql`, port, ...(metricsUrl ? { metricsUrl } : {}) };
    },
    async stop() {
      // New connections are refused at once; requests in flight finish (up to the grace period).
      const drained = started ? drain(server, config.shutdownGraceSeconds * 1000) : Promise.resolve();
      // Sockets close with 1001 (going away) before their streams end, so clients resume elsewhere
      // from their cursors rather than take a completed stream for the end of it.
      await ws.close();
      // SSE streams complete (their clients resume elsewhere too); they would hold the drain otherwise.
      await services.events.stop();
      await services.logFeed.stop();
      // Beside the drain, running operations are handed back (queued, no lease) for another replica to
      // claim at once; then the edge, which kept serving, gives its lease up so a standby takes over at once.
      await stopWorkers(workers.all, drained);
      await services.tokens.stop();
      await services.signal.stop();
      if (metricsServer?.listening) await drain(metricsServer, 0);
      if (ownsDatabase) await database.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting connections, lets requests in flight finish for up to `graceMs`, then cuts what is left. */
async function drain(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(cut);
}
