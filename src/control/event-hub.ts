/**
 * Live streams, one hub per process. Events are rows; a NOTIFY on
 * `wheelhouse_events` carries the newest id and a slow poll backs it up, so a
 * lost notification delays an event by at most one poll and never loses it.
 * The hub reads every row after the last id it saw (all tenants, in id order)
 * and hands each to the local streams that want it. Every replica does the
 * same, so an event written by any replica reaches subscribers of all.
 *
 * A stream is pulled by its client. It keeps a small queue of published
 * events; a client that falls too far behind loses the queue and re-reads the
 * table from its cursor instead (catch-up mode), so memory per stream stays
 * bounded however slow the client is, and nothing is skipped or repeated: the
 * stream remembers the id it last delivered and skips anything at or below it.
 *
 * Leases bound and guard streams: a token may hold so many open streams, and
 * a token that is revoked or expires ends them: at once on the replica that
 * revoked it, as soon as the `token.revoked` event arrives on the others, and
 * within a liveness interval (a re-check of the token row) in any case.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../db/connect.js';
import { EVENTS_CHANNEL, latestEventId, listEventsAfter } from '../db/repositories/event-repository.js';
import type { Logger } from '../logger.js';
import { DomainError } from './errors.js';
import { type Event, toEvent } from './model.js';
import type { Principal } from './scopes.js';

/** Ceilings every stream is held to (per process). */
export const STREAM_LIMITS = {
  /** Open subscriptions on one graphql-ws connection. */
  perConnection: 50,
  /** Open subscriptions of one token, over every transport. */
  perToken: 200,
  /** Published events a stream holds before it falls back to re-reading the table. */
  queue: 256,
  /** Rows read per statement, by the hub and by a stream catching up. */
  batch: 200,
  /** Log lines held per log subscription; a slow client loses the oldest. */
  logBuffer: 1000,
} as const;

/** Too many open subscriptions; answered with `extensions.code` SUBSCRIPTION_LIMIT. */
export class SubscriptionLimitError extends DomainError {
  override readonly name = 'SubscriptionLimitError';
  readonly extensions = { code: 'SUBSCRIPTION_LIMIT' };
}

/**
 * The token behind a stream was revoked or expired; the stream ends with it.
 * Named for the code clients already know from HTTP 401 and socket close 4401.
 */
export class TokenRevokedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
  readonly extensions = { code: 'UNAUTHENTICATED' };
  constructor() {
    super('the token was revoked or has expired');
  }
}

/** Which events a stream wants: always one tenant, optionally narrower. */
export interface EventSelector {
  tenantId: string;
  instanceId?: string | null;
  operationId?: string | null;
  types?: readonly string[] | null;
}

function matches(s: EventSelector, e: Event): boolean {
  if (s.instanceId && e.instanceId !== s.instanceId) return false;
  if (s.operationId && e.operationId !== s.operationId) return false;
  if (s.types?.length && !s.types.includes(e.type)) return false;
  return true;
}

// ---------------------------------------------------------------- buffers

/**
 * A fixed-capacity FIFO that never grows: pushing into a full buffer drops
 * the oldest item and counts it. `shift` reports how many were dropped since
 * the previous shift, so a reader can tell its client what it missed.
 */
export class DropOldestBuffer<T> {
  readonly #items: (T | undefined)[];
  #head = 0;
  #size = 0;
  #dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.#items = new Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Dropped since the last shift. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Adds `item`; when full, the oldest item is dropped first. Returns whether one was dropped. */
  push(item: T): boolean {
    const cap = this.capacity;
    if (this.#size === cap) {
      this.#items[this.#head] = item;
      this.#head = (this.#head + 1) % cap;
      this.#dropped += 1;
      return true;
    }
    this.#items[(this.#head + this.#size) % cap] = item;
    this.#size += 1;
    return false;
  }

