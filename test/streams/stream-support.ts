/**
 * Helpers of the stream tests: a small fake of OUR Provider contract whose
 * log streams the test drives and observes, a subscription handle over a
 * real graphql-ws client, and an SSE reader over fetch.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type ExecutionResult, print } from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ALL_CAPABILITIES } from '../../src/providers/capabilities.js';
import type { ProviderEngines } from '../../src/providers/engines.js';
import type {
  CallContext,
  DeployRequest,
  DeployResult,
  ExecResult,
  InstanceStatus,
  LogEntry,
  LogOptions,
  LogStream,
  Provider,
  ProviderInfo,
  ProvisionRequest,
  ProvisionResult,
  ReadinessPolicy,
  ResourceUsage,
} from '../../src/providers/provider.js';
import { ProviderError } from '../../src/providers/provider-errors.js';
import { runningStatus } from '../support/fake-provider.js';

// ---------------------------------------------------------------- a fake provider

/** A LogStream the test feeds; it records whether it was closed. */
export class ScriptedLogStream implements LogStream {
  readonly opts: LogOptions;
  closed = false;
  readonly #queue: LogEntry[] = [];
  #wake: (() => void) | undefined;
  #ended = false;

  constructor(opts: LogOptions) {
    this.opts = opts;
  }

  /** Appends lines (all at once: a burst). */
  emit(messages: string[], service = this.opts.serviceName ?? 'main'): void {
    for (const message of messages) this.#queue.push({ timestamp: new Date(), stream: 'stdout', service, message });
    this.#notify();
  }

  /** The source has no more lines (a non-follow stream ends). */
  end(): void {
    this.#ended = true;
    this.#notify();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.#notify();
  }

  [Symbol.asyncIterator](): AsyncIterator<LogEntry> {
    return {
      next: async () => {
        for (;;) {
          if (this.closed) return { value: undefined, done: true };
          const e = this.#queue.shift();
          if (e) return { value: e, done: false };
          if (this.#ended) return { value: undefined, done: true };
          await new Promise<void>((r) => {
            this.#wake = r;
          });
        }
      },
      return: async () => {
        await this.close();
        return { value: undefined, done: true };
      },
    };
  }

  #notify(): void {
    const w = this.#wake;
    this.#wake = undefined;
    w?.();
  }
}

/**
 * Enough of a provider for the control plane to provision, deploy and stream
 * logs without an engine: everything is ready at once, deploys take
 * `deployMs`, and every log stream it opens is kept in `logStreams`.
 */
export class StreamFakeProvider implements Provider {
  readonly engines: ProviderEngines = {};
  readonly logStreams: ScriptedLogStream[] = [];
  deployMs = 0;
  /** Lines every new log stream starts with. */
  initialLines: string[] = [];
  readonly #instances = new Map<string, string[]>();
  #logWaiters: ((s: ScriptedLogStream) => void)[] = [];

