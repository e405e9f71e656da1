/**
 * Closing a bench's many client sockets: each asked to close, those that do
 * not within ten seconds cut.
 */
import { once } from 'node:events';
import type WebSocket from 'ws';

export async function closeSockets(sockets: readonly WebSocket[]): Promise<void> {
  const closing = sockets.map((ws) => (ws.readyState === ws.CLOSED ? undefined : once(ws, 'close')));
  for (const ws of sockets) ws.close();
  await Promise.race([Promise.all(closing), new Promise((r) => setTimeout(r, 10_000))]);
  for (const ws of sockets) ws.terminate();
}
