/**
 * HAProxy's runtime API over its unix socket: one connection per batch of
 * commands (separated by `;`), answered in full when HAProxy closes it.
 */
import { createConnection } from 'node:net';

/** Sends `commands` (joined with `;`) and returns HAProxy's whole answer. */
export function runtimeCommand(socketPath: string, commands: string | string[], timeoutMs = 5000): Promise<string> {
  const line = Array.isArray(commands) ? commands.join(';') : commands;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(socketPath);
    const timer = setTimeout(
      () => socket.destroy(new Error(`HAProxy did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('connect', () => socket.end(`${line}\n`));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', (hadError) => {
      clearTimeout(timer);
      if (!hadError) resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** One row of `show stat`: the fields the edge reads. */
export interface StatRow {
  proxy: string;
  server: string;
  /** Current sessions. */
  scur: number;
  /** Total sessions. */
  stot: number;
  status: string;
  hrsp5xx: number;
  /** HTTP responses counted (all classes). */
  responses: number;
  /** Average response time over the last 1024 requests, ms. */
  rtime: number;
}

/** Parses `show stat` CSV (optionally of one proxy). */
export function parseShowStat(csv: string): StatRow[] {
  const lines = csv.split('\n').filter((l) => l.length > 0);
  const header = lines[0]?.replace(/^# /, '').split(',') ?? [];
  const col = (name: string) => header.indexOf(name);
  const out: StatRow[] = [];
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    const num = (name: string) => Number(f[col(name)] || 0);
    out.push({
      proxy: f[col('pxname')] ?? '',
      server: f[col('svname')] ?? '',
      scur: num('scur'),
      stot: num('stot'),
      status: f[col('status')] ?? '',
      hrsp5xx: num('hrsp_5xx'),
      responses: ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx', 'hrsp_other'].reduce(
        (sum, n) => sum + num(n),
        0,
      ),
      rtime: num('rtime'),
    });
  }
  return out;
}

/** The pids of the workers a reload retired that still finish their connections (the master CLI's `show proc`). */
export function parseOldWorkers(showProc: string): number[] {
  const pids: number[] = [];
  let inOld = false;
  for (const line of showProc.split('\n')) {
    if (line.startsWith('#')) {
      inOld = line.startsWith('# old workers');
      continue;
    }
    const m = /^(\d+)\s+worker\b/.exec(line);
    if (inOld && m) pids.push(Number(m[1]));
  }
  return pids;
}

/**
 * `show stat` of every worker: the current one (the admin socket) and those
 * a reload retired (through the master socket, `@!<pid>`), which still
 * carry requests they accepted before it.
 */
export async function statsOfAllWorkers(adminSocket: string, masterSocket: string): Promise<StatRow[]> {
  const rows = parseShowStat(await runtimeCommand(adminSocket, 'show stat'));
  const old = parseOldWorkers(await runtimeCommand(masterSocket, 'show proc').catch(() => ''));
  for (const pid of old) {
    // A worker may end between the two commands: its answer is then an error line, and it has nothing left.
    rows.push(...parseShowStat(await runtimeCommand(masterSocket, `@!${pid} show stat`).catch(() => '')));
  }
  return rows;
}
