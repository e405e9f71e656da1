/**
 * Event streams: one subscriber's view of the event log. Events are rows, so
 * a stream can always re-read what it missed; it exists to turn "the rows of
 * one tenant after a cursor" plus "what the hub publishes" into one ordered
 * sequence with no gap and no repeat, in bounded memory.
 *
 * A stream keeps a small queue of published events; a client that falls too
 * far behind loses the queue and re-reads the table from its cursor instead
 * (catch-up mode), so memory per stream stays bounded however slow the client
 * is, and nothing is skipped or repeated: the stream remembers the position
 * (event-repository.ts) it last delivered and skips anything at or below it.
 */
import { positionXact } from '../../db/repositories/event-repository.js';
import type { Event } from '../model.js';
import { type EventSelector, matchesSelector } from './event-selector.js';
import type { StreamLease } from './stream-leases.js';
import { STREAM_LIMITS } from './stream-limits.js';

/**
 * What a stream needs from the hub that feeds it. An interface rather than
 * the hub itself, so the stream can be read (and tested) without the hub's
 * listening and polling.
 */
export interface EventStreamSource {
  /** The position of the newest event published so far (a stream without a cursor starts after it). */
  readonly head: bigint;
  /**
   * Transactions above the head known to have committed (a stream without a
   * cursor skips their events: they happened before it opened).
   */
  committedAboveHead(): ReadonlySet<bigint>;
  /** Events a stream may queue before it switches to catch-up. */
  readonly queueLimit: number;
  /** Counts a stream falling back to catch-up (stats). */
  noteOverflow(): void;
  /** Rows of one selector after a position, oldest first. */
  readAfter(selector: EventSelector, after: bigint, limit: number): Promise<Event[]>;
  /** Forgets a closed stream. */
  detach(stream: EventStream): void;
}

const DONE: IteratorResult<never> = { value: undefined, done: true };
const EMPTY: ReadonlySet<bigint> = new Set();

/**
 * Takes a live event the moment the hub offers it, synchronously; returns
 * false when it cannot take this one now (the stream then queues it, and its
 * reader gets it from next() as usual).
 */
export type EventPush = (e: Event) => boolean;

/**
 * Where a stream is, for diagnosing one that stopped delivering: `waiting`
 * for the hub, `reading` the table, `checking-token` (its lease's liveness
 * re-check), `handed-out` (next() returned an event and the consumer has not
 * asked again: a stall above the stream), or `closed`.
 */
export type EventStreamState = 'new' | 'waiting' | 'reading' | 'checking-token' | 'handed-out' | 'closed';

/** One stream's state and clocks (EventHub.diagnostics). Times are epoch ms, 0 when never. */
export interface EventStreamDiagnostics {
  selector: { instanceId: string | null; operationId: string | null; types: readonly string[] | null };
  state: EventStreamState;
  cursor: string;
  queued: number;
  needTable: boolean;
  openedAt: number;
  /** The consumer's last next() call. */
  lastPullAt: number;
  /** The hub's last offer of an event this stream wants. */
  lastOfferAt: number;
  /** The last event next() returned. */
  lastDeliveryAt: number;
  offered: number;
  delivered: number;
}

/**
 * One subscriber of the hub: events of one tenant (narrowed by its
 * selector) after a cursor, in the log's order, each once. It starts by replaying
 * the table after its cursor, then takes what the hub publishes; when it
 * falls more than the queue behind, it drops the queue and replays again.
 */
