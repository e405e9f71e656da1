import { WheelhouseAbortError, WheelhouseUnreachableError } from './errors.js';

/** How a stream waits between reconnects: exponential, capped, with jitter. */
export interface RetryOptions {
  /** First delay (default 200 ms). */
  initialDelayMs?: number;
  /** Longest delay (default 5000 ms). */
  maxDelayMs?: number;
  /** Give up (rethrow) after this many failed reconnects in a row (default: never give up). */
  maxAttempts?: number;
}

/** Told each time a stream reconnects. */
export interface ReconnectInfo {
  /** 1 for the first retry after a delivery, then 2, 3… */
  attempt: number;
  /** Why the connection ended. */
  error: Error;
  /** The cursor it resumes after (undefined for streams without one). */
  cursor: string | undefined;
  /** How long it waits before reconnecting. */
  delayMs: number;
}

/** What `resumable` needs to know about one kind of stream. */
export interface ResumableSource<T> {
  /** Subscribes from just after `cursor`. */
  open(cursor: string | undefined): AsyncIterator<T>;
  /** The cursor to resume after once `item` has been delivered (undefined: keep the last one). */
  cursorOf(item: T): string | undefined;
  /** Whether `item` is the stream's last (after it the server completes the stream on purpose). */
  isLast(item: T): boolean;
  /** Whether `item` repeats what was already delivered (a snapshot sent again after a reconnect). */
  isRepeat?(item: T, previous: T | undefined): boolean;
  /**
   * For a stream whose last item is not marked (a build's log ends when the
   * build does): asked when the server completes the stream, true when that
   * was its real end rather than a restart's.
   */
  ended?(): Promise<boolean>;
}

/** Options every resuming stream takes. */
export interface StreamOptions {
  /** Ends the stream (quietly: the iterator just finishes). `break` does the same. */
  signal?: AbortSignal;
  /** Reconnect delays. */
  retry?: RetryOptions;
  /** Called before each reconnect (for a "reconnecting…" line). */
  onReconnect?: (info: ReconnectInfo) => void;
}

/** Sleeps `ms`, or rejects with WheelhouseAbortError when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WheelhouseAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new WheelhouseAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or a WheelhouseAbortError as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new WheelhouseAbortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new WheelhouseAbortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function delayFor(attempt: number, retry: RetryOptions | undefined): number {
  const initial = retry?.initialDelayMs ?? 200;
  const max = retry?.maxDelayMs ?? 5000;
  const base = Math.min(max, initial * 2 ** (attempt - 1));
  // Jitter (50–100 %) so that many clients of one restarted server do not reconnect in step.
  return Math.round(base / 2 + (Math.random() * base) / 2);
}

/**
 * Follows a stream across dropped connections and server restarts: after a
 * connection failure, or a completion the stream did not announce with its
 * last item, it waits (backoff) and subscribes again from the cursor of the
 * last item it delivered, so nothing is lost and nothing repeats. Errors
 * that a retry cannot fix (a refused token, an invalid request) are thrown.
 * Ends quietly when `signal` aborts or the consumer breaks.
 */
export async function* resumable<T>(
  source: ResumableSource<T>,
  start: string | undefined,
  options: StreamOptions = {},
): AsyncGenerator<T, void, undefined> {
  const { signal } = options;
  let cursor = start;
  let previous: T | undefined;
  let attempt = 0;
  while (!signal?.aborted) {
    let error: Error;
    const it = source.open(cursor);
    try {
      for (;;) {
        const r = await raceAbort(it.next(), signal);
        if (r.done) break;
        attempt = 0;
        if (source.isRepeat?.(r.value, previous)) continue;
        previous = r.value;
        cursor = source.cursorOf(r.value) ?? cursor;
        yield r.value;
        if (source.isLast(r.value)) return;
      }
      // Completed without its last item: the server went away cleanly (a restart ends every stream first),
      // unless the source can tell that this was its end.
      if (source.ended && (await source.ended())) return;
      error = new WheelhouseUnreachableError('(stream completed early)');
    } catch (err) {
      if (err instanceof WheelhouseAbortError) return;
      if (!(err instanceof WheelhouseUnreachableError)) throw err;
      error = err;
    } finally {
      // Not awaited: an iterator whose socket is gone may never settle its return().
      void it.return?.()?.catch?.(() => {});
    }
    attempt++;
    if (options.retry?.maxAttempts !== undefined && attempt > options.retry.maxAttempts) throw error;
    const delayMs = delayFor(attempt, options.retry);
    options.onReconnect?.({ attempt, error, cursor, delayMs });
    try {
      await sleep(delayMs, signal);
    } catch {
      return;
    }
  }
}
