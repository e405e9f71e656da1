/**
 * The scale row's live subscribers, in a process of their own so that
 * reading a thousand sockets does not compete with the event writer for one
 * event loop: each is a graphql-ws connection (the protocol spoken by hand,
 * as in bench/subscriptions.ts) with one `events` subscription of its
 * tenant, and every event it receives is noted with the time of receipt.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { closeSockets } from '../sockets.js';

/** One subscriber to open: where, as whom. */
export interface SubscriberSpec {
  url: string;
  token: string;
}

export type ToSubscribers =
  | { cmd: 'connect'; specs: SubscriberSpec[]; query: string }
  | { cmd: 'collect' }
  | { cmd: 'close' };
export type FromSubscribers =
  | { ev: 'connected'; failures: string[] }
  | { ev: 'collected'; receipts: Record<number, number[]>; errors: number }
  | { ev: 'closed' };

const now = () => performance.timeOrigin + performance.now();
let sockets: WebSocket[] = [];
let receipts: Record<number, number[]> = {};
let errors = 0;
const send = (m: FromSubscribers) => process.send?.(m);

function onData(raw: WebSocket.RawData): void {
  const at = now();
  const msg = JSON.parse(raw.toString()) as { type: string; payload?: { data?: { events?: { message?: string } } } };
  if (msg.type !== 'next') {
    if (msg.type === 'error') errors += 1;
    return;
  }
  const seq = Number(/^s-(\d+)$/.exec(msg.payload?.data?.events?.message ?? '')?.[1] ?? Number.NaN);
  if (!Number.isInteger(seq)) {
    errors += 1;
    return;
  }
  const list = receipts[seq] ?? [];
  list.push(at);
  receipts[seq] = list;
}

function open(spec: SubscriberSpec, query: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(spec.url.replace(/^http/, 'ws'), 'graphql-transport-ws', { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('connect timeout')), 30_000);
    ws.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${spec.token}` } }));
      ws.once('message', (raw) => {
        clearTimeout(timer);
        const m = JSON.parse(raw.toString()) as { type: string };
        if (m.type !== 'connection_ack') return reject(new Error(`no ack: ${raw.toString().slice(0, 200)}`));
        ws.on('message', onData);
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
        resolve(ws);
      });
    });
  });
}

process.on('message', async (m: ToSubscribers) => {
  if (m.cmd === 'connect') {
    receipts = {};
    errors = 0;
    const failures: string[] = [];
    // In waves, so neither accept backlog overflows.
    for (let i = 0; i < m.specs.length; i += 100) {
      await Promise.all(
        m.specs.slice(i, i + 100).map((spec) =>
          open(spec, m.query).then(
            (ws) => sockets.push(ws),
            (err: Error) => failures.push(err.message),
          ),
        ),
      );
    }
    send({ ev: 'connected', failures });
  } else if (m.cmd === 'collect') {
    send({ ev: 'collected', receipts, errors });
  } else if (m.cmd === 'close') {
    await closeSockets(sockets);
    sockets = [];
    send({ ev: 'closed' });
  }
});
