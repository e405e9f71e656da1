/**
 * The event hub: the per-process fan-out of the event log, one per process.
 * Events are rows; a NOTIFY on `wheelhouse_events` carries the newest
 * position and a slow poll backs it up, so a lost notification delays an
 * event by at most one poll and never loses it. The hub reads every row after
 * the last position it saw, up to the horizon (all tenants, in the log's
 * order: event-repository.ts), and hands each to the local streams that want
 * it. A notified row still above the horizon (an older transaction was open)
 * is read again shortly after, backing off to the poll. Every replica does the
 * same, so an event written by any replica reaches subscribers of all.
 *
 * It exists so that N subscribers cost one read per new event, not N. The
 * streams themselves (event-stream.ts), the leases that bound and guard them
 * (stream-leases.ts) and the feeds that are not rows (feed.ts) live beside it.
 */
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../../db/connect.js';
import { NotificationListener } from '../../db/notifications.js';
import {
  EVENTS_CHANNEL,
  type EventNotice,
  eventHorizon,
  isAuditEventType,
  listEventsAfter,
  listEventsOfAllTenantsAfter,
  parseEventNotice,
  positionXact,
} from '../../db/repositories/event-repository.js';
import type { Logger } from '../../logger.js';
import { type Event, toEvent } from '../model.js';
import type { Principal } from '../scopes.js';
import type { EventSelector } from './event-selector.js';
import { EventStream, type EventStreamDiagnostics, type EventStreamSource } from './event-stream.js';
import { SubscriptionLimitError } from './stream-errors.js';
import { type StreamLease, StreamLeases } from './stream-leases.js';
import { STREAM_LIMITS } from './stream-limits.js';

export interface EventHubOptions {
  database: DatabaseHandle;
  /** Whether a principal's token is still live (TokenService.isLive). */
  isLive: (principal: Principal) => Promise<boolean>;
  logger?: Logger;
  /** Fallback poll for new rows, ms (default 2000). */
  pollMs?: number;
  /** How long a token's liveness answer is trusted, ms (default 2000). */
  livenessMs?: number;
  /** Events a stream may queue before it switches to catch-up (default STREAM_LIMITS.queue). */
  queueLimit?: number;
  /** Open streams per token (default STREAM_LIMITS.perToken). */
  perToken?: number;
}

/** What the hub is doing, for tests, metrics and the bench. */
export interface EventHubStats {
  head: string;
  streams: number;
  leases: number;
  tokens: number;
  notifications: number;
  polls: number;
  published: number;
  overflows: number;
  listening: boolean;
  /** The Postgres backend of the LISTEN connection (null on PGlite or while reconnecting). */
  listenerPid: number | null;
  /** Streams ended by a revocation the hub was told of (this replica, or a `token.revoked` event). */
  endedByRevocation: number;
  /** Streams ended by the periodic liveness re-check (a revocation nobody announced, an expiry). */
  endedByRecheck: number;
}

/**
 * Events kept by id so replays share objects: ten catch-up reads' worth, each for a short while only
 * (the shared execution keeps a result per subscription shape beside each object while it lives).
 */
const RECENT_EVENTS = 10 * STREAM_LIMITS.batch;
const RECENT_EVENTS_TTL_MS = 15_000;

/** The first re-read after a notified event was above the horizon; doubled up to the poll interval. */
const HELD_BACK_RETRY_MS = 10;

/** Committed transactions above the head remembered for cursor-less streams (see committedAboveHead). */
const COMMITTED_KEPT = 1024;

/**
 * The per-process fan-out of events (see the file comment). start() begins
 * listening and polling; stop() ends every stream and releases the listener.
 */
