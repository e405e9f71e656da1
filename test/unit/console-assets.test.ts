import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCsp, serveConsole } from '../../src/server/console-assets.js';

/** A raw GET/HEAD (fetch would normalise `..` and refuse a malformed escape before sending). */
function get(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('console assets', () => {
  let root: string;
  let build: string;
  let server: Server;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wh-console-assets-'));
    build = join(root, 'dist');
    await mkdir(join(build, 'assets'), { recursive: true });
    await writeFile(join(build, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(build, 'assets', 'app-123.js'), 'console.log(1)');
    await writeFile(join(root, 'secret.txt'), 'outside the build');
    dir = build;
    server = createServer((req, res) => void serveConsole(req, res, dir));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await rm(root, { recursive: true, force: true });
  });

  it('serves a hashed asset as immutable with its type, and HEAD without a body', async () => {
    const r = await get(port, '/assets/app-123.js');
    expect(r).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await get(port, '/assets/app-123.js', 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
  });

  it('answers a client route with index.html (revalidated) and a missing asset with 404', async () => {
    const route = await get(port, '/instances/SW5zdGFuY2U6MQ==?x=1');
    expect(route.status).toBe(200);
    expect(route.body).toContain('id="root"');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect((await get(port, '/assets/gone-1.js')).status).toBe(404);
    expect((await get(port, '/robots.txt')).status).toBe(404);
  });

  it('never serves a file outside the build, and a malformed path is 400, not a crash', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt']) {
      const r = await get(port, path);
      expect(r.body, path).not.toContain('outside the build');
    }
    expect((await get(port, '/%E0%A4%A')).status).toBe(400);
    // The server still answers after it.
    expect((await get(port, '/')).status).toBe(200);
  });

  it('says the console is not built (503) when there is no build', async () => {
    dir = join(root, 'missing');
    try {
      const r = await get(port, '/');
      expect(r.status).toBe(503);
      expect(r.body).toContain('not built');
    } finally {
      dir = build;
    }
  });

  it('sends a CSP without inline script, connecting only to its own host', async () => {
    const r = await get(port, '/');
    expect(r.headers['content-security-policy']).toBe(consoleCsp(`127.0.0.1:${port}`));
    expect(consoleCsp('example.test:4000')).toContain(
      "connect-src 'self' ws://example.test:4000 wss://example.test:4000",
    );
    // A Host header that is not a plain host[:port] never reaches the policy.
    expect(consoleCsp("evil.test; script-src 'unsafe-inline'")).toContain("connect-src 'self';");
    expect(consoleCsp(undefined)).not.toContain('unsafe');
  });
});
