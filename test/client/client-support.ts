/** Helpers of the client tests: a client over a test app, and the database's record of an instance's events. */
import { createServer } from 'node:net';
import { sql } from 'kysely';
import WebSocket, { WebSocketServer } from 'ws';
import { createWheelhouseClient, type WheelhouseClient, type WheelhouseClientOptions } from '../../src/client/index.js';
import type { TestApp } from '../support/app.js';
import { eventCursorSql } from '../support/database.js';
import { localOf } from '../support/seed.js';

/** A client of `t` with `token`, over graphql-ws (`ws`) unless told otherwise. */
export function clientFor(
  t: Pick<TestApp, 'url'>,
  token: string,
  options: Partial<WheelhouseClientOptions> = {},
): WheelhouseClient {
  return createWheelhouseClient({ url: t.url, token, webSocketImpl: WebSocket, ...options });
}

/** The cursors of an instance's events in the database, in the log's order. */
export async function eventIdsInDatabase(t: TestApp, instanceGlobalId: string): Promise<string[]> {
  const r = await sql<{ cursor: string }>`
    select ${eventCursorSql} as cursor from events where instance_id = ${localOf(instanceGlobalId)}
    order by events.xact, events.id`.execute(t.database.db);
  return r.rows.map((row) => row.cursor);
}

/** A port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Records every WebSocket the server side accepts (the app's own
 * WebSocketServer, the same `ws` module), so a test can close one from the
 * server. Call the returned function to stop recording.
 */
export function recordServerSockets(into: WebSocket[]): () => void {
  // handleUpgrade is looked up on every upgrade (the 'connection' emit is bound when the server is built).
  const original = WebSocketServer.prototype.handleUpgrade;
  WebSocketServer.prototype.handleUpgrade = function (this: WebSocketServer, req, socket, head, cb) {
    return original.call(this, req, socket, head, (ws, request) => {
      into.push(ws);
      cb(ws, request);
    });
  } as typeof original;
  return () => {
    WebSocketServer.prototype.handleUpgrade = original;
  };
}

/** Consumes an async iterable in the background, keeping every item; `stop()` breaks out of it. */
export function drain<T>(iterable: AsyncIterable<T>): { items: T[]; done: Promise<void>; error: () => unknown } {
  const items: T[] = [];
  let failure: unknown;
  const done = (async () => {
    try {
      for await (const item of iterable) items.push(item);
    } catch (err) {
      failure = err;
    }
  })();
  return { items, done, error: () => failure };
}

/** Waits until `check()` holds, polling; fails after `timeoutMs` with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
