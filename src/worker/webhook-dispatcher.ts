import { randomUUID } from 'node:crypto';
import { eventPayload, selectsType } from '../control/webhook-payload.js';
import type { WebhookSignal } from '../control/webhook-signal.js';
import { newMessageId } from '../control/webhooks.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { NewWebhookDelivery } from '../db/database.js';
import { withTransaction } from '../db/db-types.js';
import { NotificationListener } from '../db/notifications.js';
import {
  EVENTS_CHANNEL,
  eventHorizon,
  eventPosition,
  listEventsAfter,
  parseEventNotice,
} from '../db/repositories/event-repository.js';
import { findInstancesByIds } from '../db/repositories/instance-repository.js';
import * as repo from '../db/repositories/webhook-repository.js';
import type { Logger } from '../logger.js';

export interface WebhookDispatcherOptions {
  database: DatabaseHandle;
  signal: WebhookSignal;
  logger: Logger;
  /** How often to look for events when no NOTIFY came (a lost notification, PGlite elsewhere). */
  pollMs?: number;
  /** Events read per webhook per transaction. */
  batch?: number;
}

/** Webhooks locked per transaction. */
const WEBHOOKS_PER_PASS = 20;

/** The first re-read after a notified event was above the horizon; doubled up to the poll interval. */
const HELD_BACK_RETRY_MS = 10;

/**
 * Turns the event log into deliveries. Each webhook has a durable cursor (the
 * position of the last event it considered); one transaction locks the
 * webhook (SKIP LOCKED, so replicas share webhooks), reads its tenant's events
 * after the cursor, inserts a delivery for each one it selects and advances
 * the cursor. Reads stop at the horizon (event-repository.ts), so nothing
 * behind a cursor can still appear, and an event committed just before any
 * process died is found by the next pass of any replica. A NOTIFY on the
 * events channel wakes it; one that names an event still above the horizon
 * (an older transaction was open) brings a re-read shortly after; a poll is
 * the fallback.
 */
export class WebhookDispatcher {
  readonly #o: Required<WebhookDispatcherOptions>;
  #listener: NotificationListener | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  /** The newest event position a notification named. */
  #notified = 0n;
  /** The horizon last read (a position): a notified event below it has been read. */
  #horizon = 0n;
  #retry: NodeJS.Timeout | undefined;
  #retryMs = HELD_BACK_RETRY_MS;

  constructor(options: WebhookDispatcherOptions) {
    this.#o = { pollMs: 1_000, batch: 500, ...options };
  }

  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#listener = new NotificationListener(
      this.#o.database,
      EVENTS_CHANNEL,
      {
        onNotification: (payload) => {
          const notice = parseEventNotice(payload);
          if (notice && notice.position > this.#notified) this.#notified = notice.position;
          this.kick();
        },
        onListening: () => this.kick(),
      },
      { logger: this.#o.logger, applicationName: 'wheelhouse-webhooks' },
    );
    await this.#listener.start();
    this.#timer = setInterval(() => this.kick(), this.#o.pollMs);
    this.#timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    await this.#listener?.close();
    await this.#running;
  }

  /** Runs a pass now, or once more after the one running (coalesced). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  /** Resolves when every event committed before the call has been dispatched (tests, the bench). */
  async settle(): Promise<void> {
    while (this.#running) await this.#running;
    await this.#passes();
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#passes();
      } catch (err) {
        if (!this.#stopped) this.#o.logger.warn({ err }, 'dispatching webhook deliveries failed; retrying');
        return;
      }
      if (!this.#again) await this.#retryHeldBack();
    } while (this.#again && !this.#stopped);
  }

  /**
   * A notified event still above the horizon (a transaction that began before
   * its writer's is open) was not read: read again shortly, backing off to the
   * poll interval, since the transaction holding the horizon may never notify.
   */
  async #retryHeldBack(): Promise<void> {
    if (this.#stopped || this.#notified < this.#horizon) return;
    try {
      this.#horizon = await eventHorizon(this.#o.database.db);
    } catch {
      return; // the poll retries
    }
    if (this.#notified < this.#horizon) {
      this.#retryMs = HELD_BACK_RETRY_MS;
      return;
    }
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => this.kick(), this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, this.#o.pollMs);
  }

  async #passes(): Promise<void> {
    for (;;) {
      const { locked, inserted } = await withTransaction(this.#o.database.db, async (trx) => {
        const hooks = await repo.lockWebhooksBehind(trx, WEBHOOKS_PER_PASS);
        let count = 0;
        for (const hook of hooks) {
          const events = await listEventsAfter(
            trx,
            hook.tenant_id,
            { withAudit: true },
            repo.webhookCursor(hook),
            this.#o.batch,
          );
          const last = events.at(-1);
          if (!last) continue;
          // The instances' names go in the bodies: one read per webhook's batch.
          const ids = [...new Set(events.flatMap((e) => (e.instance_id ? [e.instance_id] : [])))];
          const names = new Map(
            (ids.length ? await findInstancesByIds(trx, hook.tenant_id, ids) : []).map((i) => [i.id, i.name]),
          );
          // One due time for the batch: among deliveries due together, creation (cursor) order decides.
          const due = new Date();
          const rows: NewWebhookDelivery[] = events
            .filter((e) => selectsType(hook.event_types, e.type))
            .map((e) => ({
              id: randomUUID(),
              tenant_id: hook.tenant_id,
              webhook_id: hook.id,
              event_id: String(e.id),
              message_id: newMessageId(),
              event_type: e.type,
              payload: eventPayload(e, e.instance_id ? (names.get(e.instance_id) ?? null) : null),
              event_occurred_at: e.occurred_at,
              next_attempt_at: due,
            }));
          count += await repo.insertDeliveries(trx, rows);
          await repo.setWebhookCursor(trx, hook.id, eventPosition(last));
        }
        return { locked: hooks.length, inserted: count };
      });
      if (inserted > 0) this.#o.signal.due();
      if (locked === 0 || this.#stopped) return;
    }
  }
}
