/**
 * The waker: scale to zero's side of the edge. While a backend has no usable
 * replica, the Docker edge sends its requests here (a weight-0 server of the
 * backend, chosen only when `nbsrv` is 0), naming the backend in the
 * `x-wheelhouse-wake` header. The waker holds each request (bounded in count
 * and time), asks the autoscaler for a replica (a SCALE 0 → 1 marked as the
 * autoscaler's, in the instance's operation order), waits until the edge has
 * the replica ready, and proxies the held requests to it directly: through the
 * edge again they would find the backend's state of that instant, and the
 * waker has just seen a ready replica's address.
 *
 * A service a STOP backup or a restore has stopped (drained off the edge) is
 * held for the same way, whatever its policy: the autoscaler answers
 * `pending` while the copy runs, and the copy starts the service again.
 *
 * Every Wheelhouse process runs one (loopback only, a free port); the edge is
 * rendered by the process holding its lease, with that process's waker. Any
 * process's waker would do: it reads the instance from Postgres and the edge
 * over its runtime socket, both shared on the host.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { DbHandle } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../providers/registry.js';
import { WAKE_HEADER, type WakerAddress, type WakingEdge } from '../providers/traffic.js';
import type { Autoscaler } from './autoscaler.js';

export interface WakerOptions {
  db: DbHandle;
  registry: Registry;
  /** Asks for the SCALE 0 → 1 (`Autoscaler.wake`). */
  autoscaler: Pick<Autoscaler, 'wake'>;
  logger: Logger;
  /** The loopback address it listens on (the edge runs on this host). Default 127.0.0.1. */
  host?: string;
  /** How long one request is held for a replica before a 503 (WHEELHOUSE_EDGE_WAKE_HOLD_SECONDS). */
  holdMs: number;
  /** Requests held at once, over every service; more get a 503 at once (WHEELHOUSE_EDGE_WAKE_MAX_HELD). */
  maxHeld: number;
  /** A held request's body is buffered up to this size. Default 1 MiB. */
  maxBodyBytes?: number;
  /** How often the edge is asked whether a replica is ready. Default 100 ms. */
  pollMs?: number;
}

/** Seconds a client is told to wait after a 503 from the waker. */
const RETRY_AFTER_SECONDS = 5;

/** Headers of one hop only: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  WAKE_HEADER,
]);

class Unavailable extends Error {}

/** One backend's wake, shared by the requests held for it; it polls until the latest of their deadlines. */
interface SharedWake {
  until: number;
  ready: Promise<string[]>;
}

export class Waker {
  readonly #o: WakerOptions & { host: string; maxBodyBytes: number; pollMs: number };
  #server: Server | undefined;
  #address: Promise<WakerAddress> | undefined;
  #held = 0;
  /** Per backend: the wait for a ready replica that every request held for it shares. */
  readonly #waits = new Map<string, SharedWake>();
  #next = 0;

  constructor(options: WakerOptions) {
    this.#o = { host: '127.0.0.1', maxBodyBytes: 1024 * 1024, pollMs: 100, ...options };
  }

  /** Requests held now (tests and the bench look). */
  get held(): number {
    return this.#held;
  }

  /** Starts listening (once); the address the edge is rendered with. */
  listen(): Promise<WakerAddress> {
    this.#address ??= new Promise((resolve, reject) => {
      const server = createServer((req, res) => void this.#handle(req, res));
      this.#server = server;
      server.once('error', reject);
      server.listen(0, this.#o.host, () => {
        server.off('error', reject);
        resolve({ host: this.#o.host, port: (server.address() as AddressInfo).port });
      });
    });
    return this.#address;
  }

