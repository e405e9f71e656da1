/**
 * What changes in the provider's namespace, as it happens: watches of the
 * pods, Deployments and StatefulSets Wheelhouse manages (one WatchLoop each),
 * turned into "instance X changed" for whoever listens. The watches run only
 * while someone listens (the supervisor, in a server, always does) and are
 * read by waits that would otherwise poll: the provider's own
 * (start gate, stop) and, through subscribeChanges, the control plane's
 * readiness wait and the supervisor. Polling stays the fallback: a waiter
 * wakes on a change or after its interval, whichever comes first, and the
 * interval is short while the watches are down.
 */
import type { V1Pod, Watch } from '@kubernetes/client-node';
import type { InstanceChange } from '../provider.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { Labels, MANAGED_BY, type Workload } from './kubernetes-objects.js';
import { type Watched, WatchLoop } from './kubernetes-watch.js';

/** How the watches run and how often waits poll besides them. */
export interface WatchTiming {
  /** Off: nothing is watched and every wait polls at `pollMs`. Default on. */
  enabled: boolean;
  /** A watch silent for longer than this is restarted. */
  watchdogMs: number;
  /** A wait's poll interval while the watches are live (a safety net for a missed event). */
  fallbackPollMs: number;
  /** A wait's poll interval while they are not (starting, relisting, or the server refuses them). */
  pollMs: number;
  /** Pause before retrying a failed list or watch. */
  retryMs: number;
  /**
   * How long the watches outlive their last listener (0: they stop at once,
   * so nothing holds a connection open after the last one leaves).
   */
  lingerMs: number;
}

/** Lists a collection for a loop: items and the list's resourceVersion. */
type Lister<T> = () => Promise<{ items: T[]; resourceVersion: string | undefined }>;

