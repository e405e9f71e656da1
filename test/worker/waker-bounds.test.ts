/**
 * The waker's bounds, over real HTTP and a real database row: a request held
 * past the hold time, or beyond the number held at once, is a 503 with
 * Retry-After; held requests share one wake and are all answered by the
 * replica once the edge has it ready. The edge (its readiness) and the
 * autoscaler (its wake) are stand-ins here, so the waker's own logic is what
 * is measured; test/edge/scale-to-zero.test.ts runs it with Docker and HAProxy.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import { ensureTenant } from '../../src/db/repositories/tenant-repository.js';
import { createLogger } from '../../src/logger.js';
import { backendName, parseBackendName } from '../../src/providers/docker/docker-edge-config.js';
import { Registry } from '../../src/providers/registry.js';
import { WAKE_HEADER, type WakingEdge } from '../../src/providers/traffic.js';
import { Waker } from '../../src/worker/waker.js';
import { openTestDatabase } from '../support/database.js';
import { FakeProvider } from '../support/fake-provider.js';
import { instanceRow } from '../support/instance-row.js';
import { serviceSpec } from '../support/service-spec.js';

/** A request to the waker as HAProxy sends it: the backend named in the header. */
function send(
  port: number,
  backend: string,
  body = '',
): Promise<{ status: number; body: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/hello?x=1',
        headers: { [WAKE_HEADER]: backend, host: 'a.localhost' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            ...(res.headers['retry-after'] ? { retryAfter: String(res.headers['retry-after']) } : {}),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the waker holds requests within its bounds', () => {
  let database: DatabaseHandle;
  let replica: Server;
  let replicaAddress: string;
  let backend: string;
  /** Whether the stand-in edge has the replica ready: each test says when, so no timer races the hold. */
  let ready = false;
  let wakes = 0;
  const sleepAgain = () => {
    ready = false;
    wakes = 0;
  };
  const seen: string[] = [];

  const waker = (holdMs: number, maxHeld: number) => {
    const registry = new Registry();
    // The edge is a stand-in through our own engine interface: only its readiness matters to the waker.
    const wakingEdge: WakingEdge = {
      wakeVia: async () => {},
      backendOf: async (_ctx, name) => parseBackendName(name),
      readyReplicas: async () => (ready ? [replicaAddress] : []),
    };
    registry.register('docker', new FakeProvider({ name: 'docker', engines: { wakingEdge } }));
    return new Waker({
      db: database.db,
      registry,
      autoscaler: {
        wake: async () => {
          wakes++;
          return { outcome: 'queued' as const, reason: 'test' };
        },
      },
      logger: createLogger('silent'),
      holdMs,
      maxHeld,
      pollMs: 20,
    });
  };

  /** Resolves once the waker holds `n` requests (polled: the waker says nothing when it takes one). */
  const heldReaches = async (w: Waker, n: number) => {
    while (w.held < n) await new Promise((r) => setTimeout(r, 5));
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const tenantId = randomUUID();
    await ensureTenant(database.db, { id: tenantId, name: `t-${tenantId.slice(0, 8)}` });
    const id = randomUUID();
    const web = serviceSpec({ name: 'web', image: 'team/web:1' });
    await instances.insertInstance(
      database.db,
      instanceRow({ id, tenant_id: tenantId, name: 'sleepy', provider_key: 'docker', services: json([web]) }),
    );
    backend = backendName(id, 'web', 8080);
    replica = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} host=${req.headers.host} wake=${req.headers[WAKE_HEADER] ?? '-'} ${body}`);
        res.end(`hello ${body}`);
      });
    });
    await new Promise<void>((r) => replica.listen(0, '127.0.0.1', r));
    replicaAddress = `127.0.0.1:${(replica.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => replica?.close(r));
    await database?.close();
  });

  it('answers 503 with Retry-After past the hold time, and names why', async () => {
    sleepAgain();
    const w = waker(200, 10);
    // The replica never becomes ready here, however loaded the machine: the hold is what ends the request.
    const { port } = await w.listen();
    try {
      const r = await send(port, backend);
      expect(r).toEqual({
        status: 503,
        retryAfter: '5',
        body: 'the service is waking up: no replica was ready within 200 ms; retry shortly\n',
      });
      expect(wakes).toBe(1);
      expect(w.held).toBe(0);
    } finally {
      await w.close();
    }
  });

  it('holds concurrent requests behind one wake and hands each to the replica, body and Host kept', async () => {
    sleepAgain();
    seen.length = 0;
    const w = waker(30_000, 10);
    const { port } = await w.listen();
    try {
      const pending = Array.from({ length: 6 }, (_, i) => send(port, backend, `b${i}`));
      // All six are held before the replica is ready: none was answered by a replica that came first.
      await heldReaches(w, 6);
      ready = true;
      const answers = await Promise.all(pending);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.body).sort()).toEqual([
        'hello b0',
        'hello b1',
        'hello b2',
        'hello b3',
        'hello b4',
        'hello b5',
      ]);
      expect(wakes).toBe(1);
      // The replica sees the request as the client sent it, without the edge's header.
      expect(seen).toContain('POST /hello?x=1 host=a.localhost wake=- b3');
      expect(w.held).toBe(0);
    } finally {
      await w.close();
    }
  });

  it('answers 503 at once beyond the requests it may hold', async () => {
    sleepAgain();
    const w = waker(30_000, 2);
    const { port } = await w.listen();
    try {
      const held = [send(port, backend, 'one'), send(port, backend, 'two')];
      await heldReaches(w, 2);
      const over = await send(port, backend, 'three');
      expect(over).toEqual({
        status: 503,
        retryAfter: '5',
        body: 'too many requests are waiting for services to wake (2); retry shortly\n',
      });
      // At once: answered while the two held requests still wait (no replica yet, their 30 s hold far from over).
      expect(w.held).toBe(2);
      ready = true;
      expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
    } finally {
      await w.close();
    }
  });

  it('gives a request that joins a wake late its whole hold, not what is left of the first one', async () => {
    sleepAgain();
    const w = waker(4000, 10);
    const { port } = await w.listen();
    try {
      const first = send(port, backend, 'early');
      await heldReaches(w, 1);
      await new Promise((r) => setTimeout(r, 2000));
      const late = send(port, backend, 'late');
      await heldReaches(w, 2);
      // The first request's hold ends; the late one, held behind the same wake, still has about half of its own.
      expect(await first).toEqual({
        status: 503,
        retryAfter: '5',
        body: 'the service is waking up: no replica was ready within 4 s; retry shortly\n',
      });
      // Ready a while after the first request's hold: a wake bounded by that hold would have given up by now.
      await new Promise((r) => setTimeout(r, 700));
      ready = true;
      expect(await late).toMatchObject({ status: 200, body: 'hello late' });
      expect(wakes).toBe(1);
    } finally {
      await w.close();
    }
  });

  it('refuses a header that names no backend of ours', async () => {
    const w = waker(1000, 2);
    const { port } = await w.listen();
    try {
      expect((await send(port, 'wh_no_route')).status).toBe(503);
    } finally {
      await w.close();
    }
  });
});