  /** Stops listening; held requests are answered 503 as their waits end. */
  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    this.#address = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), this.#o.holdMs).unref();
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const name = String(req.headers[WAKE_HEADER] ?? '');
    if (this.#held >= this.#o.maxHeld) {
      req.resume();
      refuse(res, `too many requests are waiting for services to wake (${this.#o.maxHeld}); retry shortly`);
      return;
    }
    this.#held++;
    try {
      const body = await readBody(req, this.#o.maxBodyBytes);
      if (body === undefined) {
        res
          .writeHead(413, { 'content-type': 'text/plain' })
          .end('request body too large to hold while the service wakes\n');
        return;
      }
      const found = await this.#backend(name);
      if (!found) {
        refuse(res, 'no replica of this service is ready');
        return;
      }
      const ready = await this.#ready(found, started + this.#o.holdMs);
      await this.#forward(req, res, body, ready);
      this.#o.logger.debug(
        { backend: name, waitedMs: Date.now() - started, status: res.statusCode },
        'waker released a request',
      );
    } catch (err) {
      if (!(err instanceof Unavailable))
        this.#o.logger.warn({ err, backend: name }, 'waker could not serve a held request');
      if (!res.headersSent) refuse(res, err instanceof Unavailable ? err.message : 'the service did not wake');
      else res.destroy();
    } finally {
      this.#held--;
    }
  }

  /** The backend a request was for, with the provider whose edge serves it. */
  async #backend(
    name: string,
  ): Promise<{ key: string; edge: WakingEdge; instanceId: string; service: string; port: number } | undefined> {
    for (const [, provider] of this.#o.registry.all()) {
      const waking = provider.engines.wakingEdge;
      if (!waking) continue;
      const be = await waking.backendOf({}, name);
      if (!be) return undefined;
      const row = await instances.findInstanceAnyTenant(this.#o.db, be.instanceId);
      if (!row || row.destroyed_at) return undefined;
      const owner = this.#o.registry.get(row.provider_key).engines.wakingEdge;
      if (!owner) return undefined;
      return { key: name, edge: owner, ...be };
    }
    return undefined;
  }

  /**
   * Ready replicas' addresses, once there is one. A 503 (Unavailable) when
   * waking is refused, or when this request's own hold ends first: one
   * deadline per request, so every request past its hold gets the same answer,
   * whichever timer a loaded machine happens to run first.
   */
  async #ready(
    b: { key: string; edge: WakingEdge; instanceId: string; service: string; port: number },
    deadline: number,
  ): Promise<string[]> {
    let wake = this.#waits.get(b.key);
    if (wake) {
      // A request that joins late keeps its whole hold: the shared poll runs as long as someone waits.
      wake.until = Math.max(wake.until, deadline);
    } else {
      const started: SharedWake = { until: deadline, ready: Promise.resolve([]) };
      started.ready = this.#wait(b, started).finally(() => this.#waits.delete(b.key));
      // Every request may have given up before it ends: its failure is theirs, not an unhandled rejection.
      started.ready.catch(() => undefined);
      this.#waits.set(b.key, started);
      wake = started;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.#pastHold()), Math.max(0, deadline - Date.now()));
    });
    try {
      return await Promise.race([wake.ready, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The answer to a request held its whole hold time: the bound it was held for, which the operator sets. */
  #pastHold(): Unavailable {
    return new Unavailable(
      `the service is waking up: no replica was ready within ${holdText(this.#o.holdMs)}; retry shortly`,
    );
  }

  /** Polls the edge (and asks for the wake) until a replica is ready, or no held request waits any more. */
  async #wait(
    b: { edge: WakingEdge; instanceId: string; service: string; port: number },
    wake: SharedWake,
  ): Promise<string[]> {
    let asked = 0;
    let queued = false;
    for (;;) {
      const ready = await b.edge.readyReplicas({}, b.instanceId, b.service, b.port);
      if (ready.length > 0) return ready;
      // Asked again until a SCALE is queued: an operation open at first (the scale to zero itself) ends meanwhile.
      if (!queued && Date.now() - asked >= 500) {
        const woke = await this.#o.autoscaler.wake(b.instanceId, b.service);
        asked = Date.now();
        if (woke.outcome === 'refused') throw new Unavailable(`no replica of this service is ready (${woke.reason})`);
        if (woke.outcome === 'pending') asked = Date.now() - 300; // sooner: the operation in the way may end soon
        if (woke.outcome === 'queued') {
          queued = true;
          this.#o.logger.info({ instanceId: b.instanceId, service: b.service }, 'waker asked for a replica');
        }
      }
      // Every held request has had its own answer by now; the same one, should a request still read this.
      if (Date.now() > wake.until) throw this.#pastHold();
      await delay(this.#o.pollMs);
    }
  }

  /** Sends the held request to a ready replica (another one if that connection fails) and streams its answer back. */
  async #forward(req: IncomingMessage, res: ServerResponse, body: Buffer, ready: string[]): Promise<void> {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers as IncomingHttpHeaders)) {
      if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    }
    headers['content-length'] = String(body.length);
    let last: unknown;
    for (let i = 0; i < ready.length; i++) {
      const target = ready[(this.#next++ + i) % ready.length]!;
      const sep = target.lastIndexOf(':');
      try {
        await new Promise<void>((resolve, reject) => {
          const out = request(
            {
              host: target.slice(0, sep),
              port: Number(target.slice(sep + 1)),
              method: req.method,
              path: req.url,
              headers,
            },
            (answer) => {
              const back: Record<string, string | string[]> = {};
              for (const [k, v] of Object.entries(answer.headers))
                if (v !== undefined && !HOP_BY_HOP.has(k)) back[k] = v;
              res.writeHead(answer.statusCode ?? 502, back);
              answer.pipe(res);
              answer.on('end', resolve);
              answer.on('error', reject);
            },
          );
          out.setTimeout(this.#o.holdMs, () => out.destroy(new Error('the replica did not answer in time')));
          out.on('error', reject);
          out.end(body);
        });
        return;
      } catch (err) {
        last = err;
        if (res.headersSent) throw err;
      }
    }
    throw last;
  }
}

/** A 503 the client can act on: why, and when to try again. */
function refuse(res: ServerResponse, why: string): void {
  res
    .writeHead(503, { 'content-type': 'text/plain', 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' })
    .end(`${why}\n`);
}

/** The whole body, or undefined past `max` bytes. */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A hold time as the 503 says it. */
function holdText(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
