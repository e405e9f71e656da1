/**
 * Feeds: the live streams that are not rows of the event log (a provider's
 * log lines, an operation re-read as it progresses). A producer task writes
 * into a bounded buffer and the client pulls; the feed exists so that such a
 * stream ends at once when the client leaves or its token dies, and its
 * producer is told to let go of what it holds.
 */
import { DropOldestBuffer } from './drop-oldest-buffer.js';
import type { StreamLease } from './stream-leases.js';

/** One item a feed delivers, with how many were dropped just before it (a slow client). */
export interface Delivery<T> {
  item: T;
  dropped: number;
}

/** Where a feed's producer puts items. */
export interface FeedSink<T> {
  /**
   * Adds when there is room and returns nothing; when the buffer is full,
   * returns a promise that adds once there is room (nothing is lost; the
   * producer is slowed instead). A producer of many items awaits only then.
   */
  push(item: T): Promise<void> | undefined;
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
      push: (item) => {
        if (this.#closed) return undefined;
        if (this.#buffer.size < this.#buffer.capacity) {
          this.#buffer.push(item);
          this.#wake();
          return undefined;
        }
        return (async () => {
          while (!this.#closed && this.#buffer.size >= this.#buffer.capacity) {
            await new Promise<void>((resolve) => {
              this.#wakeWriter = resolve;
            });
          }
          if (this.#closed) return;
          this.#buffer.push(item);
          this.#wake();
        })();
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

  /**
   * The next delivery (waiting for it as next() does) together with up to
   * `max - 1` more the buffer already holds, taken without waiting: a reader
   * that sends items in batches pays its per-message cost once per batch,
   * and batches grow by themselves while it is busy sending. The lease is
   * checked once per batch.
   */
  async nextBatch(max: number): Promise<IteratorResult<Delivery<T>[]>> {
    const first = await this.next();
    if (first.done) return DONE;
    // The producer woke this reader with its first item; what it has ready besides (a burst of lines
    // read from one socket chunk) it adds in the same turn of the event loop. Taken after that turn,
    // a burst leaves in one message, not as a line followed by the rest.
    if (this.#buffer.size < max - 1) await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = [first.value];
    while (batch.length < max && !this.#closed) {
      const d = this.#buffer.shift();
      if (!d) break;
      batch.push(d);
    }
    const writer = this.#wakeWriter;
    this.#wakeWriter = undefined;
    writer?.();
    return { value: batch, done: false };
  }

  /** This feed as an iterator of batches of at most `max` deliveries (see nextBatch); return() ends the feed. */
  batches(max: number): AsyncIterableIterator<Delivery<T>[]> {
    const it: AsyncIterableIterator<Delivery<T>[]> = {
      [Symbol.asyncIterator]: () => it,
      next: () => this.nextBatch(max),
      return: async () => {
        this.#close();
        return DONE;
      },
      throw: async (err?: unknown) => {
        this.#close();
        throw err;
      },
    };
    return it;
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
