/**
 * One list-then-watch loop over one kind of object, the way an informer
 * keeps up with the API server, without its cache: list (to learn the
 * resourceVersion and everything as it is now), then watch from that
 * resourceVersion; when the server closes the watch, watch again from the
 * last resourceVersion seen; when it answers 410 Gone (the resourceVersion
 * was compacted away), list again. A watchdog ends a watch that has been
 * silent for longer than `watchdogMs` and starts a new one from the last
 * resourceVersion, so a connection that stays open but delivers nothing
 * (a stuck proxy, a half-dead TCP connection) is not trusted forever.
 */
import type { Watch } from '@kubernetes/client-node';
import { statusCodeOf } from './kubernetes-errors.js';

/** An object as a watch delivers it: only the metadata the loop reads. */
export interface Watched {
  metadata?: { resourceVersion?: string; labels?: Record<string, string> };
}

/** What a loop watches and whom it tells. */
export interface WatchLoopOptions<T extends Watched> {
  /** The collection's path (`/api/v1/namespaces/ns/pods`). */
  path: string;
  labelSelector: string;
  /** Lists the collection: its items and the list's resourceVersion. */
  list(): Promise<{ items: T[]; resourceVersion: string | undefined }>;
  /** Asked again for each watch request, so a rotated credential is used from the next one. */
  watch(): Pick<Watch, 'watch'>;
  /** A watch that delivers nothing (not even a bookmark) for this long is restarted. */
  watchdogMs: number;
  /** Pause after a failed list or watch before the next attempt. */
  retryMs: number;
  /** Each ADDED, MODIFIED or DELETED object. */
  onEvent(type: string, object: T): void;
  /** Everything a (re)list returned: events may have been missed before it. */
  onList(items: T[]): void;
}

/** How one watch request ended. */
type WatchEnd = 'closed' | 'gone' | 'silent' | 'stopped';

/** A running list-then-watch loop; see the module comment. */
export class WatchLoop<T extends Watched> {
  readonly #o: WatchLoopOptions<T>;
  #resourceVersion: string | undefined;
  #stopped = false;
  #live = false;
  #endCurrent: (() => void) | undefined;
  #wakeRetry: (() => void) | undefined;
  /** Lists done, the first included. */
  lists = 0;
  /** Watches the watchdog ended. */
  watchdogRestarts = 0;

  constructor(options: WatchLoopOptions<T>) {
    this.#o = options;
  }

  /** True while a watch is open and answering; false while listing, retrying or stopped. */
  get live(): boolean {
    return this.#live && !this.#stopped;
  }

  start(): void {
    void this.#run();
  }

  /** Ends the open watch request and the loop. */
  stop(): void {
    this.#stopped = true;
    this.#live = false;
    this.#endCurrent?.();
    this.#wakeRetry?.();
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      const started = Date.now();
      try {
        if (this.#resourceVersion === undefined) {
          const { items, resourceVersion } = await this.#o.list();
          this.lists++;
          if (this.#stopped) return;
          this.#resourceVersion = resourceVersion;
          this.#o.onList(items);
        }
        const end = await this.#watchOnce();
        this.#live = false;
        if (end === 'gone') this.#resourceVersion = undefined;
        else if (end === 'silent') this.watchdogRestarts++;
        // A server that closes every watch at once must not make this spin.
        else if (end === 'closed' && Date.now() - started < this.#o.retryMs) await this.#pause();
      } catch (err) {
        this.#live = false;
        // A list answers ApiException (`code`); a watch request that is refused, an Error with `statusCode`.
        const code = statusCodeOf(err) ?? (err as { statusCode?: number }).statusCode;
        if (code === 410) this.#resourceVersion = undefined;
        await this.#pause();
      }
    }
  }

  #watchOnce(): Promise<WatchEnd> {
    return new Promise<WatchEnd>((resolve, reject) => {
      let settled = false;
      let controller: AbortController | undefined;
      let watchdog: NodeJS.Timeout | undefined;
      const finish = (end: WatchEnd | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(watchdog);
        this.#endCurrent = undefined;
        controller?.abort();
        if (end instanceof Error) reject(end);
        else resolve(end);
      };
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => finish('silent'), this.#o.watchdogMs);
        watchdog.unref();
      };
      this.#endCurrent = () => finish('stopped');
      arm();
      const query = {
        labelSelector: this.#o.labelSelector,
        resourceVersion: this.#resourceVersion,
        allowWatchBookmarks: true,
      };
      this.#o
        .watch()
        .watch(
          this.#o.path,
          query,
          (type: string, object: T & { code?: number; message?: string }) => {
            if (settled) return;
            arm();
            if (type === 'ERROR') {
              if (object?.code === 410) finish('gone');
              else finish(Object.assign(new Error(object?.message ?? 'watch error'), { statusCode: object?.code }));
              return;
            }
            const rv = object?.metadata?.resourceVersion;
            if (rv) this.#resourceVersion = rv;
            if (type !== 'BOOKMARK') this.#o.onEvent(type, object);
          },
          (err: unknown) => finish(err ? (err instanceof Error ? err : new Error(String(err))) : 'closed'),
        )
        .then(
          (c: AbortController) => {
            controller = c;
            if (settled) c.abort();
            else this.#live = true;
          },
          (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
        );
    });
  }

  #pause(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.#o.retryMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wakeRetry = done;
    }).finally(() => {
      this.#wakeRetry = undefined;
    });
  }
}