  /** The oldest item with the number dropped since the previous shift, or undefined when empty. */
  shift(): { item: T; dropped: number } | undefined {
    if (this.#size === 0) return undefined;
    const item = this.#items[this.#head] as T;
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.capacity;
    this.#size -= 1;
    const dropped = this.#dropped;
    this.#dropped = 0;
    return { item, dropped };
  }

  clear(): void {
    this.#items.fill(undefined);
    this.#head = 0;
    this.#size = 0;
  }
}

// ---------------------------------------------------------------- leases

/** A stream's hold on its token: counted against the token's limit, ended when the token dies. */
export interface StreamLease {
  /** Aborted (with a TokenRevokedError, or on hub stop) when the stream must end. */
  readonly signal: AbortSignal;
  /**
   * Throws (or rejects with) TokenRevokedError when the token is no longer
   * live. The answer is cached for a liveness interval: while it is fresh this
   * returns synchronously, so a busy stream pays nothing per event.
   */
  check(): Promise<void> | undefined;
  /** Gives the slot back. Idempotent. */
  release(): void;
}

interface TokenState {
  principal: Principal;
  open: Set<AbortController>;
  checkedAt: number;
  live: boolean;
  pending: Promise<boolean> | undefined;
}

// ---------------------------------------------------------------- feeds

/** One item a feed delivers, with how many were dropped just before it (a slow client). */
export interface Delivery<T> {
  item: T;
  dropped: number;
}

/** Where a feed's producer puts items. */
export interface FeedSink<T> {
  /** Waits for room, then adds (nothing is lost; the producer is slowed instead). */
  push(item: T): Promise<void>;
  /** Adds at once; when the buffer is full the oldest item is dropped and counted. */
  offer(item: T): void;
  /** Aborted when the client goes away or the lease ends: stop producing and release what you hold. */
  readonly signal: AbortSignal;
}

const DONE: IteratorResult<never> = { value: undefined, done: true };

/**
 * A pull-based stream fed by a producer task, with a bounded buffer. Unlike
 * an async generator, return() ends it at once even while the reader waits
 * (graphql-ws calls it when the client unsubscribes or the socket closes),
 * and aborts the producer so it can close what it holds (a provider's log
 * request). The lease is checked before each delivery.
 */
export class Feed<T> implements AsyncIterableIterator<Delivery<T>> {
  readonly #buffer: DropOldestBuffer<T>;
  readonly #abort = new AbortController();
  readonly #lease: StreamLease | undefined;
  readonly #onLeaseEnd: () => void;
  #producing = true;
  #closed = false;
  #failure: unknown;
  #wakeReader: (() => void) | undefined;
  #wakeWriter: (() => void) | undefined;

  constructor(produce: (sink: FeedSink<T>) => Promise<void>, options: { capacity: number; lease?: StreamLease }) {
    this.#buffer = new DropOldestBuffer(options.capacity);
    this.#lease = options.lease;
    this.#onLeaseEnd = () => this.#fail(this.#lease?.signal.reason);
    this.#lease?.signal.addEventListener('abort', this.#onLeaseEnd, { once: true });
    const sink: FeedSink<T> = {
      signal: this.#abort.signal,
      offer: (item) => {
        if (this.#closed) return;
        this.#buffer.push(item);
        this.#wake();
      },
      push: async (item) => {
        while (!this.#closed && this.#buffer.size >= this.#buffer.capacity) {
          await new Promise<void>((resolve) => {
            this.#wakeWriter = resolve;
          });
        }
        if (this.#closed) return;
        this.#buffer.push(item);
        this.#wake();
      },
    };
    produce(sink).then(
      () => this.#producerEnded(undefined),
      (err: unknown) => this.#producerEnded(err ?? new Error('stream failed')),
    );
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<Delivery<T>>> {
    for (;;) {
      if (this.#closed) return this.#end();
      const d = this.#buffer.shift();
      if (d) {
        const writer = this.#wakeWriter;
        this.#wakeWriter = undefined;
        writer?.();
        if (this.#lease) {
          try {
            const pending = this.#lease.check();
            if (pending) await pending;
          } catch (err) {
            this.#fail(err);
            continue;
          }
        }
        return { value: d, done: false };
      }
      if (!this.#producing) {
        this.#close();
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#wakeReader = resolve;
      });
    }
  }

  async return(): Promise<IteratorResult<Delivery<T>>> {
    this.#close();
    return DONE;
  }

  async throw(err?: unknown): Promise<IteratorResult<Delivery<T>>> {
    this.#close();
    throw err;
  }

  #end(): IteratorResult<Delivery<T>> {
    const failure = this.#failure;
    if (failure !== undefined) {
      this.#failure = undefined;
      throw failure;
    }
    return DONE;
  }

  #producerEnded(err: unknown): void {
    this.#producing = false;
    if (err !== undefined && !this.#closed && this.#failure === undefined) this.#failure = err;
    this.#wake();
  }

  #fail(err: unknown): void {
    if (this.#closed) return;
    this.#failure = err ?? new Error('stream ended');
    this.#buffer.clear();
    this.#close();
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#lease?.signal.removeEventListener('abort', this.#onLeaseEnd);
    this.#abort.abort(new Error('stream closed'));
    this.#lease?.release();
    this.#buffer.clear();
    this.#wake();
    const writer = this.#wakeWriter;
    this.#wakeWriter = undefined;
    writer?.();
  }

  #wake(): void {
    const reader = this.#wakeReader;
    this.#wakeReader = undefined;
    reader?.();
  }
}

// ---------------------------------------------------------------- event streams

/**
 * One subscriber of the hub: events of one tenant (narrowed by its
 * selector) after a cursor, in id order, each once. It starts by replaying
 * the table after its cursor, then takes what the hub publishes; when it
 * falls more than the queue behind, it drops the queue and replays again.
 */
export class EventStream implements AsyncIterableIterator<Event> {
  #cursor: bigint;
  #queue: Event[] = [];
  #replay: Event[] = [];
  #needTable: boolean;
  #reading = false;
  #closed = false;
  #failure: unknown;
  #wake: (() => void) | undefined;
  readonly #onLeaseEnd: () => void;

