/**
 * A Postgres server of the soak's own: initdb into a temp directory, its own
 * port and socket directory, so it can be stopped and started in the middle
 * of the run without touching the machine's main cluster. Runs as the
 * `postgres` user when we are root (initdb refuses root), else as us.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.js';

const run = promisify(execFile);

/** The newest server binaries under /usr/lib/postgresql (or PG_BIN). */
async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('no Postgres server binaries under /usr/lib/postgresql (set PG_BIN)');
}

/** A running temporary Postgres server. */
export interface TempPostgres {
  /** postgres://… of the soak's database on it. */
  url: string;
  port: number;
  /** Stops it (fast shutdown: sessions are cut, as a real restart would). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its directory. Safe to call twice. */
  destroy(): Promise<void>;
}

/** initdb, start, create the database; the returned server is ready for connections. */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = await binDir();
  const root = await mkdtemp(join(tmpdir(), 'wheelhouse-soak-pg-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(root, 0o700);
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { cwd: '/tmp' })
      : run(join(bin, cmd), args, { cwd: '/tmp' });
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Durability is not what the soak measures; a fast disk path keeps the shared machine responsive.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const log = join(root, 'postgres.log');
  let destroyed = false;
  const server: TempPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/wheelhouse_soak`,
    port,
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async start() {
      await as('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database wheelhouse_soak');
    await admin.end();
  } catch (err) {
    await server.destroy();
    throw err;
  }
  return server;
}
