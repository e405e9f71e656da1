/**
 * The edge driver: in every Wheelhouse process, for every provider whose
 * data plane one process drives at a time (the Docker edge), it takes or
 * renews that edge's lease. The holder hands the data plane the complete set
 * of routes (adopting or starting it on first take-over) whenever the routes
 * change or the data plane is down, and records each route's status; the
 * others stand by. Stopping gives the lease up but leaves the data plane
 * running: it serves while no Wheelhouse runs.
 *
 * A traffic engine with no data plane of its own (Kubernetes: an Ingress per
 * instance, served by the cluster's controller) is handed each instance's
 * routes the same way, under the same lease, so one process writes them.
 */
import type { RouteSignal } from '../control/route-signal.js';
import type { RouteService } from '../control/routes.js';
import type { DbHandle } from '../db/db-types.js';
import { acquireEdgeLease, releaseEdgeLease, routesSignature } from '../db/repositories/route-repository.js';
import type { Logger } from '../logger.js';
import { ProviderError, ProviderErrorKinds } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { RouteSpec, TrafficEngine } from '../providers/traffic.js';
import type { Waker } from './waker.js';

/** What the edge driver works with: the database, the providers, the routes and their signal, its lease's owner. */
export interface EdgeDriverOptions {
  db: DbHandle;
  registry: Registry;
  routes: RouteService;
  /** Routes written in this process: the driver runs a round at once (the others see them at their next round). */
  routeSignal: RouteSignal;
  logger: Logger;
  /** This process, as the lease names it. */
  owner: string;
  /** How often the lease is renewed and the routes compared. */
  intervalMs: number;
  /** Scale to zero: this process's waker; the edge is rendered with its address while this process drives it. */
  waker?: Waker;
}

export class EdgeDriver {
  /** Per provider key: the route signature last handed over while holding the lease. */
  readonly #driven = new Map<string, string>();
  /** Per provider key without a driven data plane: the instances whose routes were last applied. */
  readonly #applied = new Map<string, Set<string>>();
  /**
   * Per provider key: why the edge last failed to take the routes, as logged.
   * A round retries every interval while the edge is down; the same cause
   * (a port someone else holds) is logged once, not every round.
   */
  readonly #failing = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  /** Renews held leases every interval, also while a round is slow (an HAProxy start, a slow engine). */
  #heartbeat: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #unsubscribe: (() => void) | undefined;

  constructor(private readonly o: EdgeDriverOptions) {}

  start(): void {
    this.#stopped = false;
    this.#unsubscribe ??= this.o.routeSignal.onChanged(() => this.sync());
    this.#heartbeat = setInterval(() => void this.#renew(), this.o.intervalMs);
    this.#heartbeat.unref();
    void this.sync();
  }

  /**
   * Extends every lease this process holds. A round that outlasts the lease
   * (HAProxy starting, an engine slow to list) would otherwise let another
   * process take the edge over while this one still renders it.
   */
  async #renew(): Promise<void> {
    for (const key of this.#driven.keys()) {
      if (this.#stopped) return;
      const held = await acquireEdgeLease(this.o.db, leaseName(key), this.o.owner, this.o.intervalMs * 5).catch(
        () => true, // A database hiccup: the next round decides.
      );
      if (!held && this.#driven.delete(key)) {
        await this.o.registry.get(key).engines.drivenEdge?.standBy({});
        this.o.logger.info({ provider: key }, 'another process drives the edge now; standing by');
      }
    }
  }

  /** Runs one round now (after the one in flight); resolves when it is done. */
  sync(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#round()
      .catch((err) => this.o.logger.error({ err }, 'edge round failed'))
      .finally(() => {
        this.#running = undefined;
        if (this.#again && !this.#stopped) {
          this.#again = false;
          void this.sync();
        } else {
          this.#schedule();
        }
      });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#running;
    for (const key of this.#driven.keys()) {
      await this.o.registry
        .get(key)
        .engines.drivenEdge?.standBy({})
        .catch(() => undefined);
      await releaseEdgeLease(this.o.db, leaseName(key), this.o.owner).catch(() => undefined);
    }
    this.#driven.clear();
    this.#failing.clear();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.o.waker?.close();
  }