  constructor(
    private readonly hub: EventHub,
    readonly selector: EventSelector,
    after: bigint | undefined,
    private readonly lease: StreamLease | undefined,
  ) {
    // Without a cursor the stream is live from what this replica has published so far.
    this.#cursor = after ?? hub.head;
    this.#needTable = after !== undefined;
    this.#onLeaseEnd = () => this.#fail(this.lease?.signal.reason);
    this.lease?.signal.addEventListener('abort', this.#onLeaseEnd, { once: true });
  }

  /** The id of the last event delivered (the cursor a reconnecting client passes as `after`). */
  get cursor(): string {
    return String(this.#cursor);
  }

  get closed(): boolean {
    return this.#closed;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Called by the hub with each new event of this stream's tenant, in id order. */
  offer(e: Event): void {
    if (this.#closed || !matches(this.selector, e)) return;
    // Catching up and not reading yet: the next read sees this committed row anyway.
    if (this.#needTable && !this.#reading) return;
    if (this.#queue.length >= this.hub.queueLimit) {
      this.#queue = [];
      this.#needTable = true;
      this.hub.noteOverflow();
    } else {
      this.#queue.push(e);
    }
    this.#notify();
  }

  async next(): Promise<IteratorResult<Event>> {
    while (!this.#closed) {
      const e = this.#take();
      if (e) {
        if (this.lease) {
          try {
            const pending = this.lease.check();
            if (pending) await pending;
          } catch (err) {
            this.#fail(err);
            break;
          }
        }
        if (this.#closed) break;
        return { value: e, done: false };
      }
      if (this.#needTable) {
        try {
          await this.#readTable();
        } catch (err) {
          this.#fail(err);
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    const failure = this.#failure;
    if (failure !== undefined) {
      this.#failure = undefined;
      throw failure;
    }
    return DONE;
  }

  async return(): Promise<IteratorResult<Event>> {
    this.close();
    return DONE;
  }

  async throw(err?: unknown): Promise<IteratorResult<Event>> {
    this.close();
    throw err;
  }

  /** Ends the stream: a waiting reader gets `done`. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue = [];
    this.#replay = [];
    this.lease?.signal.removeEventListener('abort', this.#onLeaseEnd);
    this.lease?.release();
    this.hub.detach(this);
    this.#notify();
  }

  #fail(err: unknown): void {
    if (this.#closed) return;
    this.#failure = err ?? new Error('stream ended');
    this.close();
  }

  /** The next event after the cursor, from the replay first, then the live queue. */
  #take(): Event | undefined {
    while (this.#replay.length > 0) {
      const e = this.#replay.shift() as Event;
      const id = BigInt(e.id);
      if (id > this.#cursor) {
        this.#cursor = id;
        return e;
      }
    }
    if (this.#needTable) return undefined;
    while (this.#queue.length > 0) {
      const e = this.#queue.shift() as Event;
      const id = BigInt(e.id);
      if (id > this.#cursor) {
        this.#cursor = id;
        return e;
      }
    }
    return undefined;
  }

  /**
   * Re-reads the table after the cursor. The queue is emptied first: what it
   * held was published, hence committed, before this read starts, so the read
   * returns it; what the hub publishes during the read is kept and
   * de-duplicated by the cursor.
   */
  async #readTable(): Promise<void> {
    this.#reading = true;
    this.#needTable = false;
    this.#queue = [];
    try {
      const rows = await this.hub.readAfter(this.selector, this.#cursor, STREAM_LIMITS.batch);
      if (this.#closed) return;
      this.#replay = rows;
      if (rows.length >= STREAM_LIMITS.batch) this.#needTable = true;
    } catch (err) {
      this.#needTable = true;
      throw err;
    } finally {
      this.#reading = false;
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

// ---------------------------------------------------------------- the hub

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
}

/**
 * The per-process fan-out of events (see the file comment). start() begins
 * listening and polling; stop() ends every stream and releases the listener.
 */
export class EventHub {
  readonly queueLimit: number;
  readonly #o: Required<Omit<EventHubOptions, 'logger'>> & { logger: Logger | undefined };
  readonly #byTenant = new Map<string, Set<EventStream>>();
  readonly #tokens = new Map<string, TokenState>();
  #head = 0n;
  #started = false;
  #stopped = false;
  #pumping = false;
  #again = false;
  #pollTimer: NodeJS.Timeout | undefined;
  #livenessTimer: NodeJS.Timeout | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #listener: pg.Client | undefined;
  #unlistenPglite: (() => void) | undefined;
  #listening = false;
  #listenerPid: number | null = null;
  #streams = 0;
  #stats = { notifications: 0, polls: 0, published: 0, overflows: 0 };

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
  }

  /** The newest event id this replica has published. */
  get head(): bigint {
    return this.#head;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#stopped = false;
    this.#head = BigInt(await latestEventId(this.#o.database.db));
    await this.#listen();
    this.#pollTimer = setInterval(() => {
      this.#stats.polls += 1;
      void this.#pump();
    }, this.#o.pollMs);
    this.#pollTimer.unref();
    this.#livenessTimer = setInterval(() => void this.#checkTokens(), this.#o.livenessMs);
    this.#livenessTimer.unref();
  }

  /** Ends every stream (its client sees it complete) and stops listening. */
  async stop(): Promise<void> {
    if (!this.#started || this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#pollTimer);
    clearInterval(this.#livenessTimer);
    clearTimeout(this.#reconnectTimer);
    for (const set of [...this.#byTenant.values()]) for (const s of [...set]) s.close();
    for (const t of this.#tokens.values()) for (const c of t.open) c.abort(new Error('server stopping'));
    this.#tokens.clear();
    this.#unlistenPglite?.();
    this.#unlistenPglite = undefined;
    const client = this.#listener;
    this.#listener = undefined;
    this.#listening = false;
    this.#listenerPid = null;
    if (client) await client.end().catch(() => {});
    this.#started = false;
  }

  /**
   * Opens a stream of `selector`'s events after `after` (an event id), or
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

  /** Rows of one selector after an id, oldest first (streams replaying or catching up). */
  async readAfter(selector: EventSelector, after: bigint, limit: number): Promise<Event[]> {
    const rows = await listEventsAfter(
      this.#o.database.db,
      selector.tenantId,
      {
        types: selector.types ?? null,
        instanceId: selector.instanceId ?? null,
        operationId: selector.operationId ?? null,
      },
      String(after),
      limit,
    );
    return rows.map(toEvent);
  }

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
    let state = this.#tokens.get(principal.tokenId);
    if (!state) {
      state = { principal, open: new Set(), checkedAt: 0, live: true, pending: undefined };
      this.#tokens.set(principal.tokenId, state);
    }
    if (state.open.size >= this.#o.perToken) {
      throw new SubscriptionLimitError(
        `this token has ${this.#o.perToken} open subscriptions already (the most a token may hold)`,
      );
    }
    const controller = new AbortController();
    state.open.add(controller);
    const tokens = this.#tokens;
    const s = state;
    let released = false;
    return {
      signal: controller.signal,
      check: () => {
        if (controller.signal.aborted) throw controller.signal.reason;
        if (Date.now() - s.checkedAt < this.#o.livenessMs) {
          if (s.live) return undefined;
          const err = new TokenRevokedError();
          this.#endToken(s, err);
          throw err;
        }
        return this.#isLive(s).then((live) => {
          if (live) return;
          const err = new TokenRevokedError();
          this.#endToken(s, err);
          throw err;
        });
      },
      release: () => {
        if (released) return;
        released = true;
        s.open.delete(controller);
        if (s.open.size === 0 && tokens.get(s.principal.tokenId) === s) tokens.delete(s.principal.tokenId);
      },
    };
  }

  /** Ends every stream of a revoked token at once (TokenService.onRevoked on this replica). */
  revoked(tokenId: string): void {
    const state = this.#tokens.get(tokenId);
    if (!state) return;
    state.live = false;
    state.checkedAt = Date.now();
    this.#endToken(state, new TokenRevokedError());
  }

  stats(): EventHubStats {
    let leases = 0;
    for (const t of this.#tokens.values()) leases += t.open.size;
    return {
      head: String(this.#head),
      streams: this.#streams,
      leases,
      tokens: this.#tokens.size,
      listening: this.#listening,
      listenerPid: this.#listenerPid,
      ...this.#stats,
    };
  }

  /** Reads and publishes new rows now (a test, or a caller that knows one was written). */
  poke(): Promise<void> {
    return this.#pump();
  }

  #endToken(state: TokenState, err: Error): void {
    for (const c of [...state.open]) c.abort(err);
  }

  async #isLive(state: TokenState): Promise<boolean> {
    if (Date.now() - state.checkedAt < this.#o.livenessMs) return state.live;
    if (!state.pending) {
      state.pending = this.#o
        .isLive(state.principal)
        .then(
          (live) => {
            state.live = state.live && live;
            state.checkedAt = Date.now();
            return state.live;
          },
          // A failed check is not a revocation: keep the last answer and ask again next time.
          () => state.live,
        )
        .finally(() => {
          state.pending = undefined;
        });
    }
    return state.pending;
  }

  async #checkTokens(): Promise<void> {
    for (const state of [...this.#tokens.values()]) {
      if (state.open.size === 0) continue;
      if (!(await this.#isLive(state))) this.#endToken(state, new TokenRevokedError());
    }
  }

  // ------------------------------------------------------------ listening

  async #listen(): Promise<void> {
    const { database } = this.#o;
    if (database.pglite) {
      // LISTEN goes through Kysely so it runs between other callers' transactions on the one session.
      // It is never UNLISTENed: another hub may share this session (two apps over one handle).
      const pglite = database.pglite;
      this.#unlistenPglite = pglite.onNotification((channel, payload) => {
        if (channel === EVENTS_CHANNEL) this.#onNotify(payload);
      });
      await sql.raw(`listen ${EVENTS_CHANNEL}`).execute(database.db);
      this.#listening = true;
      return;
    }
    if (database.target.kind === 'postgres') await this.#connectListener(database.target.url);
  }

  async #connectListener(url: string): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ connectionString: url });
    const retry = () => {
      if (this.#listener !== client) return;
      this.#listener = undefined;
      this.#listening = false;
      this.#listenerPid = null;
      client.end().catch(() => {});
      if (this.#stopped) return;
      this.#o.logger?.warn('event listener lost its connection; reconnecting');
      clearTimeout(this.#reconnectTimer);
      this.#reconnectTimer = setTimeout(() => void this.#connectListener(url), 1000);
      this.#reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL) this.#onNotify(msg.payload ?? '');
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.#listenerPid = pid.rows[0]?.pid ?? null;
      this.#listening = true;
      // Whatever was written while nobody listened.
      void this.#pump();
    } catch (err) {
      this.#o.logger?.warn({ err }, 'event listener could not connect; polling until it can');
      retry();
    }
  }

  #onNotify(payload: string): void {
    this.#stats.notifications += 1;
    const id = /^\d{1,19}$/.test(payload) ? BigInt(payload) : undefined;
    if (id !== undefined && id <= this.#head) return;
    if (this.#streams === 0 && id !== undefined) {
      // Idle: move the head without reading, so a stream opened next starts from now. Synchronous,
      // so no stream can open in between and take an older head as its cursor.
      this.#head = id;
      return;
    }
    void this.#pump();
  }

  /** Reads every row after the head and publishes it; one read at a time, repeated while woken. */
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
          const rows = await this.#o.database.db
            .selectFrom('events')
            .selectAll()
            .where('id', '>', String(this.#head))
            .orderBy('id', 'asc')
            .limit(STREAM_LIMITS.batch)
            .execute();
          for (const row of rows) this.#publish(toEvent(row));
          if (rows.length < STREAM_LIMITS.batch) break;
        }
      } while (this.#again);
    } catch (err) {
      if (!this.#stopped) this.#o.logger?.warn({ err }, 'reading new events failed; the next poll retries');
    } finally {
      this.#pumping = false;
    }
  }

  #publish(e: Event): void {
    const id = BigInt(e.id);
    if (id <= this.#head) return;
    this.#head = id;
    this.#stats.published += 1;
    // A revocation written by any replica ends that token's streams here, before anything else is delivered to them.
    if (e.type === 'token.revoked') {
      const tokenId = (e.data as { tokenId?: unknown } | null)?.tokenId;
      if (typeof tokenId === 'string') this.revoked(tokenId);
    }
    const set = this.#byTenant.get(e.tenantId);
    if (!set) return;
    for (const s of set) s.offer(e);
  }
}
