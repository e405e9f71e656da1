/**
 * Footprint: idle resident memory and restart-to-ready of the compiled server
 * (dist/, what `npm start` runs) as a child process, on Postgres and on PGlite,
 * beside a bare graphql-yoga `{ hello }` process started the same way in the
 * same run. Restart-to-ready is from spawn to the first 200 of /readyz (the
 * bare server: of `{ hello }`), on a database migrated by an earlier start;
 * the idle memory is VmRSS two seconds after ready. Median of three starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { type BenchRow, benchDatabaseUrl } from '../support.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTS = 3;

const BARE_YOGA = `
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
const yoga = createYoga({ schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }) });
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
`;

interface Start {
  readyMs: number;
  rssMb: number;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Spawns, finds the port in its output, polls `probe` until 200; then measures, and stops the child. */
async function measure(
  args: string[],
  env: Record<string, string>,
  portOf: (line: string) => number | undefined,
  probe: (port: number) => Promise<boolean>,
): Promise<Start> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<number>((res, rej) => {
      let buffer = '';
      const onData = (d: Buffer) => {
        buffer += String(d);
        for (const line of buffer.split('\n')) {
          const p = portOf(line);
          if (p) return res(p);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => rej(new Error(`exited ${code} before listening: ${buffer.slice(-2000)}`)));
    });
    while (!(await probe(port).catch(() => false))) await sleep(10);
    const readyMs = performance.now() - started;
    await sleep(2000);
    return { readyMs, rssMb: await rssMb(child.pid ?? 0) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    child.kill('SIGKILL');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function footprintRows(): Promise<BenchRow[]> {
  const build = (await import(pathToFileURL(join(ROOT, 'scripts/server-build.mjs')).href)) as {
    ensureServerBuilt: () => Promise<unknown>;
    SERVER_MAIN: string;
  };
  await build.ensureServerBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'wheelhouse-bench-footprint-'));
  try {
    const providers = join(dir, 'providers.json');
    await writeFile(providers, '[]');
    const bareFile = join(ROOT, 'bench', `.bare-yoga-${process.pid}.mjs`);
    await writeFile(bareFile, BARE_YOGA);
    const servingPort = (line: string) => {
      const m = /"url":"http:\/\/127\.0\.0\.1:(\d+)\/graphql"/.exec(line);
      return m ? Number(m[1]) : undefined;
    };
    const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
    const hello = async (port: number) =>
      (
        await fetch(`http://127.0.0.1:${port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ hello }"}',
        })
      ).status === 200;
    const common = {
      PORT: '0',
      LOG_LEVEL: 'info',
      WHEELHOUSE_PROVIDERS: providers,
      WHEELHOUSE_BOOTSTRAP_TOKEN: 'whk_bench-footprint-token',
      WHEELHOUSE_DATA_DIR: join(dir, 'data'),
    };
    const pgEnv = { ...common, DATABASE_URL: benchDatabaseUrl() };
    const pgliteEnv = common;
    // One start each first: migrations, the PGlite cluster, the console build are a first start's work.
    await measure([build.SERVER_MAIN], pgEnv, servingPort, ready);
    await measure([build.SERVER_MAIN], pgliteEnv, servingPort, ready);
    const bare: Start[] = [];
    const postgres: Start[] = [];
    const pglite: Start[] = [];
    try {
      for (let i = 0; i < STARTS; i++) {
        bare.push(await measure([bareFile], {}, (l) => Number(/listening (\d+)/.exec(l)?.[1]) || undefined, hello));
        postgres.push(await measure([build.SERVER_MAIN], pgEnv, servingPort, ready));
        pglite.push(await measure([build.SERVER_MAIN], pgliteEnv, servingPort, ready));
      }
    } finally {
      await rm(bareFile, { force: true });
    }
    const b = { ms: median(bare.map((s) => s.readyMs)), mb: median(bare.map((s) => s.rssMb)) };
    const row = (db: string, starts: Start[], rssGoal: number, startGoal: number): BenchRow[] => {
      const ms = median(starts.map((s) => s.readyMs));
      const mb = median(starts.map((s) => s.rssMb));
      return [
        {
          figure: `idle RSS, ${db} (MB, median of ${STARTS})`,
          value: mb.toFixed(0),
          baseline: `${b.mb.toFixed(0)} (bare yoga process)`,
          ratio: `${(mb / b.mb).toFixed(2)}×`,
          goal: `≤ ${rssGoal} MB`,
          met: mb <= rssGoal,
        },
        {
          figure: `restart to ready, ${db} (ms, median of ${STARTS})`,
          value: ms.toFixed(0),
          baseline: `${b.ms.toFixed(0)} (bare yoga process)`,
          ratio: `${(ms / b.ms).toFixed(2)}×`,
          goal: `≤ ${startGoal}×`,
          met: ms / b.ms <= startGoal,
          notes: [
            `starts (ms / MB): ${starts.map((s) => `${s.readyMs.toFixed(0)} / ${s.rssMb.toFixed(0)}`).join(', ')}`,
          ],
        },
      ];
    };
    return [...row('Postgres', postgres, 150, 3), ...row('PGlite', pglite, 300, 5)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
