/**
 * A Postgres server of a test's own: initdb into a temporary directory, its
 * own port and socket directory, started and stopped at will, removed at the
 * end. Fault tests stop it under load; the suite's shared server is never
 * touched. Postgres refuses to run as root, so as root it runs as the
 * `postgres` user (runuser).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth, loopback only). */
  url: string;
  port: number;
  /** Starts the server (waits until it accepts connections). */
  start(): Promise<void>;
  /** Stops it (fast mode: open connections are terminated, as a restart or failover does). */
  stop(): Promise<void>;
  /** Stops it if running and removes its directory. */
  destroy(): Promise<void>;
}

/** The directory of initdb/pg_ctl: WHEELHOUSE_TEST_PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.WHEELHOUSE_TEST_PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** initdb a fresh cluster and start it on a free port. */
export async function startPostgresServer(binDir: string): Promise<PostgresServer> {
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(join(tmpdir(), 'wheelhouse-pg-'));
  const data = join(dir, 'data');
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const pg = (bin: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(binDir, bin), ...args]) : run(join(binDir, bin), args);
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const server: PostgresServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await server.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}
