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
import type { Provider } from '../../src/providers/provider.js';
import { Registry } from '../../src/providers/registry.js';
import { WAKE_HEADER } from '../../src/providers/traffic.js';
import { Waker } from '../../src/worker/waker.js';
import { openTestDatabase } from '../support/database.js';
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
  let ready = false;
  let wakes = 0;
  /** The stand-in's "replica ready" timer: cleared between tests, so one test's wake never readies the next's. */
  let readyTimer: NodeJS.Timeout | undefined;
  const sleepAgain = () => {
    clearTimeout(readyTimer);
    readyTimer = undefined;
    ready = false;
    wakes = 0;
  };
  const seen: string[] = [];

  const waker = (holdMs: number, maxHeld: number) => {
    const registry = new Registry();
    const edge = {
      wakeVia: () => {},
      backendOf: parseBackendName,
      readyReplicas: async () => (ready ? [replicaAddress] : []),
    };
    registry.register('docker', edge as unknown as Provider);
    return new Waker({
      db: database.db,
      registry,
      autoscaler: {
        wake: async () => {
          wakes++;
          // The replica is ready in the edge a moment after the first wake.
          readyTimer ??= setTimeout(() => {
            ready = true;
          }, 300);
          return { outcome: 'queued' as const, reason: 'test' };
        },
      },
      logger: createLogger('silent'),
      holdMs,
      maxHeld,
      pollMs: 20,
    });
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
    // No wake makes a replica ready within 200 ms here: the stand-in makes it ready 300 ms after.
    const { port } = await w.listen();
    try {
      const r = await send(port, backend);
      expect(r).toEqual({
        status: 503,
        retryAfter: '5',
        body: 'the service is waking up: no replica was ready within 200 ms; retry shortly\n',
      });
    } finally {
      await w.close();
    }
  });

  it('holds concurrent requests behind one wake and hands each to the replica, body and Host kept', async () => {
    sleepAgain();
    seen.length = 0;
    const w = waker(5000, 10);
    const { port } = await w.listen();
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(port, backend, `b${i}`)));
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
    const w = waker(2000, 2);
    const { port } = await w.listen();
    try {
      const held = [send(port, backend, 'one'), send(port, backend, 'two')];
      while (w.held < 2) await new Promise((r) => setTimeout(r, 5));
      const t0 = Date.now();
      const over = await send(port, backend, 'three');
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(over).toEqual({
        status: 503,
        retryAfter: '5',
        body: 'too many requests are waiting for services to wake (2); retry shortly\n',
      });
      expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200]);
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