  info(): ProviderInfo {
    return { name: 'streamfake', version: '1.0.0', region: 'test' };
  }
  capabilities() {
    return ALL_CAPABILITIES;
  }
  readinessPolicy(): ReadinessPolicy {
    return { timeoutMs: 5000, intervalMs: 20 };
  }
  async provision(_ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    this.#instances.set(
      req.instanceId,
      req.services.map((s) => s.name),
    );
    return { providerRef: `fake-${req.instanceId}`, serviceRefs: {}, endpoints: [] };
  }
  async deprovision(_ctx: CallContext, instanceId: string): Promise<void> {
    this.#instances.delete(instanceId);
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async restart(): Promise<void> {}
  async status(_ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    const services = this.#instances.get(instanceId);
    if (!services) throw new ProviderError('not_found', 'no such instance', 'streamfake');
    return runningStatus(services);
  }
  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    if (this.deployMs > 0) await sleepFor(this.deployMs, ctx.signal);
    return { providerRef: `fake-${req.instanceId}`, status: 'deployed' };
  }
  async rollback(): Promise<void> {}
  async scale(): Promise<void> {}
  async resources(): Promise<ResourceUsage> {
    return { cpuPercent: 0, memoryUsedMb: 0, memoryLimitMb: 0, networkInMb: 0, networkOutMb: 0 };
  }
  async logs(_ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    if (!this.#instances.has(instanceId)) throw new ProviderError('not_found', 'no such instance', 'streamfake');
    const s = new ScriptedLogStream(opts);
    if (this.initialLines.length) s.emit(this.initialLines);
    if (!opts.follow) s.end();
    this.logStreams.push(s);
    for (const w of this.#logWaiters.splice(0)) w(s);
    return s;
  }
  async exec(): Promise<ExecResult> {
    return { exitCode: 0, stdout: '', stderr: '' };
  }

  /** Resolves with the next log stream opened (or the latest, if one is open and unclaimed). */
  nextLogStream(): Promise<ScriptedLogStream> {
    return new Promise((resolve) => this.#logWaiters.push(resolve));
  }
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

// ---------------------------------------------------------------- subscriptions over graphql-ws

/** A graphql-ws client whose sockets the test can reach (to pause reading, or to cut them). */
export function socketClient(
  wsUrl: string,
  token: string | undefined,
): { client: Client; sockets: WebSocket[]; closes: { code: number; reason: string }[] } {
  const sockets: WebSocket[] = [];
  const closes: { code: number; reason: string }[] = [];
  class Tracked extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      sockets.push(this);
    }
  }
  const client = createClient({
    url: wsUrl,
    webSocketImpl: Tracked,
    lazy: true,
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    on: { closed: (e) => closes.push({ code: (e as CloseEvent).code, reason: String((e as CloseEvent).reason) }) },
  });
  return { client, sockets, closes };
}

/** An open subscription: what arrived so far, how it ended, and ways to wait. */
export interface Subscription<T> {
  results: ExecutionResult<T>[];
  /** The data of every result that had data. */
  data: T[];
  /** An `error` message (a failed stream), or a socket close. */
  error: unknown;
  completed: boolean;
  /** Resolves once `pred` holds over the results (checked on each arrival), or rejects after `timeoutMs`. */
  until(pred: (s: Subscription<T>) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the stream completed or failed. */
  ended(timeoutMs?: number): Promise<void>;
  dispose(): void;
}

export function subscribe<T, V>(client: Client, document: TypedDocumentNode<T, V>, variables: V): Subscription<T> {
  const waiters = new Set<() => void>();
  const check = () => {
    for (const w of [...waiters]) w();
  };
  const sub: Subscription<T> = {
    results: [],
    data: [],
    error: undefined,
    completed: false,
    until(pred, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms with ${sub.results.length} results: ${JSON.stringify(sub.results).slice(-2000)} error=${JSON.stringify(sub.error)}`,
            ),
          );
        }, timeoutMs);
        const w = () => {
          if (pred(sub)) {
            clearTimeout(timer);
            waiters.delete(w);
            resolve();
          } else if (sub.completed || sub.error !== undefined) {
            clearTimeout(timer);
            waiters.delete(w);
            reject(
              new Error(
                `stream ended (${sub.completed ? 'completed' : `error ${JSON.stringify(sub.error)}`}) with ${sub.results.length} results before the condition held: ${JSON.stringify(sub.results).slice(-2000)}`,
              ),
            );
          }
        };
        waiters.add(w);
        w();
      });
    },
    ended(timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`stream did not end within ${timeoutMs} ms (${sub.results.length} results)`));
        }, timeoutMs);
        const w = () => {
          if (sub.completed || sub.error !== undefined) {
            clearTimeout(timer);
            waiters.delete(w);
            resolve();
          }
        };
        waiters.add(w);
        w();
      });
    },
    dispose: () => dispose(),
  };
  const dispose = client.subscribe<T>(
    { query: print(document), variables: variables as Record<string, unknown> },
    {
      next: (r) => {
        sub.results.push(r as ExecutionResult<T>);
        if (r.data) sub.data.push(r.data as T);
        check();
      },
      error: (e) => {
        sub.error = e ?? 'error';
        check();
      },
      complete: () => {
        sub.completed = true;
        check();
      },
    },
  );
  return sub;
}

/** The first GraphQL error of a subscription (an `error` message or errors in a result). */
export function firstError(sub: Subscription<unknown>): { message: string; code?: string } | undefined {
  const fromResult = sub.results.find((r) => r.errors?.length)?.errors?.[0];
  const raw = fromResult ?? (Array.isArray(sub.error) ? sub.error[0] : undefined);
  if (!raw) return undefined;
  const e = raw as { message: string; extensions?: { code?: string } };
  return { message: e.message, ...(e.extensions?.code ? { code: e.extensions.code } : {}) };
}

// ---------------------------------------------------------------- SSE

/** A subscription over GraphQL-over-SSE (yoga's `Accept: text/event-stream`). */
export interface SseStream {
  status: number;
  /** Each `next` payload, parsed. */
  events: ExecutionResult<Record<string, unknown>>[];
  /** The stream's `complete` event arrived, or the response ended. */
  done: boolean;
  until(pred: () => boolean, timeoutMs?: number): Promise<void>;
  abort(): void;
}

export async function sse<T, V>(
  url: string,
  token: string | undefined,
  document: TypedDocumentNode<T, V>,
  variables: V,
): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: 'POST',
    signal: controller.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const out: SseStream = {
    status: res.status,
    events: [],
    done: false,
    until(pred, timeoutMs = 30_000) {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const tick = () => {
          if (pred()) return resolve();
          if (Date.now() - started > timeoutMs) {
            return reject(new Error(`SSE: timed out with ${out.events.length} events (done=${out.done})`));
          }
          setTimeout(tick, 20);
        };
        tick();
      });
    },
    abort: () => controller.abort(),
  };
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    out.done = true;
    await res.text().catch(() => '');
    return out;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let sep = buffer.indexOf('\n\n');
        while (sep >= 0) {
          const block = buffer.slice(0, sep);
          buffer = buffer.slice(sep + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (event === 'complete') out.done = true;
          else if (data.length && data.join('\n').trim()) out.events.push(JSON.parse(data.join('\n')));
          sep = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    } finally {
      out.done = true;
    }
  })();
  return out;
}

/** Polls `pred` until it holds, or fails after `timeoutMs`. */
export async function eventually(pred: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const started = Date.now();
  for (;;) {
    if (await pred()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