/** Waits for changes of one instance; see KubeChanges.waiter. */
export interface ChangeWaiter {
  /**
   * Resolves at the next change of the instance since the previous call (at
   * once if one came in between), or after the poll interval; rejects when
   * `signal` aborts.
   */
  next(signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** The namespace's change feed; see the module comment. */
export class KubeChanges {
  readonly #listeners = new Set<(change: InstanceChange) => void>();
  readonly #timing: WatchTiming;
  readonly #makeLoops: () => WatchLoop<Watched>[];
  #loops: WatchLoop<Watched>[] = [];
  /** Counters of loops already stopped. */
  readonly #past = { lists: 0, watchdogRestarts: 0 };
  #linger: NodeJS.Timeout | undefined;

  constructor(
    cluster: KubeCluster,
    watch: () => Pick<Watch, 'watch'>,
    list: (what: string) => Lister<Watched>,
    timing: WatchTiming,
  ) {
    this.#timing = timing;
    const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
    const ns = encodeURIComponent(cluster.namespace);
    const collections = [
      { kind: 'pod', path: `/api/v1/namespaces/${ns}/pods` },
      { kind: 'deployment', path: `/apis/apps/v1/namespaces/${ns}/deployments` },
      { kind: 'statefulset', path: `/apis/apps/v1/namespaces/${ns}/statefulsets` },
    ];
    this.#makeLoops = () =>
      collections.map(({ kind, path }) => {
        // Instances seen in this collection: after a relist each is told, as it may have missed a change.
        const seen = new Set<string>();
        return new WatchLoop<Watched>({
          path,
          labelSelector,
          list: list(kind),
          watch,
          watchdogMs: timing.watchdogMs,
          retryMs: timing.retryMs,
          onEvent: (type, object) => {
            const id = instanceOf(object);
            if (!id) return;
            if (type === 'DELETED') seen.delete(id);
            else seen.add(id);
            this.#tell({ instanceId: id, reason: `${kind} ${type}` });
          },
          onList: (items) => {
            const ids = new Set([...seen, ...items.map(instanceOf).filter((id): id is string => Boolean(id))]);
            seen.clear();
            for (const item of items) {
              const id = instanceOf(item);
              if (id) seen.add(id);
            }
            for (const id of ids) this.#tell({ instanceId: id, reason: `${kind} relist` });
          },
        });
      });
  }

  /** True while every watch is open and answering. */
  get live(): boolean {
    return this.#loops.length > 0 && this.#loops.every((l) => l.live);
  }

  /** Lists done and watchdog restarts since this feed was made, over every collection (for tests and metrics). */
  get counters(): { lists: number; watchdogRestarts: number } {
    return {
      lists: this.#past.lists + this.#loops.reduce((n, l) => n + l.lists, 0),
      watchdogRestarts: this.#past.watchdogRestarts + this.#loops.reduce((n, l) => n + l.watchdogRestarts, 0),
    };
  }

  /** Calls `listener` on every change of every instance until the returned function is called. */
  subscribe(listener: (change: InstanceChange) => void): () => void {
    this.#listeners.add(listener);
    this.#ensureRunning();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#scheduleStop();
    };
  }

  /**
   * Calls `onChange` on every change of one instance, and at the fallback
   * poll interval besides (the watches may be down or may miss one), until
   * the returned function is called.
   */
  follow(instanceId: string, onChange: () => void): () => void {
    const unsubscribe = this.#timing.enabled
      ? this.subscribe((c) => {
          if (c.instanceId === instanceId) onChange();
        })
      : () => undefined;
    const timer = setInterval(onChange, this.#timing.enabled ? this.#timing.fallbackPollMs : this.#timing.pollMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }

  /** A waiter for changes of one instance (watching starts now, so none is missed from here on). */
  waiter(instanceId: string): ChangeWaiter {
    let pending = false;
    let wake: (() => void) | undefined;
    const unsubscribe = this.#timing.enabled
      ? this.subscribe((c) => {
          if (c.instanceId !== instanceId) return;
          pending = true;
          wake?.();
        })
      : () => undefined;
    return {
      next: (signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(abortError());
          if (pending) {
            pending = false;
            return resolve();
          }
          const ms = this.live ? this.#timing.fallbackPollMs : this.#timing.pollMs;
          const done = (err?: Error) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            wake = undefined;
            pending = false;
            if (err) reject(err);
            else resolve();
          };
          const onAbort = () => done(abortError());
          const timer = setTimeout(() => done(), ms);
          wake = () => done();
          signal?.addEventListener('abort', onAbort, { once: true });
        }),
      close: unsubscribe,
    };
  }

  /** Stops every watch now, listeners or not. */
  close(): void {
    clearTimeout(this.#linger);
    this.#listeners.clear();
    this.#stopLoops();
  }

  #ensureRunning(): void {
    clearTimeout(this.#linger);
    this.#linger = undefined;
    if (!this.#timing.enabled || this.#loops.length > 0) return;
    this.#loops = this.#makeLoops();
    for (const l of this.#loops) l.start();
  }

  #scheduleStop(): void {
    clearTimeout(this.#linger);
    const stop = () => {
      if (this.#listeners.size === 0) this.#stopLoops();
    };
    if (this.#timing.lingerMs <= 0) {
      stop();
      return;
    }
    this.#linger = setTimeout(stop, this.#timing.lingerMs);
    this.#linger.unref();
  }

  #stopLoops(): void {
    for (const l of this.#loops) {
      l.stop();
      this.#past.lists += l.lists;
      this.#past.watchdogRestarts += l.watchdogRestarts;
    }
    this.#loops = [];
  }

  #tell(change: InstanceChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own; the others are still told.
      }
    }
  }
}

function instanceOf(object: Watched | undefined): string | undefined {
  return object?.metadata?.labels?.[Labels.instance];
}

function abortError(): Error {
  return Object.assign(new Error('canceled'), { name: 'AbortError' });
}

/** The list functions of a cluster, by collection, for KubeChanges. */
export function clusterListers(cluster: KubeCluster, opts: () => object): (what: string) => Lister<Watched> {
  const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
  const namespace = cluster.namespace;
  return (what) => async () => {
    const list =
      what === 'pod'
        ? await cluster.core.listNamespacedPod({ namespace, labelSelector }, opts())
        : what === 'deployment'
          ? await cluster.apps.listNamespacedDeployment({ namespace, labelSelector }, opts())
          : await cluster.apps.listNamespacedStatefulSet({ namespace, labelSelector }, opts());
    return { items: list.items as (V1Pod | Workload)[], resourceVersion: list.metadata?.resourceVersion };
  };
}
