/**
 * The HAProxy process of the Docker edge: started detached (master-worker,
 * daemonised, its own session and process group) so it outlives the
 * Wheelhouse process that started it; found again from its pidfile by the
 * next one (adoption); reloaded hitlessly (SIGUSR2 to the master: the new
 * worker takes the listeners, the old one finishes its connections).
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { runtimeCommand } from './docker-edge-runtime.js';

/** Where the edge keeps its files: config, pidfile, sockets, certificates. */
export interface EdgePaths {
  dir: string;
  config: string;
  pidfile: string;
  masterSocket: string;
  adminSocket: string;
  log: string;
  ports: string;
  certs: string;
  crtList: string;
  /** Server weights a canary set (server name → weight), read by every render. */
  weights: string;
  /** Replicas drained out, one file per server name (until when), read by every render. */
  drains: string;
  /** Held (created exclusively) while a render or a drain changes what HAProxy serves. */
  lock: string;
}

export function edgePaths(dir: string): EdgePaths {
  return {
    dir,
    config: join(dir, 'haproxy.cfg'),
    pidfile: join(dir, 'haproxy.pid'),
    masterSocket: join(dir, 'master.sock'),
    adminSocket: join(dir, 'admin.sock'),
    log: join(dir, 'haproxy.log'),
    ports: join(dir, 'ports.json'),
    certs: join(dir, 'certs'),
    crtList: join(dir, 'crt-list.txt'),
    weights: join(dir, 'weights.json'),
    drains: join(dir, 'drains'),
    lock: join(dir, 'edge.lock'),
  };
}

/** The master's pid when the pidfile names a live HAProxy, else undefined. */
export function runningMaster(paths: EdgePaths): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(paths.pidfile, 'utf8').trim().split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 1) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  // The pid may have been reused by another program since.
  try {
    if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('haproxy')) return undefined;
  } catch {
    // No /proc: trust the signal check.
  }
  return pid;
}

/** Checks a configuration file with `haproxy -c`; rejects with HAProxy's own words. */
export function validateConfig(haproxy: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(haproxy, ['-c', '-q', '-f', file], { timeout: 15_000 }, (err, _stdout, stderr) => {
      if (err) reject(new Error(`HAProxy refused the configuration: ${lastLines(String(stderr))}`));
      else resolve();
    });
  });
}

/** Starts HAProxy detached on `paths.config`; resolves once its runtime socket answers. */
export async function startDetached(haproxy: string, paths: EdgePaths): Promise<number> {
  const log = openSync(paths.log, 'a');
  try {
    const child = spawn(
      haproxy,
      ['-W', '-D', '-S', `${paths.masterSocket},mode,600`, '-p', paths.pidfile, '-f', paths.config],
      { detached: true, stdio: ['ignore', 'ignore', log] },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0) {
      const text = await readFile(paths.log, 'utf8').catch(() => '');
      throw new Error(`HAProxy did not start (exit code ${code}): ${lastLines(text)}`);
    }
  } finally {
    closeSync(log);
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pid = runningMaster(paths);
    if (pid && (await workerPid(paths)) !== undefined) return pid;
    if (Date.now() > deadline) throw new Error('HAProxy started but its runtime socket does not answer');
    await delay(50);
  }
}

/** The pid of the worker that answers the runtime socket now, or undefined. */
export async function workerPid(paths: EdgePaths): Promise<number | undefined> {
  try {
    const info = await runtimeCommand(paths.adminSocket, 'show info', 2000);
    const m = /^Pid: (\d+)$/m.exec(info);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reloads the master on the file now in place (validated before): resolves
 * once a new worker answers the runtime socket. Connections the old worker
 * holds finish there.
 */
export async function reload(master: number, paths: EdgePaths): Promise<void> {
  const before = await workerPid(paths);
  process.kill(master, 'SIGUSR2');
  const deadline = Date.now() + 15_000;
  for (;;) {
    await delay(25);
    const now = await workerPid(paths);
    if (now !== undefined && now !== before) return;
    if (Date.now() > deadline) throw new Error('HAProxy did not take the new configuration within 15 s');
  }
}

/**
 * Stops HAProxy and waits until its processes are gone, then removes its
 * pidfile and sockets. Wheelhouse never does this on its own shutdown (the
 * edge outlives it); tests and `off` do.
 */
export async function stopProcess(paths: EdgePaths, timeoutMs = 10_000): Promise<void> {
  const master = runningMaster(paths);
  const worker = await workerPid(paths);
  if (master) {
    process.kill(master, 'SIGTERM');
    const deadline = Date.now() + timeoutMs;
    while (alive(master) || (worker !== undefined && alive(worker))) {
      if (Date.now() > deadline) {
        for (const pid of [master, worker]) if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
        break;
      }
      await delay(25);
    }
  }
  await Promise.all([paths.pidfile, paths.masterSocket, paths.adminSocket].map((f) => rm(f, { force: true })));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function lastLines(text: string): string {
  return (
    text
      .split('\n')
      .filter((l) => /ALERT|error|Error/.test(l))
      .slice(-3)
      .join(' ')
      .trim() || text.trim().split('\n').slice(-2).join(' ')
  );
}
