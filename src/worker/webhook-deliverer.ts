import type { WebhookConfig } from '../config.js';
import { webhookAttempts, webhookDeliveries, webhookLatencySeconds } from '../control/metrics.js';
import { guardedLookup, type Resolver } from '../control/webhook-addresses.js';
import type { WebhookSignal } from '../control/webhook-signal.js';
import { webhookHeaders } from '../control/webhook-signing.js';
import { signingSecretsOf } from '../control/webhooks.js';
import type { WebhookDeliveryRow } from '../db/database.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import * as repo from '../db/repositories/webhook-repository.js';
import type { Logger } from '../logger.js';
import { ClaimLoop } from './claim-loop.js';
import { type AttemptResult, createWebhookAgents, postWebhook, type WebhookAgents } from './webhook-post.js';

export interface WebhookDelivererOptions {
  db: DbHandle;
  /** The vault key the webhooks' secrets are sealed with. */
  key: Buffer;
  config: WebhookConfig;
  signal: WebhookSignal;
  logger: Logger;
  /** Unique per process: whose lease a delivery holds. */
  owner: string;
  /** Attempts in flight at once, all webhooks together. */
  concurrency?: number;
  /** Attempts in flight at once to one webhook: a slow receiver holds only its own slots. */
  perWebhook?: number;
  /** How often to look for deliveries other replicas queued. */
  pollMs?: number;
  /** How names are resolved (tests pass a stub); every answer passes the network guard. */
  resolver?: Resolver;
  /** How long a claim lasts; past it another replica may attempt again (default: the timeout plus 5 s). */
  leaseMs?: number;
}

/**
 * Sends due deliveries. Claims them through the claim loop the executor uses
 * too (claim-loop.ts; a lease, FOR UPDATE SKIP LOCKED), so replicas share the
 * work and no attempt runs twice at once; a process that dies mid-attempt
 * leaves a lease that lapses, and the attempt is made again (receivers
 * de-duplicate on webhook-id). Concurrency is bounded overall and per webhook.
 */
export class WebhookDeliverer {
  readonly #o: Required<Omit<WebhookDelivererOptions, 'resolver'>> & { resolver?: Resolver | undefined };
  readonly #agents: WebhookAgents;
  readonly #loop: ClaimLoop<WebhookDeliveryRow>;

