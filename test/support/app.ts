import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type ExecutionResult, parse, print } from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import { type Kysely, sql } from 'kysely';
import WebSocket from 'ws';
import { type App, type AppOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { ALL_SCOPES, type Scope } from '../../src/control/scopes.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { Database } from '../../src/db/database.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { Registry } from '../../src/providers/registry.js';
import { openTestDatabase } from './database.js';

export const TEST_BOOTSTRAP_TOKEN = 'whk_test-bootstrap-token-for-the-suite-only';

export interface TestTenant {
  tenantId: string;
  tenantName: string;
  /** A bearer secret for this tenant with the given scopes. */
  token: string;
}

export interface TestApp {
  app: App;
  url: string;
  wsUrl: string;
  /** Where /metrics is served when it has a port of its own (config.metricsPort). */
  metricsUrl: string | undefined;
  database: DatabaseHandle;
  /** A fresh tenant with a token of `scopes` (all by default): tests never share data. */
  newTenant(scopes?: readonly Scope[]): Promise<TestTenant>;
  /** Another token for an existing tenant. */
  newToken(tenantId: string, scopes: readonly Scope[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts Wheelhouse on a free port over the test database. `executor` tunes
 * the operation executor (a short lease to prove re-claiming, a short poll).
 */
export async function startTestApp(
  opts: {
    registry?: Registry;
    config?: Partial<Config>;
    database?: DatabaseHandle;
    executor?: AppOptions['executor'];
    /** Webhook worker tuning (a stub resolver, a short poll). */
    webhooks?: AppOptions['webhooks'];
    /** A logger to use instead of a silent one (tests that read the log). */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
  // The supervisor observes every instance in the database; tests that share one turn it on themselves.
  const config: Config = { ...base, bootstrapToken: TEST_BOOTSTRAP_TOKEN, runSupervisor: false, ...opts.config };
  const app = await buildApp({
    config,
    logger: opts.logger ?? createLogger(config.logLevel),
    database,
    registry: opts.registry ?? new Registry(),
    ...(opts.executor ? { executor: opts.executor } : {}),
    ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
    announce: () => {},
  });
  const { url, metricsUrl } = await app.start();
  const newToken = async (tenantId: string, scopes: readonly Scope[]) => {
    const secret = `whk_test_${randomUUID()}`;
    await app.services.tokens.ensureToken(tenantId, 'test', secret, scopes);
    return secret;
  };
  return {
    app,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    metricsUrl,
    database,
    newToken,
    async newTenant(scopes = ALL_SCOPES) {
      const tenantName = `t-${randomUUID().slice(0, 13)}`;
      const tenant = await app.services.tenants.ensure(tenantName);
      return { tenantId: tenant.id, tenantName, token: await newToken(tenant.id, scopes) };
    },
    async stop() {
      await app.stop();
      if (!opts.database) await database.close();
    },
  };
}

/** Runs a typed operation over HTTP POST and returns the whole result (data and errors). */
export async function execute<TResult, TVariables>(
  url: string,
  token: string | undefined,
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<ExecutionResult<TResult> & { status: number }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await res.json()) as ExecutionResult<TResult>;
  return { ...body, status: res.status };
}

/** Like execute, but fails the test on any GraphQL error and returns data. */
export async function query<TResult, TVariables>(
  url: string,
  token: string,
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const r = await execute(url, token, document, variables);
  if (r.errors?.length || !r.data) throw new Error(`GraphQL errors: ${JSON.stringify(r.errors)}`);
  return r.data;
}

/**
 * A graphql-ws client authenticated with `token`. Dispose it in the test.
 *
 * A subscription's dispose runs on the next turn of the event loop. graphql-ws's
 * client (6.4) releases a subscription's hold on its lazy socket twice when the
 * subscription is disposed inside `next` and the server's `complete` for it is
 * in the same socket read (an error result, then the end): its `complete`
 * handler does not check that the subscription is already done. The count of
 * holders then reaches 0 while other subscriptions are open, the socket closes
 * normally and those end with `complete` and no result (CI's isolation test
 * saw exactly that). On the next turn the server's `complete` has been read.
 */
export function wsClient(wsUrl: string, token: string | undefined, options: { lazy?: boolean } = {}): Client {
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    lazy: options.lazy ?? true,
    retryAttempts: 0,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    ...client,
    subscribe: (payload, sink) => {
      const dispose = client.subscribe(payload, sink);
      return () => setImmediate(dispose);
    },
  };
}

/** Collects the first `n` results of a subscription (or until `timeoutMs`). */
export function collect<TResult, TVariables>(
  client: Client,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
  n: number,
  timeoutMs = 30_000,
): Promise<ExecutionResult<TResult>[]> {
  const results: ExecutionResult<TResult>[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      dispose();
      reject(new Error(`timed out after ${results.length}/${n} results: ${JSON.stringify(results)}`));
    }, timeoutMs);
    const dispose = client.subscribe<TResult>(
      { query: print(document), variables: variables as Record<string, unknown> },
      {
        next: (r) => {
          results.push(r as ExecutionResult<TResult>);
          if (results.length >= n) {
            clearTimeout(timer);
            dispose();
            resolve(results);
          }
        },
        error: (e) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(JSON.stringify(e)));
        },
        complete: () => {
          clearTimeout(timer);
          resolve(results);
        },
      },
    );
  });
}

/** The database id behind a global id (`base64("Type:uuid")`). */
export function localIdOf(globalId: string): string {
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

/**
 * How many rows a tenant has in the tables a mutation writes: equal before and after means nothing was
 * written. The audit log (its entries and their `audit.entry` events) is left out: it records every
 * mutation, a refused one too (test/security/audit-log.test.ts checks that).
 */
export async function tenantRowCounts(
  db: Kysely<Database>,
  tenantId: string,
): Promise<{ instances: number; operations: number; releases: number; events: number; secrets: number }> {
  const r = await sql<{ instances: number; operations: number; releases: number; events: number; secrets: number }>`
    select
      (select count(*) from instances where tenant_id = ${tenantId})::int as instances,
      (select count(*) from operations where tenant_id = ${tenantId})::int as operations,
      (select count(*) from releases where tenant_id = ${tenantId})::int as releases,
      (select count(*) from events where tenant_id = ${tenantId} and type not like 'audit.%')::int as events,
      (select count(*) from secrets where tenant_id = ${tenantId})::int as secrets`.execute(db);
  return r.rows[0]!;
}

/** Runs a GraphQL document (text) and returns data; throws on errors. */
export async function gql<T = any>(app: TestApp, token: string, text: string, variables?: object): Promise<T> {
  const res = await fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: text, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  parse(text);
  return body.data;
}
