import WebSocket from 'ws';
import { createWheelhouseClient, type WheelhouseClient } from '../client/client.js';
import { type InstanceFieldsFragment, InstanceLatestEventDocument } from '../client/generated/graphql.js';
import { type Connection, resolveConnection } from './config-store.js';
import { CliError, ExitCode } from './exit-codes.js';
import { createOutput, type Output } from './output.js';

/** What every command that talks to the server gets. */
export interface Session {
  client: WheelhouseClient;
  out: Output;
  connection: Connection;
}

/** Options every command has. */
export interface GlobalOptions {
  json?: boolean;
}

/** A client for a connection; subscriptions over graphql-ws (Node 20 has no global WebSocket). */
export function clientFor(connection: Connection): WheelhouseClient {
  return createWheelhouseClient({ url: connection.url, token: connection.token, webSocketImpl: WebSocket });
}

/** Opens a session for one command and closes its sockets afterwards. */
export async function withSession<T>(options: GlobalOptions, fn: (session: Session) => Promise<T>): Promise<T> {
  const connection = await resolveConnection();
  const client = clientFor(connection);
  try {
    return await fn({ client, out: createOutput(options.json ?? false), connection });
  } finally {
    await client.dispose();
  }
}

/** An instance as `status` and `apply` read it. */
export type InstanceDetail = InstanceFieldsFragment;

/** The live instance with this name; exit 1 when there is none. */
export async function requireInstance(client: WheelhouseClient, name: string): Promise<InstanceDetail> {
  const instance = await client.instanceByName(name);
  if (!instance) throw new CliError(`no instance named "${name}"`, ExitCode.FAILED);
  return instance;
}

/** The instance and the newest event it had, to follow an operation's progress from there. */
export async function followTarget(
  client: WheelhouseClient,
  instance: { id: string; name: string },
): Promise<{ id: string; name: string; afterCursor: string }> {
  const data = await client.request(InstanceLatestEventDocument, { id: instance.id });
  return { id: instance.id, name: instance.name, afterCursor: data.instance?.events.edges[0]?.cursor ?? '0' };
}
