import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  DeployInstanceDocument,
  OperationDocument,
  ProvisionInstanceDocument,
  WatchEventsDocument,
} from '../../src/client/index.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, TEST_BOOTSTRAP_TOKEN, type TestApp } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { skipUnless } from '../support/env.js';
import { FakeProvider } from '../support/fake-provider.js';
import { type PostgresServer, postgresBinDir, startPostgresServer } from '../support/postgres-server.js';
import { nodeArgsFor } from '../support/server-command.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long, so that a hand-over faster than it cannot be a lease expiring. */
const LEASE_MS = 60_000;

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A graphql-ws client that records how its socket closed. */
function watchedSocket(wsUrl: string, token: string) {
  const closes: number[] = [];
  let connected = false;
  /** Whether the server completed the stream (a client would take that for its end, not resume). */
  let completed = false;
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    lazy: false,
    // The close is what the test waits for (recorded below), not an error to print.
    onNonLazyError: () => {},
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
    on: {
      connected: () => {
        connected = true;
      },
      closed: (e) => void closes.push((e as { code: number }).code),
    },
  });
  const unsubscribe = client.subscribe(
    { query: print(WatchEventsDocument), variables: {} },
    {
      next: () => {},
      error: () => {},
      complete: () => {
        completed = true;
      },
    },
  );
  return { client, closes, connected: () => connected, completed: () => completed, unsubscribe };
}

describe('stopping a replica while operations run (what SIGTERM does)', () => {
  let database: DatabaseHandle;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  const fake = new FakeProvider({ latencyMs: { deploy: 2_000 } });
  const key = `stop-${randomUUID().slice(0, 8)}`;
  const registry = () => {
    const r = new Registry();
    r.register(key, fake);
    return r;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
  });

  it('finishes the request in flight, closes sockets with 1001, and hands the running operation to the other replica at once', async () => {
    a = await startTestApp({ registry: registry(), database, executor: { leaseMs: LEASE_MS, pollMs: 200 } });
    const tenant = await a.newTenant();
    const p = await query(a.url, tenant.token, ProvisionInstanceDocument, {
      input: {
        name: `stop-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'a/b:1' }],
        wait: true,
      },
    });
    if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    const instanceId = p.provisionInstance.instance.id;
    const socket = watchedSocket(a.wsUrl, tenant.token);
    await until('the socket to connect', async () => socket.connected(), 10_000);

    // A deploy that waits for its operation: the request is in flight while A stops.
    const inFlight = query(a.url, tenant.token, DeployInstanceDocument, {
      input: { instanceId, services: [{ name: 'web', image: 'a/b:2' }], wait: true },
    });
    await until(
      'A to start the deploy',
      async () => fake.callsFor(localIdOf(instanceId), 'deploy').length === 1,
      20_000,
    );
    // The other replica comes up only now, so A is the one that claimed the deploy.
    b = await startTestApp({ registry: registry(), database, executor: { leaseMs: LEASE_MS, pollMs: 200 } });

    const stopping = performance.now();
    await a.stop();
    a = undefined;

    const answered = await inFlight;
    if (answered.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(answered));
    expect(answered.deployInstance.operation.status).toBe('SUCCEEDED');
    // B finished it long before A's lease could have lapsed: it was handed back, not left to expire.
    expect(performance.now() - stopping).toBeLessThan(LEASE_MS / 2);
    const op = await query(b.url, tenant.token, OperationDocument, { id: answered.deployInstance.operation.id });
    expect(op.operation?.status).toBe('SUCCEEDED');
    // Two runs of the deploy: A's, cut short, and B's.
    expect(fake.callsFor(localIdOf(instanceId), 'deploy').map((c) => c.outcome)).toEqual(['error', 'ok']);

    await until('the socket to be closed', async () => socket.closes.length > 0, 10_000);
    expect(socket.closes).toEqual([1001]);
    expect(socket.completed()).toBe(false);
    socket.unsubscribe();
    await socket.client.dispose();
  }, 120_000);
});

const bin = postgresBinDir();
const noServer = skipUnless('a Postgres server of its own (initdb, pg_ctl)', !!bin, 'set WHEELHOUSE_TEST_PG_BIN');

describe.skipIf(noServer)('SIGTERM to a real server process', () => {
  let pg: PostgresServer;
  let dir = '';
  let child: ChildProcess | undefined;
  const GRACE_SECONDS = 10;

  beforeAll(async () => {
    pg = await startPostgresServer(bin!);
    dir = await mkdtemp(join(tmpdir(), 'wheelhouse-sigterm-'));
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await pg?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('closes its sockets with 1001 and exits 0 within the grace period', async () => {
    const providers = join(dir, 'providers.json');
    await writeFile(providers, '[]');
    // One process, as the README says to run it under a supervisor (the tsx CLI is a second process
    // that relays the signal and, on a busy machine, may SIGKILL the server before it reports it).
    child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: pg.url,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WHEELHOUSE_DATA_DIR: dir,
        WHEELHOUSE_BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
        WHEELHOUSE_PROVIDERS: providers,
        WHEELHOUSE_SUPERVISOR: 'false',
        WHEELHOUSE_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = child;
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    proc.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const url = await until(
      'the server to announce its URL',
      async () => {
        for (const line of out.split('\n')) {
          if (!line.includes('wheelhouse is serving')) continue;
          return (JSON.parse(line) as { url: string }).url;
        }
        return undefined;
      },
      90_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; output:\n${out}`);
    });

    const socket = watchedSocket(url.replace(/^http/, 'ws'), TEST_BOOTSTRAP_TOKEN);
    await until('the socket to connect', async () => socket.connected(), 10_000);
    const signalled = performance.now();
    proc.kill('SIGTERM');
    const code = await exited;
    expect(code, out).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(GRACE_SECONDS * 1000);
    await until('the socket to be closed', async () => socket.closes.length > 0, 10_000);
    expect(socket.closes).toEqual([1001]);
    expect(socket.completed()).toBe(false);
    socket.unsubscribe();
    await socket.client.dispose();
  }, 180_000);
});
