/**
 * The soak's subscribers: resuming streams of the typed client on `events`
 * (the tenant feed) and `instanceEvents`, spread over both replicas, each
 * recording the cursor of every event it is given, in order of receipt.
 */
import WebSocket from 'ws';
import { createWheelhouseClient, type WheelhouseClient } from '../../src/client/index.js';

/** One subscriber and what it received. */
export interface Subscriber {
  index: number;
  replica: string;
  /** `events` (the tenant feed) or `instanceEvents` of `instanceId`. */
  field: 'events' | 'instanceEvents';
  instanceId?: string;
  /** Cursors in order of receipt. */
  cursors: string[];
  /** When the last event arrived (epoch ms, 0 before the first): a stalled stream's last sign of life. */
  lastAt: number;
  /** Reconnects the client's stream made by itself (a replica or the database away). */
  reconnects: number;
  /** Failures the stream gave up on (it was then opened again from its last cursor). */
  errors: string[];
  /** When each reconnect or re-open happened, and from which cursor (for reading a failure). */
  history: Array<{ at: string; what: string; cursor: string | undefined }>;
}

/** Subscriptions per graphql-ws connection (the server allows 50). */
const PER_CONNECTION = 10;

/**
 * Opens `count` subscribers, half on `events` and half on `instanceEvents`
 * (instances in turn), alternating replicas, all from cursor `after`.
 */
export function startSubscribers(
  replicas: Array<{ name: string; url: string }>,
  token: string,
  instanceIds: string[],
  count: number,
  after: string,
  signal: AbortSignal,
): { subscribers: Subscriber[]; clients: WheelhouseClient[]; done: Promise<void> } {
  const subscribers: Subscriber[] = [];
  const clients: WheelhouseClient[] = [];
  const runs: Promise<void>[] = [];
  let client: WheelhouseClient | undefined;
  for (let i = 0; i < count; i++) {
    const replica = replicas[Math.floor(i / PER_CONNECTION) % replicas.length]!;
    if (i % PER_CONNECTION === 0) {
      client = createWheelhouseClient({ url: replica.url, token, webSocketImpl: WebSocket });
      clients.push(client);
    }
    const field = i % 2 === 0 ? 'events' : 'instanceEvents';
    const sub: Subscriber = {
      index: i,
      replica: replica.name,
      field,
      ...(field === 'instanceEvents' ? { instanceId: instanceIds[Math.floor(i / 2) % instanceIds.length]! } : {}),
      cursors: [],
      lastAt: 0,
      reconnects: 0,
      errors: [],
      history: [],
    };
    subscribers.push(sub);
    runs.push(follow(client!, sub, after, signal));
  }
  return { subscribers, clients, done: Promise.all(runs).then(() => undefined) };
}

async function follow(client: WheelhouseClient, sub: Subscriber, after: string, signal: AbortSignal): Promise<void> {
  const options = {
    signal,
    retry: { initialDelayMs: 200, maxDelayMs: 2000 },
    onReconnect: (info: { cursor: string | undefined; error: Error }) => {
      sub.reconnects++;
      sub.history.push({ at: new Date().toISOString(), what: `reconnect: ${info.error.message}`, cursor: info.cursor });
    },
  };
  while (!signal.aborted) {
    const from = sub.cursors.at(-1) ?? after;
    try {
      const stream =
        sub.field === 'events'
          ? client.events({ ...options, after: from })
          : client.instanceEvents(sub.instanceId!, { ...options, after: from });
      for await (const e of stream) {
        sub.cursors.push(e.cursor);
        sub.lastAt = Date.now();
      }
      if (signal.aborted) return;
      sub.errors.push('the stream ended by itself');
    } catch (err) {
      if (signal.aborted) return;
      sub.errors.push((err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 200));
    }
    sub.history.push({
      at: new Date().toISOString(),
      what: `re-open: ${sub.errors.at(-1)}`,
      cursor: sub.cursors.at(-1),
    });
    // Opened again from the last cursor, so continuity is still checked end to end.
    await new Promise((r) => setTimeout(r, 1000));
  }
}