  #schedule(): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.sync(), this.o.intervalMs);
    this.#timer.unref();
  }

  async #round(): Promise<void> {
    for (const [key, provider] of this.o.registry.all()) {
      if (this.#stopped) return;
      const { traffic, drivenEdge: driven, wakingEdge: waking } = provider.engines;
      if (!traffic) continue;
      const held = await acquireEdgeLease(this.o.db, leaseName(key), this.o.owner, this.o.intervalMs * 5);
      if (!driven) {
        if (held) await this.#applyPerInstance(key, traffic);
        else this.#driven.delete(key);
        continue;
      }
      if (!held) {
        this.#failing.delete(key);
        if (this.#driven.delete(key)) {
          await driven.standBy({});
          this.o.logger.info({ provider: key }, 'another process drives the edge now; standing by');
        }
        continue;
      }
      const signature = await routesSignature(this.o.db, key);
      const first = !this.#driven.has(key);
      const healthy = first ? false : (await traffic.edge({})).healthy;
      if (!first && healthy && this.#driven.get(key) === signature) continue;
      const { specs, failed } = await this.o.routes.specsOf(key);
      // Held from here on: the heartbeat renews the lease while the (first) render runs.
      if (first) this.#driven.set(key, 'taking over');
      // The holder renders its own waker: whoever drives the edge is known to be alive and listening.
      if (this.o.waker && waking) await waking.wakeVia({}, await this.o.waker.listen());
      try {
        await driven.drive({}, specs);
        this.#driven.set(key, signature);
        await this.o.routes.record(
          specs.map((s) => s.id),
          failed,
        );
        const recovered = this.#failing.delete(key);
        if (first || recovered) {
          // Where the routes are served, in the start log: the ports may have been picked (0) or moved.
          const { httpAddress, httpsAddress } = await traffic.edge({});
          this.o.logger.info(
            { provider: key, routes: specs.length, httpAddress, httpsAddress },
            `driving the edge: HTTP on ${httpAddress ?? '-'}, HTTPS on ${httpsAddress ?? '-'}`,
          );
        }
      } catch (err) {
        const message = (err as Error).message;
        if (this.#failing.get(key) !== message) {
          this.#failing.set(key, message);
          this.o.logger.error({ provider: key, err: message }, `the edge did not take the routes: ${message}`);
        }
        await this.o.routes.record([], new Map(specs.map((s) => [s.id, message])));
        // Taken over anyway: the next round tries again when something changes or the edge is down.
        this.#driven.set(key, `failed:${signature}`);
      }
    }
  }

  /**
   * Hands each instance its routes (applyRoutes per instance) when the
   * provider's routes changed, and an empty set to an instance that had some;
   * records what each instance's apply made of its routes.
   */
  async #applyPerInstance(key: string, traffic: TrafficEngine): Promise<void> {
    const signature = await routesSignature(this.o.db, key);
    if (this.#driven.get(key) === signature) return;
    const { specs, failed } = await this.o.routes.specsOf(key);
    const byInstance = new Map<string, RouteSpec[]>();
    for (const s of specs) byInstance.set(s.instanceId, [...(byInstance.get(s.instanceId) ?? []), s]);
    const active: string[] = [];
    const failures = new Map(failed);
    const waiting: string[] = [];
    for (const [instanceId, routes] of byInstance) {
      try {
        await traffic.applyRoutes({}, instanceId, routes);
        active.push(...routes.map((r) => r.id));
      } catch (err) {
        // A route added with its instance's provision reaches the provider before the workload it
        // points at: PENDING until the workload exists (tried again each round), not FAILED.
        if (err instanceof ProviderError && err.kind === ProviderErrorKinds.notFound) {
          waiting.push(...routes.map((r) => r.id));
          continue;
        }
        const message = (err as Error).message;
        this.o.logger.error({ provider: key, instanceId, err: message }, 'the routes were not applied');
        for (const r of routes) failures.set(r.id, message);
      }
    }
    for (const instanceId of this.#applied.get(key) ?? []) {
      if (byInstance.has(instanceId)) continue;
      await traffic
        .applyRoutes({}, instanceId, [])
        .catch((err: Error) =>
          this.o.logger.warn({ provider: key, instanceId, err: err.message }, 'old routes were not removed'),
        );
    }
    this.#applied.set(key, new Set(byInstance.keys()));
    await this.o.routes.record(active, failures, waiting);
    // A failure, or a route waiting for its workload, is tried again on the next round (the signature does not match).
    this.#driven.set(key, failures.size > failed.size || waiting.length > 0 ? `failed:${signature}` : signature);
  }
}

function leaseName(providerKey: string): string {
  return `edge:${providerKey}`;
}