  constructor(options: WebhookDelivererOptions) {
    this.#o = {
      concurrency: 32,
      perWebhook: 4,
      pollMs: 1_000,
      leaseMs: options.config.timeoutSeconds * 1000 + 5_000,
      ...options,
    };
    this.#agents = createWebhookAgents(guardedLookup(options.config.allowPrivate, options.resolver));
    const { db, owner, leaseMs } = this.#o;
    this.#loop = new ClaimLoop<WebhookDeliveryRow>({
      stage: {
        claim: ({ busyKeys }) => repo.claimNextDelivery(db, owner, leaseMs, busyKeys),
        run: (row) =>
          this.#attempt(row).catch((err: unknown) => {
            this.#o.logger.error(
              { err, deliveryId: row.id },
              'a webhook attempt could not be recorded; its lease will lapse',
            );
          }),
        idOf: (row) => row.id,
        keyOf: (row) => row.webhook_id,
        idleMs: (inFlight) => this.#idleMs(inFlight),
      },
      onWake: (wake) => this.#o.signal.onDue(wake),
      logger: this.#o.logger,
      claimFailed: 'claiming webhook deliveries failed; retrying',
      concurrency: this.#o.concurrency,
      perKey: this.#o.perWebhook,
      pollMs: this.#o.pollMs,
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops claiming and lets the attempts in flight end (each is bounded by the timeout). */
  async stop(): Promise<void> {
    if (!this.#loop.running) return;
    await this.#loop.stop();
    this.#agents.destroy();
  }

  /** Until the next delivery falls due, at most the poll interval. */
  async #idleMs(inFlight: number): Promise<number> {
    // Attempts in flight: what is due belongs to busy webhooks (or there is nothing); each attempt that ends wakes
    // the loop, so it does not scan the backlog again every few milliseconds.
    if (inFlight > 0) return this.#o.pollMs;
    try {
      const at = await repo.nextDueAt(this.#o.db);
      if (!at) return this.#o.pollMs;
      return Math.min(this.#o.pollMs, Math.max(10, at.getTime() - Date.now()));
    } catch {
      return this.#o.pollMs;
    }
  }

  async #attempt(row: WebhookDeliveryRow): Promise<void> {
    const { db, config } = this.#o;
    const hook = await repo.findWebhook(db, row.tenant_id, row.webhook_id);
    if (!hook) return; // deleted: its deliveries went with it
    const now = new Date();
    let result: AttemptResult;
    if (!hook.enabled) {
      result = { outcome: 'refused', responseStatus: null, error: 'the webhook is disabled' };
    } else {
      const headers = webhookHeaders(
        signingSecretsOf(this.#o.key, hook, now),
        row.message_id,
        Math.floor(now.getTime() / 1000),
        row.payload,
      );
      result = await postWebhook(
        hook.url,
        headers,
        row.payload,
        this.#agents,
        config.timeoutSeconds * 1000,
        config.allowPrivate,
      );
    }
    webhookAttempts.inc({ outcome: result.outcome });
    const ok = result.outcome === 'succeeded';
    const gone = result.outcome === 'gone';
    const retryIn = config.retrySeconds[row.round_attempts - 1];
    const status = ok ? 'succeeded' : gone || retryIn === undefined ? 'failed' : 'pending';
    const outcome = {
      status,
      responseStatus: result.responseStatus,
      lastError: result.error,
      nextAttemptAt: status === 'pending' ? new Date(Date.now() + (retryIn ?? 0) * 1000) : null,
      delivered: ok,
    } as const;
    // The common case, a success of a healthy webhook, is one statement; the rest also touch the webhook.
    const recorded =
      ok && !hook.failing_since
        ? await repo.finishAttempt(db, row.id, this.#o.owner, outcome)
        : await this.#record(row, hook.id, hook.enabled, result, outcome);
    if (!recorded) return;
    if (status !== 'pending') webhookDeliveries.inc({ outcome: status });
    if (ok && recorded.attempts === recorded.round_attempts) {
      webhookLatencySeconds.observe((Date.now() - new Date(row.event_occurred_at).getTime()) / 1000);
    }
  }

  /** Records an attempt and what it means for its webhook (healthy again, gone, or failing too long), in one transaction. */
  async #record(
    row: WebhookDeliveryRow,
    hookId: string,
    enabled: boolean,
    result: AttemptResult,
    outcome: Parameters<typeof repo.finishAttempt>[3],
  ): Promise<WebhookDeliveryRow | undefined> {
    const { db, config } = this.#o;
    const ok = result.outcome === 'succeeded';
    const gone = result.outcome === 'gone';
    const hook = { id: hookId, enabled };
    return withTransaction(db, async (trx) => {
      const r = await repo.finishAttempt(trx, row.id, this.#o.owner, outcome);
      if (!r) return undefined; // another replica took it over after our lease lapsed
      if (ok) {
        await repo.markWebhookHealthy(trx, hook.id);
      } else if (gone) {
        await repo.disableWebhook(trx, hook.id, `the receiver answered 410 Gone on ${new Date().toISOString()}`);
      } else if (hook.enabled) {
        const since = await repo.markWebhookFailing(trx, hook.id);
        if (since && Date.now() - since.getTime() >= config.disableAfterSeconds * 1000) {
          await repo.disableWebhook(
            trx,
            hook.id,
            `every attempt failed since ${since.toISOString()} (more than ${config.disableAfterSeconds} s); last error: ${result.error}`,
          );
        }
      }
      return r;
    });
  }
}
