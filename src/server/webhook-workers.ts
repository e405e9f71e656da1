import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config.js';
import type { Services } from '../control/services.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Logger } from '../logger.js';
import type { BackgroundWorker } from '../worker/background-worker.js';
import { WebhookDeliverer, type WebhookDelivererOptions } from '../worker/webhook-deliverer.js';
import { WebhookDispatcher } from '../worker/webhook-dispatcher.js';

/** Webhook worker settings a caller may override (tests inject a resolver and shorten the poll). */
export type WebhookTuning = Partial<
  Pick<WebhookDelivererOptions, 'concurrency' | 'perWebhook' | 'pollMs' | 'resolver' | 'leaseMs' | 'owner'>
>;

/**
 * The dispatcher (event log to deliveries) and the deliverer (deliveries to
 * receivers) of this process, as one worker: the dispatcher starts first and
 * stops first, so no delivery is made that this process would not attempt.
 */
export interface WebhookWorkers extends BackgroundWorker {
  dispatcher: WebhookDispatcher;
  deliverer: WebhookDeliverer;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Built when this process runs workers (WHEELHOUSE_WORKER); nothing starts until start(). */
export function createWebhookWorkers(
  database: DatabaseHandle,
  services: Services,
  config: Config,
  logger: Logger,
  tuning: WebhookTuning = {},
): WebhookWorkers | undefined {
  if (!config.runWorker) return undefined;
  const log = logger.child({ component: 'webhooks' });
  const dispatcher = new WebhookDispatcher({
    database,
    signal: services.webhookSignal,
    logger: log,
    ...(tuning.pollMs ? { pollMs: tuning.pollMs } : {}),
  });
  const deliverer = new WebhookDeliverer({
    db: database.db,
    key: services.secrets.key,
    config: config.webhooks,
    signal: services.webhookSignal,
    logger: log,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ...tuning,
  });
  return {
    name: 'webhooks',
    dispatcher,
    deliverer,
    async start() {
      await dispatcher.start();
      deliverer.start();
    },
    async stop() {
      await dispatcher.stop();
      await deliverer.stop();
    },
  };
}
