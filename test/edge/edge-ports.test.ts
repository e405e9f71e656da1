/**
 * The edge refuses to share its port. HAProxy binds with SO_REUSEPORT unless
 * told not to, so a second HAProxy on the edge's port used to "succeed" and
 * the kernel spread connections between the two. Here a real second HAProxy
 * (plain, SO_REUSEPORT on) holds the edge's HTTP port first: Wheelhouse does
 * not start its edge there, says once which setting to change, and
 * `Provider.edge` is unhealthy with that message, while every request to the
 * port is the other HAProxy's. Once the port is free, the edge starts on it,
 * the start log prints both addresses and the route answers; a second
 * HAProxy started then cannot bind the port; a restart adopts its own
 * HAProxy on it without refusing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { query, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { dockerOrSkip } from '../support/docker-app.js';
import {
  deprovision,
  EdgeInstanceRoutes,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  provisionRouted,
  removeEdge,
  startEdgeApp,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';
import { capturingLogger, RawClient } from '../support/seed.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A log line as pino wrote it. */
interface LogLine {
  level: number;
  msg: string;
  err?: string;
  httpAddress?: string;
  httpsAddress?: string;
}

const parsed = (lines: readonly string[]): LogLine[] => lines.map((l) => JSON.parse(l) as LogLine);