export class EventStream implements AsyncIterableIterator<Event> {
  #cursor: bigint;
  /** For a stream opened without a cursor: transactions committed before it opened, above its cursor. */
  readonly #before: ReadonlySet<bigint>;
  #queue: Event[] = [];
  #replay: Event[] = [];
  #needTable: boolean;
  #reading = false;
  #closed = false;
  #failure: unknown;
  #wake: (() => void) | undefined;
  #push: EventPush | undefined;
  readonly #onLeaseEnd: () => void;
  #state: EventStreamState = 'new';
  readonly #clock = {
    openedAt: Date.now(),
    lastPullAt: 0,
    lastOfferAt: 0,
    lastDeliveryAt: 0,
    offered: 0,
    delivered: 0,
  };

  constructor(
    private readonly hub: EventStreamSource,
    readonly selector: EventSelector,
    after: bigint | undefined,
    private readonly lease: StreamLease | undefined,
  ) {
    // Without a cursor the stream is live from what this replica has published so far.
    this.#cursor = after ?? hub.head;
    // The log's order is not commit order: above the head, some transactions had committed when the
    // stream opened and others had not. Only the second kind is "from now on".
    this.#before = after === undefined ? hub.committedAboveHead() : EMPTY;
    this.#needTable = after !== undefined;
    this.#onLeaseEnd = () => this.#fail(this.lease?.signal.reason);
    this.lease?.signal.addEventListener('abort', this.#onLeaseEnd, { once: true });
  }

  /** The position of the last event delivered (the cursor a reconnecting client passes as `after`). */
  get cursor(): string {
    return String(this.#cursor);
  }

  get closed(): boolean {
    return this.#closed;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** What the stream is doing and when it last moved (a stall's diagnosis). */
  diagnostics(): EventStreamDiagnostics {
    return {
      selector: {
        instanceId: this.selector.instanceId ?? null,
        operationId: this.selector.operationId ?? null,
        types: this.selector.types ?? null,
      },
      state: this.#closed ? 'closed' : this.#state,
      cursor: String(this.#cursor),
      queued: this.#queue.length + this.#replay.length,
      needTable: this.#needTable,
      ...this.#clock,
    };
  }

  /**
   * Lets `push` take live events as the hub offers them, while this stream's
   * reader is idle: waiting in next() with nothing queued, nothing to
   * re-read, the token's liveness known. A feed watched by thousands then
   * costs one synchronous loop per event (the hub's, over its streams)
   * instead of a chain of promises per subscriber between the hub and each
   * socket. Anything else (a reader still busy with the last event, a
   * catch-up, a token check due, a push that declines) goes the usual way,
   * through the queue and next(), so order and once-only delivery hold.
   */
  pushTo(push: EventPush): void {
    this.#push = push;
  }

  /**
   * Called by the hub with each new event of this stream's tenant, in the
   * log's order; `id` is the event's position (its cursor as a number) and `now` the time, which the
   * hub reads once for all of its streams.
   */
  offer(e: Event, id: bigint = BigInt(e.cursor), now: number = Date.now()): void {
    // Already delivered, or from before a cursor-less stream opened: not this stream's to count or queue.
    if (this.#closed || !matchesSelector(this.selector, e) || !this.#wants(id)) return;
    this.#clock.lastOfferAt = now;
    this.#clock.offered += 1;
    if (
      this.#push &&
      this.#state === 'waiting' &&
      !this.#needTable &&
      this.#queue.length === 0 &&
      this.#replay.length === 0 &&
      this.#pushNow(e, id, now)
    ) {
      return;
    }
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

  /** Hands `e` to the push consumer, as next() would hand it to the reader; false to queue it instead. */
  #pushNow(e: Event, id: bigint, now: number): boolean {
    if (this.lease) {
      try {
        // A liveness re-check is due: the reader waits for it in next().
        if (this.lease.check(now)) return false;
      } catch (err) {
        this.#fail(err);
        return true;
      }
    }
    let taken: boolean;
    try {
      taken = this.#push?.(e) ?? false;
    } catch {
      // The hub is looping over every stream of the tenant: a push that fails must not stop it. The
      // reader gets the event from next() instead, and whatever failed fails there, for this stream only.
      taken = false;
    }
    if (!taken) return false;
    this.#cursor = id;
    this.#clock.lastDeliveryAt = now;
    this.#clock.delivered += 1;
    return true;
  }

  async next(): Promise<IteratorResult<Event>> {
    this.#clock.lastPullAt = Date.now();
    while (!this.#closed) {
      const e = this.#take();
      if (e) {
        if (this.lease) {
          try {
            const pending = this.lease.check();
            if (pending) {
              this.#state = 'checking-token';
              await pending;
            }
          } catch (err) {
            this.#fail(err);
            break;
          }
        }
        if (this.#closed) break;
        this.#state = 'handed-out';
        this.#clock.lastDeliveryAt = Date.now();
        this.#clock.delivered += 1;
        return { value: e, done: false };
      }
      if (this.#needTable) {
        this.#state = 'reading';
        try {
          await this.#readTable();
        } catch (err) {
          this.#fail(err);
        }
        continue;
      }
      this.#state = 'waiting';
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
    this.#push = undefined;
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
      const id = BigInt(e.cursor);
      if (this.#wants(id)) {
        this.#cursor = id;
        return e;
      }
    }
    if (this.#needTable) return undefined;
    while (this.#queue.length > 0) {
      const e = this.#queue.shift() as Event;
      const id = BigInt(e.cursor);
      if (this.#wants(id)) {
        this.#cursor = id;
        return e;
      }
    }
    return undefined;
  }

  /** Whether the event at `position` is still to be delivered: after the cursor, and not from before the stream opened. */
  #wants(position: bigint): boolean {
    return position > this.#cursor && (this.#before.size === 0 || !this.#before.has(positionXact(position)));
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
