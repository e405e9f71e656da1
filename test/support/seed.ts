/**
 * Seed builders for the security tests: a tenant with a token whose id is
 * known, an instance with its release, operation and events made through the
 * API (so every row is what a client would have caused), a fake of OUR
 * Provider contract whose calls can be held open, an app whose log is
 * captured, and a raw GraphQL client that keeps every response body.
 */
import { randomUUID } from 'node:crypto';
import { print } from 'graphql';
import pino from 'pino';
import {
  ProvisionInstanceDocument,
  type ProvisionInstanceMutation,
  ViewerDocument,
  type ViewerQuery,
} from '../../src/client/index.js';
import type { Config } from '../../src/config.js';
import { ALL_SCOPES, type Scope } from '../../src/control/scopes.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { ALL_CAPABILITIES } from '../../src/providers/capabilities.js';
import type { ProviderEngines } from '../../src/providers/engines.js';
import type {
  CallContext,
  DeployRequest,
  DeployResult,
  ExecRequest,
  ExecResult,
  InstanceStatus,
  LogOptions,
  LogStream,
  Provider,
  ProviderInfo,
  ProvisionRequest,
  ProvisionResult,
  ReadinessPolicy,
  ResourceUsage,
  RollbackRequest,
  ScaleRequest,
} from '../../src/providers/provider.js';
import { CanceledError, ProviderError } from '../../src/providers/provider-errors.js';
import { Registry } from '../../src/providers/registry.js';
import { startTestApp, type TestApp, type TestTenant } from './app.js';

// ---- ids

/** The relay global id of `type` `id` (base64 of "Type:id"), as the API hands them out. */
export function globalId(type: string, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64');
}

/** The local id inside a global id (anything after the first ":"). */
export function localOf(global: string): string {
  const decoded = Buffer.from(global, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

// ---- raw GraphQL over HTTP

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when the body was not JSON). */
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: unknown; extensions?: Record<string, unknown> }[];
  };
  text: string;
  ms: number;
}

/**
 * A GraphQL client over HTTP POST that keeps every response body it saw in
 * `bodies`, so a test can prove something never came back.
 */
export class RawClient {
  readonly bodies: string[] = [];
  constructor(readonly url: string) {}

  async request(
    token: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<RawResponse> {
    const started = performance.now();
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
      body: init.body ?? JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    this.bodies.push(text);
    let body: RawResponse['body'] = {};
    try {
      body = JSON.parse(text) as RawResponse['body'];
    } catch {
      // not JSON: the caller looks at status and text
    }
    return { status: res.status, headers: res.headers, body, text, ms };
  }

  /** Like request, but fails on any GraphQL error and returns data. */
  async data<T = Record<string, unknown>>(
    token: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<T> {
    const r = await this.request(token, query, variables);
    if (r.status !== 200 || r.body.errors?.length || !r.body.data) {
      throw new Error(`GraphQL request failed (${r.status}): ${r.text.slice(0, 2000)}`);
    }
    return r.body.data as T;
  }
}

// ---- a fake provider whose calls can be held

/**
 * A small fake of OUR Provider contract: every instance it provisions is
 * running and ready at once. `hold(method)` makes the next calls of that
 * method wait until the returned release function runs (or the call is
 * aborted), so a test can keep an operation RUNNING and another QUEUED behind
 * it for as long as it needs.
 */
export class SeedProvider implements Provider {
  readonly engines: ProviderEngines = {};
  readonly calls: { method: string; instanceId: string }[] = [];
  readonly #running = new Map<string, { state: 'running' | 'stopped'; services: string[] }>();
  readonly #holds = new Map<string, Promise<void>>();

  info(): ProviderInfo {
    return { name: 'seed', version: '1.0.0', region: 'test' };
  }
  capabilities() {
    return ALL_CAPABILITIES;
  }
  readinessPolicy(): ReadinessPolicy {
    return { timeoutMs: 10_000, intervalMs: 20 };
  }

  /** Holds calls of `method` until the returned function is called. */
  hold(method: 'restart' | 'start' | 'stop' | 'deploy' | 'scale'): () => void {
    let release!: () => void;
    this.#holds.set(
      method,
      new Promise<void>((r) => {
        release = r;
      }),
    );
    return () => {
      this.#holds.delete(method);
      release();
    };
  }

  async #enter(method: string, instanceId: string, ctx: CallContext): Promise<void> {
    this.calls.push({ method, instanceId });
    const held = this.#holds.get(method);
    if (!held) return;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new CanceledError('aborted while held'));
      if (ctx.signal?.aborted) return onAbort();
      ctx.signal?.addEventListener('abort', onAbort, { once: true });
      held.then(() => {
        ctx.signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  #require(instanceId: string) {
    const inst = this.#running.get(instanceId);
    if (!inst) throw new ProviderError('not_found', 'no such instance', 'seed');
    return inst;
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    await this.#enter('provision', req.instanceId, ctx);
    this.#running.set(req.instanceId, { state: 'running', services: req.services.map((s) => s.name) });
    return { providerRef: `seed-${req.instanceId}`, serviceRefs: {}, endpoints: [] };
  }
  async deprovision(ctx: CallContext, instanceId: string): Promise<void> {
    await this.#enter('deprovision', instanceId, ctx);
    this.#running.delete(instanceId);
  }
  async start(ctx: CallContext, instanceId: string): Promise<void> {
    await this.#enter('start', instanceId, ctx);
    this.#require(instanceId).state = 'running';
  }
  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    await this.#enter('stop', instanceId, ctx);
    this.#require(instanceId).state = 'stopped';
  }
  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    await this.#enter('restart', instanceId, ctx);
    this.#require(instanceId).state = 'running';
  }
  async status(_ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    const inst = this.#require(instanceId);
    const running = inst.state === 'running';
    return {
      state: inst.state,
      ready: running,
      restarts: 0,
      endpoints: [],
      services: Object.fromEntries(inst.services.map((n) => [n, { state: inst.state, ready: running, restarts: 0 }])),
    };
  }
  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    await this.#enter('deploy', req.instanceId, ctx);
    this.#require(req.instanceId);
    return { providerRef: `seed-${req.instanceId}`, status: 'deployed' };
  }
  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    await this.#enter('rollback', req.instanceId, ctx);
    this.#require(req.instanceId);
  }
  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    await this.#enter('scale', req.instanceId, ctx);
    this.#require(req.instanceId);
  }
  async resources(_ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    this.#require(instanceId);
    return { cpuPercent: 1, memoryUsedMb: 2, memoryLimitMb: 64, networkInMb: 0, networkOutMb: 0 };
  }
  async logs(_ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    this.#require(instanceId);
    const service = opts.serviceName ?? 'main';
    return {
      async *[Symbol.asyncIterator]() {
        yield { timestamp: new Date(), stream: 'stdout' as const, service, message: `log of ${instanceId}` };
      },
      async close() {},
    };
  }
  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    await this.#enter('exec', instanceId, ctx);
    this.#require(instanceId);
    return { exitCode: 0, stdout: req.command.join(' '), stderr: '' };
  }
}

