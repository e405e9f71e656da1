import { type Api, connectApi } from './api.js';
import type { CurrentInstance } from './apply-plan.js';
import { type Connection, resolveConnection } from './config-store.js';
import { InstanceByNameQuery } from './documents.js';
import { CliError, ExitCode } from './exit-codes.js';
import type { CliOperation } from './follow-operation.js';
import { createOutput, type Output } from './output.js';

/** What every command that talks to the server gets. */
export interface Session {
  api: Api;
  out: Output;
  connection: Connection;
}

/** Options every command has. */
export interface GlobalOptions {
  json?: boolean;
}

/** Opens a session for one command and closes its sockets afterwards. */
export async function withSession<T>(options: GlobalOptions, fn: (session: Session) => Promise<T>): Promise<T> {
  const connection = await resolveConnection();
  const api = connectApi(connection);
  try {
    return await fn({ api, out: createOutput(options.json ?? false), connection });
  } finally {
    await api.close();
  }
}

/** An instance as `status` and `apply` read it. */
export interface InstanceDetail extends CurrentInstance {
  state: string;
  desiredState: string;
  ready: boolean;
  restarts: number;
  message?: string | null;
  generation: number;
  observedGeneration: number;
  endpoints: Array<{ serviceName?: string | null; url: string }>;
  currentRelease?: { id: string; version: number } | null;
  lastOperation?: CliOperation | null;
  services: Array<
    CurrentInstance['services'][number] & {
      status: { state: string; ready: boolean; restarts: number; message?: string | null };
    }
  >;
  events: { edges: Array<{ cursor: string }> };
}

/** The live instance with this name, or undefined. */
export async function findInstance(api: Api, name: string): Promise<InstanceDetail | undefined> {
  const data = await api.request<{ instances: { edges: Array<{ node: InstanceDetail }> } }>(InstanceByNameQuery, {
    name,
  });
  return data.instances.edges[0]?.node;
}

/** The live instance with this name; exit 1 when there is none. */
export async function requireInstance(api: Api, name: string): Promise<InstanceDetail> {
  const instance = await findInstance(api, name);
  if (!instance) throw new CliError(`no instance named "${name}"`, ExitCode.FAILED);
  return instance;
}