/** Polls `probe` until it returns a value (`ms` at most). */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A plain HAProxy (its defaults: SO_REUSEPORT on) answering 200 `occupant` on 127.0.0.1:`port`, in the foreground. */
class Occupant {
  readonly child: ChildProcess;
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(dir: string, port: number) {
    const config = join(dir, 'occupant.cfg');
    writeFileSync(
      config,
      [
        'defaults',
        '  mode http',
        '  timeout connect 1s',
        '  timeout client 5s',
        '  timeout server 5s',
        'frontend occupant',
        `  bind 127.0.0.1:${port}`,
        '  http-request return status 200 content-type text/plain string "occupant"',
        '',
      ].join('\n'),
    );
    this.child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child.stderr?.on('data', (d: Buffer) => {
      this.stderr += d.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

/** `n` GETs on `url`, each on a connection of its own (so the kernel picks a listener for each); their bodies. */
async function bodies(url: string, n = 20): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await get(url).catch((err: Error) => ({ status: 0, body: `error: ${err.message}` }));
    out.push(`${r.status} ${r.body.trim()}`);
  }
  return out;
}

const ProviderEdge = 'query { providers { key edge { healthy message httpAddress httpsAddress } } }';

interface EdgeAnswer {
  healthy: boolean;
  message: string | null;
  httpAddress: string | null;
  httpsAddress: string | null;
}

describe.runIf(run)('the edge refuses to share its port', () => {
  const dataDir = edgeDataDir();
  const occupantDir = mkdtempSync(join(tmpdir(), 'wh-occupant-'));
  const occupants: Occupant[] = [];
  let httpPort: number;
  let httpsPort: number;
  let provider: DockerProvider;
  let app: TestApp | undefined;
  let tenant: TestTenant;
  let instanceId: string | undefined;
  let routeUrl: string;
  let logLines: string[];
  /** Shared by the app and the one that restarts it (the tenant, the instance and its route live on). */
  let database: DatabaseHandle | undefined;

  const edgeNow = async (): Promise<EdgeAnswer> => {
    const data = await new RawClient(app!.url).data<{ providers: { key: string; edge: EdgeAnswer | null }[] }>(
      tenant.token,
      ProviderEdge,
    );
    const edge = data.providers.find((p) => p.key === 'docker')?.edge;
    expect(edge, JSON.stringify(data)).toBeTruthy();
    return edge!;
  };

  const startOccupant = (): Occupant => {
    const o = new Occupant(occupantDir, httpPort);
    occupants.push(o);
    return o;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    httpPort = await freePort();
    httpsPort = await freePort();
    const occupant = startOccupant();
    await until('the second HAProxy to answer on the port', async () => {
      if (!occupant.running) throw new Error(`the second HAProxy did not start: ${occupant.stderr}`);
      const r = await get(`http://anything.test:${httpPort}/`).catch(() => undefined);
      return r?.body === 'occupant' ? true : undefined;
    });
  }, 60_000);

  afterAll(async () => {
    if (!run) return;
    if (app) await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    await database?.close();
    if (provider) await removeEdge(provider, dataDir);
    for (const o of occupants) await o.stop();
    rmSync(occupantDir, { recursive: true, force: true });
    expect(occupants.filter((o) => o.running)).toEqual([]);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 90_000);

  it('with a second HAProxy on its HTTP port, the edge does not start: one log line names WHEELHOUSE_EDGE_HTTP_PORT, Provider.edge is unhealthy with it, and the port never answers with Wheelhouse routes', async () => {
    const captured = capturingLogger();
    logLines = captured.lines;
    provider = edgeProvider(dataDir, HAPROXY, 5000, { http: httpPort, https: httpsPort });
    app = await startEdgeApp(dataDir, provider, {}, { logger: captured.logger, database });
    tenant = await app.newTenant();

    const refused = await until('the log line naming the setting', () =>
      parsed(logLines).find((l) => l.level >= 50 && l.msg.includes('WHEELHOUSE_EDGE_HTTP_PORT')),
    );
    expect(refused.msg).toContain(`127.0.0.1:${httpPort}`);
    // The bind error: our check's (EADDRINUSE), or HAProxy's own when the port was taken after the check.
    expect(refused.msg).toMatch(/EADDRINUSE|Address already in use/);

    const edge = await edgeNow();
    expect(edge.healthy).toBe(false);
    expect(edge.message).toBe(refused.err);
    expect(edge.message).toContain('WHEELHOUSE_EDGE_HTTP_PORT');

    instanceId = await provisionRouted(app, tenant.token, { name: 'ports' });
    const route = await until('the route to be marked FAILED', async () => {
      const q = await query(app!.url, tenant.token, EdgeInstanceRoutes, { id: instanceId! });
      const r = q.instance?.routes[0];
      return r?.status === 'FAILED' ? r : undefined;
    });
    expect(route.message).toContain('WHEELHOUSE_EDGE_HTTP_PORT');
    routeUrl = route.url;
    expect(new URL(routeUrl).port).toBe(String(httpPort));

    // Every connection lands on the second HAProxy: none on a listener of ours (a route or its 404).
    expect(await bodies(routeUrl)).toEqual(Array(20).fill('200 occupant'));
    // The driver keeps trying every 200 ms; the same cause is logged once.
    await sleep(1500);
    const logged = parsed(logLines).filter((l) => l.msg.includes('WHEELHOUSE_EDGE_HTTP_PORT'));
    expect(logged).toHaveLength(1);
    expect(parsed(logLines).filter((l) => l.msg.startsWith('driving the edge'))).toEqual([]);
    // No HAProxy of ours was started (its pidfile is written once it runs).
    expect(existsSync(join(dataDir, 'edge', 'haproxy.pid'))).toBe(false);
  }, 180_000);

  it('once the port is free, the edge starts on it, the log prints its HTTP and HTTPS addresses, and the route answers', async () => {
    const mark = logLines.length;
    await occupants[0]!.stop();
    const driving = await until('the edge to be driven', () =>
      parsed(logLines.slice(mark)).find((l) => l.msg.startsWith('driving the edge')),
    );
    expect(driving.httpAddress).toBe(`http://127.0.0.1:${httpPort}`);
    expect(driving.httpsAddress).toBe(`https://127.0.0.1:${httpsPort}`);
    expect(driving.msg).toContain(`http://127.0.0.1:${httpPort}`);
    expect(driving.msg).toContain(`https://127.0.0.1:${httpsPort}`);

    await until('the route to answer through the edge', async () => {
      const r = await get(routeUrl).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    });
    expect(await bodies(routeUrl)).toEqual(Array(20).fill('200 web v1'));
    const edge = await edgeNow();
    expect(edge).toMatchObject({ healthy: true, message: null, httpAddress: `http://127.0.0.1:${httpPort}` });
  }, 60_000);

  it('a second HAProxy started on the port while the edge serves it cannot bind, and the edge keeps every request', async () => {
    const late = startOccupant();
    const code = await Promise.race([late.exited, sleep(10_000).then(() => 'still running' as const)]);
    expect(code, late.stderr).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(late.stderr).toContain('cannot bind socket');
    expect(await bodies(routeUrl)).toEqual(Array(20).fill('200 web v1'));
  }, 60_000);

  it('a restart adopts its own HAProxy on the port without refusing it', async () => {
    await app!.stop();
    app = undefined;
    const captured = capturingLogger();
    logLines = captured.lines;
    provider = edgeProvider(dataDir, HAPROXY, 5000, { http: httpPort, https: httpsPort });
    app = await startEdgeApp(dataDir, provider, {}, { logger: captured.logger, database });
    const driving = await until('the edge to be driven', () =>
      parsed(logLines).find((l) => l.msg.startsWith('driving the edge')),
    );
    expect(driving.httpAddress).toBe(`http://127.0.0.1:${httpPort}`);
    expect(parsed(logLines).filter((l) => l.level >= 50)).toEqual([]);
    expect((await edgeNow()).healthy).toBe(true);
    expect(await bodies(routeUrl)).toEqual(Array(20).fill('200 web v1'));
  }, 60_000);
});