export class EventHub implements EventStreamSource {
  readonly queueLimit: number;
  readonly #o: Required<Omit<EventHubOptions, 'logger'>> & { logger: Logger | undefined };
  readonly #byTenant = new Map<string, Set<EventStream>>();
  readonly #leases: StreamLeases;
  #head = 0n;
  /** The newest position a notification named: past the head, a row is committed but not yet read. */
  #notified = 0n;
  /** Transactions above the head that notified their commit (see committedAboveHead); bounded. */
  #committed = new Set<bigint>();
  #retry: NodeJS.Timeout | undefined;
  #retryMs = HELD_BACK_RETRY_MS;
  #started = false;
  #stopped = false;
  #pumping = false;
  #again = false;
  #pollTimer: NodeJS.Timeout | undefined;
  #livenessTimer: NodeJS.Timeout | undefined;
  #listener: NotificationListener | undefined;
  #streams = 0;
  #stats = { notifications: 0, polls: 0, published: 0, overflows: 0 };
  /**
   * The newest events, one object per id, whether published or re-read: streams that replay the same
   * rows (every subscriber of a feed resuming from one cursor on a restarted replica) are handed the
   * same objects, so the server's shared execution runs each event once for all of them, not once each.
   */
  readonly #recent = new LRUCache<string, Event>({
    max: RECENT_EVENTS,
    ttl: RECENT_EVENTS_TTL_MS,
    ttlAutopurge: true,
  });

  constructor(options: EventHubOptions) {
    this.#o = {
      pollMs: 2000,
      livenessMs: 2000,
      queueLimit: STREAM_LIMITS.queue,
      perToken: STREAM_LIMITS.perToken,
      ...options,
      logger: options.logger,
    };
    this.queueLimit = this.#o.queueLimit;
    this.#leases = new StreamLeases({
      isLive: this.#o.isLive,
      livenessMs: this.#o.livenessMs,
      perToken: this.#o.perToken,
    });
  }

  /** The position this replica has published up to. */
  get head(): bigint {
    return this.#head;
  }

  /** Reads the head, starts listening for new ids, and starts the fallback poll and the token re-check. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#stopped = false;
    try {
      this.#head = await eventHorizon(this.#o.database.db);
      // Assigned before the first attempt so a stop() during it closes the listener.
      const listener = new NotificationListener(
        this.#o.database,
        EVENTS_CHANNEL,
        {
          onNotification: (payload) => this.#onNotify(payload),
          // Whatever was written while nobody listened.
          onListening: () => void this.#pump(),
        },
        { logger: this.#o.logger },
      );
      this.#listener = listener;
      await listener.start();
    } catch (err) {
      // A start cut short (the database away) must not leave a hub that counts as started but never
      // reads, listens or polls: undo it, so the caller's next start() begins again from the top.
      const listener = this.#listener;
      this.#listener = undefined;
      await listener?.close();
      this.#started = false;
      throw err;
    }
    this.#pollTimer = setInterval(() => {
      this.#stats.polls += 1;
      void this.#pump();
    }, this.#o.pollMs);
    this.#pollTimer.unref();
    // Every half interval, so no token's answer grows a whole interval old (see StreamLeases.checkAll).
    this.#livenessTimer = setInterval(() => void this.#leases.checkAll(), this.#o.livenessMs / 2);
    this.#livenessTimer.unref();
  }

  /** Ends every stream (its client sees it complete) and stops listening. */
  async stop(): Promise<void> {
    if (!this.#started || this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#pollTimer);
    clearInterval(this.#livenessTimer);
    clearTimeout(this.#retry);
    for (const set of [...this.#byTenant.values()]) for (const s of [...set]) s.close();
    this.#leases.endAll(new Error('server stopping'));
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.close();
    this.#recent.clear();
    this.#committed.clear();
    this.#started = false;
  }

  /**
   * Opens a stream of `selector`'s events after `after` (a decoded event cursor), or
   * from now when it is undefined. Take a lease first and pass it: the
   * stream releases it when it ends.
   */
  stream(selector: EventSelector, after: string | undefined, lease?: StreamLease): EventStream {
    const s = new EventStream(this, selector, after === undefined ? undefined : BigInt(after), lease);
    let set = this.#byTenant.get(selector.tenantId);
    if (!set) {
      set = new Set();
      this.#byTenant.set(selector.tenantId, set);
    }
    set.add(s);
    this.#streams += 1;
    return s;
  }

  /** Removes a closed stream (EventStream.close calls it). */
  detach(s: EventStream): void {
    const set = this.#byTenant.get(s.selector.tenantId);
    if (!set?.delete(s)) return;
    this.#streams -= 1;
    if (set.size === 0) this.#byTenant.delete(s.selector.tenantId);
  }

  /** Rows of one selector after a position, oldest first (streams replaying or catching up). */
  async readAfter(selector: EventSelector, after: bigint, limit: number): Promise<Event[]> {
    const rows = await listEventsAfter(
      this.#o.database.db,
      selector.tenantId,
      {
        types: selector.types ?? null,
        instanceId: selector.instanceId ?? null,
        operationId: selector.operationId ?? null,
      },
      after,
      limit,
    );
    return rows.map((row) => this.#remember(toEvent(row)));
  }

  /** The one object of an event's id: the one already held, else `e`, now held. */
  #remember(e: Event): Event {
    const held = this.#recent.get(e.id);
    if (held) return held;
    this.#recent.set(e.id, e);
    return e;
  }

  /** Counts a stream falling back to catch-up (stats). */
  noteOverflow(): void {
    this.#stats.overflows += 1;
  }

  /**
   * Takes one of the token's stream slots. Throws SubscriptionLimitError when
   * it holds the maximum already. The lease's signal aborts when the token is
   * revoked or expires (or the hub stops).
   */
  lease(principal: Principal): StreamLease {
    if (this.#stopped) throw new SubscriptionLimitError('the server is stopping');
    return this.#leases.take(principal);
  }

  /** Ends every stream of a revoked token at once (TokenService.onRevoked on this replica, or a `token.revoked` event). */
  revoked(tokenId: string): void {
    this.#leases.revoke(tokenId);
  }

  /** Counters and sizes right now. */
  stats(): EventHubStats {
    const { leases, tokens } = this.#leases.counts;
    return {
      head: String(this.#head),
      streams: this.#streams,
      leases,
      tokens,
      listening: this.#listener?.listening ?? false,
      listenerPid: this.#listener?.pid ?? null,
      endedByRevocation: this.#leases.ended.revoked,
      endedByRecheck: this.#leases.ended.rechecked,
      ...this.#stats,
    };
  }

  /**
   * Every open stream's state and clocks, with the hub's own: what to look at
   * when subscribers stop receiving (the soak dumps it when its catch-up wait
   * times out). Streams of all tenants; ids and cursors only, no event data.
   */
  diagnostics(): { hub: EventHubStats; streams: Array<EventStreamDiagnostics & { tenantId: string }> } {
    const streams: Array<EventStreamDiagnostics & { tenantId: string }> = [];
    for (const [tenantId, set] of this.#byTenant) for (const s of set) streams.push({ tenantId, ...s.diagnostics() });
    return { hub: this.stats(), streams };
  }

  /** Reads and publishes new rows now (a test, or a caller that knows one was written). */
  poke(): Promise<void> {
    return this.#pump();
  }

  #onNotify(payload: string): void {
    this.#stats.notifications += 1;
    const notice = parseEventNotice(payload);
    if (notice && notice.position > this.#notified) this.#notified = notice.position;
    if (notice && notice.position <= this.#head) return;
    if (notice) this.#noteCommitted(notice);
    if (this.#streams === 0 && notice) {
      // Idle: move the head to the writer's horizon without reading (all below it had committed), so a
      // stream opened next starts about now. Synchronous, so no stream can open in between and take an
      // older head as its cursor. Not to the notified row: an older transaction may still add rows before it.
      if (notice.horizon > this.#head) this.#head = notice.horizon;
      return;
    }
    void this.#pump();
  }

  /** Remembers a transaction that committed above the head, forgetting the ones the head has passed. */
  #noteCommitted(notice: EventNotice): void {
    // A forgotten one costs a new cursor-less stream a replay of its events, never a loss: bounded.
    if (this.#committed.size >= COMMITTED_KEPT) this.#committed.clear();
    this.#committed.add(positionXact(notice.position));
  }

  /**
   * Transactions above the head that have committed, as far as notifications
   * told: a stream opened without a cursor starts at the head and skips
   * their events, since they happened before it opened (the log's order is
   * not commit order, see event-repository.ts). A copy: the stream keeps it.
   */
  committedAboveHead(): ReadonlySet<bigint> {
    const headXact = positionXact(this.#head);
    for (const x of this.#committed) if (x < headXact) this.#committed.delete(x);
    return new Set(this.#committed);
  }

  /**
   * After a read: a notified row not published yet is above the horizon (or was written since); read
   * again shortly, backing off to the poll interval, as the transaction holding the horizon back may
   * write nothing and so never notify.
   */
  #retryHeldBack(): void {
    clearTimeout(this.#retry);
    if (this.#stopped || this.#streams === 0 || this.#notified <= this.#head) {
      this.#retryMs = HELD_BACK_RETRY_MS;
      return;
    }
    this.#retry = setTimeout(() => void this.#pump(), this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, this.#o.pollMs);
  }

  /** Reads every row after the head (to the horizon) and publishes it; one read at a time, repeated while woken. */
  async #pump(): Promise<void> {
    if (!this.#started || this.#stopped) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#again = false;
        for (;;) {
          if (this.#stopped) return;
          // Nobody listens here: no statement at all (notifications keep the head current).
          if (this.#streams === 0) break;
          const rows = await listEventsOfAllTenantsAfter(this.#o.database.db, this.#head, STREAM_LIMITS.batch);
          for (const row of rows) this.#publish(this.#remember(toEvent(row)));
          if (rows.length < STREAM_LIMITS.batch) break;
        }
      } while (this.#again);
      this.#retryHeldBack();
    } catch (err) {
      if (!this.#stopped) this.#o.logger?.warn({ err }, 'reading new events failed; the next poll retries');
    } finally {
      this.#pumping = false;
    }
  }

  #publish(e: Event): void {
    const id = BigInt(e.cursor);
    if (id <= this.#head) return;
    this.#head = id;
    this.#stats.published += 1;
    // A revocation written by any replica ends that token's streams here, before anything else is delivered to them.
    if (e.type === 'token.revoked') {
      const tokenId = (e.data as { tokenId?: unknown } | null)?.tokenId;
      if (typeof tokenId === 'string') this.revoked(tokenId);
    }
    const set = this.#byTenant.get(e.tenantId);
    // The audit log's events go to webhooks that name them, never to a READ stream.
    if (!set || isAuditEventType(e.type)) return;
    const now = Date.now();
    for (const s of set) s.offer(e, id, now);
  }
}
