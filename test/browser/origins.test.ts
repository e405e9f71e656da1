/**
 * A real browser on a page of another origin: Chromium's fetch to the API and
 * its WebSocket to graphql-ws both fail when that origin is not allowed, and
 * both work from a page whose origin WHEELHOUSE_CORS_ORIGINS lists (the
 * control: the same script, the same server).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);

/** A server on a port of its own (so an origin of its own) that serves one empty page. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the page's own script saw: the fetch's outcome and the socket's. */
interface Outcome {
  fetch: string;
  socket: string;
}

describe.skipIf(skip)('origins in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let token: string;
  let foreign: { server: Server; origin: string };
  let listed: { server: Server; origin: string };

  beforeAll(async () => {
    [foreign, listed] = await Promise.all([pageServer(), pageServer()]);
    t = await startTestApp({ config: { corsOrigins: [listed.origin] } });
    token = (await t.newTenant()).token;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    foreign?.server.close();
    listed?.server.close();
  });

  async function callFrom(origin: string): Promise<Outcome> {
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      return await page.evaluate(
        async ({ url, wsUrl, token }) => {
          const fetched = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ query: '{ viewer { scopes } }' }),
          }).then(
            async (r) => `status ${r.status}: ${JSON.stringify(((await r.json()) as { data?: unknown }).data)}`,
            (e: Error) => `failed: ${e.name}`,
          );
          const socket = await new Promise<string>((resolve) => {
            const ws = new WebSocket(wsUrl, 'graphql-transport-ws');
            ws.onopen = () =>
              ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
            ws.onmessage = (m) => {
              resolve(`message ${JSON.parse(String(m.data)).type}`);
              ws.close();
            };
            ws.onclose = (e) => resolve(`closed ${e.code}`);
          });
          return { fetch: fetched, socket };
        },
        { url: t.url, wsUrl: t.wsUrl, token },
      );
    } finally {
      await page.close();
    }
  }

  it('from an origin not allowed, the fetch fails and the WebSocket never opens', async () => {
    const outcome = await callFrom(foreign.origin);
    expect(outcome.fetch).toBe('failed: TypeError');
    expect(outcome.socket).toBe('closed 1006');
  });

  it('control: from an origin WHEELHOUSE_CORS_ORIGINS lists, both work', async () => {
    const outcome = await callFrom(listed.origin);
    expect(outcome.fetch).toMatch(/^status 200: \{"viewer":\{"scopes":\[/);
    expect(outcome.socket).toBe('message connection_ack');
  });
});