/** The app over a registry holding one SeedProvider under key `seed`. */
export async function startSeedApp(
  options: Omit<NonNullable<Parameters<typeof startTestApp>[0]>, 'registry'> = {},
): Promise<{ t: TestApp; provider: SeedProvider }> {
  const provider = new SeedProvider();
  const registry = new Registry();
  registry.register('seed', provider);
  const t = await startTestApp({ ...options, registry });
  return { t, provider };
}

// ---- an app whose log is captured

/**
 * The real process logger (createLogger, its redaction included) at `trace`,
 * writing each line into `lines` instead of stdout.
 */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger('trace');
  // pino writes through the stream symbol; children made later inherit it.
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => {
      lines.push(line);
    },
  };
  return { logger, lines };
}

/** Starts Wheelhouse like startTestApp, with the logger of capturingLogger. */
export async function startLoggedApp(opts: {
  registry?: Registry;
  config?: Partial<Config>;
}): Promise<TestApp & { logLines: string[] }> {
  const { logger, lines } = capturingLogger();
  const t = await startTestApp({ ...opts, logger, config: { logLevel: 'trace', ...opts.config } });
  return { ...t, logLines: lines };
}

// ---- tenants and instances through the API

export interface SeededTenant extends TestTenant {
  /** The calling token's id (a uuid) and global id. */
  tokenId: string;
  tokenGlobalId: string;
  tenantGlobalId: string;
}

/** A fresh tenant with a token of `scopes` (all by default), its ids looked up through `viewer`. */
export async function seedTenant(t: TestApp, scopes: readonly Scope[] = ALL_SCOPES): Promise<SeededTenant> {
  const tenant = await t.newTenant(scopes);
  const client = new RawClient(t.url);
  const data = await client.data<ViewerQuery>(tenant.token, print(ViewerDocument));
  const tokenGlobalId = data.viewer.token?.id ?? '';
  return {
    ...tenant,
    tokenGlobalId,
    tokenId: localOf(tokenGlobalId),
    tenantGlobalId: data.viewer.tenant.id,
  };
}

export interface SeededInstance {
  /** Global ids. */
  id: string;
  releaseId: string;
  operationId: string;
  name: string;
}

/** Provisions an instance through the API (waiting for its end) and returns its global ids. */
export async function seedInstance(
  client: RawClient,
  token: string,
  input: Record<string, unknown> & { name: string },
): Promise<SeededInstance> {
  const data = await client.data<ProvisionInstanceMutation>(token, print(ProvisionInstanceDocument), {
    input: { wait: true, ...input },
  });
  const p = data.provisionInstance;
  if (p.__typename !== 'ProvisionInstancePayload') throw new Error(`provision failed: ${JSON.stringify(p)}`);
  if (p.operation.status !== 'SUCCEEDED') throw new Error(`provision did not succeed: ${JSON.stringify(p)}`);
  return {
    id: p.instance.id,
    name: p.instance.name,
    operationId: p.operation.id,
    releaseId: p.operation.release?.id ?? p.instance.currentRelease?.id ?? '',
  };
}

/** A unique, recognisable string for canaries and names. */
export function canary(prefix = 'wh-canary'): string {
  return `${prefix}-${randomUUID().replace(/-/g, '')}`;
}
