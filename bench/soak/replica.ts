/**
 * One Wheelhouse server replica as a child process: `node --import tsx
 * src/main.ts` (one process, so a SIGKILL kills the server itself, not a
 * wrapper), on its own loopback port, its output in a log file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What every replica shares. */
export interface ReplicaSettings {
  databaseUrl: string;
  bootstrapToken: string;
  /** Where logs and the (unused, Postgres is configured) data directory go. */
  dir: string;
  /** Extra environment (supervisor interval…). */
  env?: Record<string, string>;
  /** Node's arguments that run the server (default `--import tsx src/main.ts`; the scale row runs its own bundle). */
  args?: string[];
  /** Open an IPC channel to the process (for ask()). */
  ipc?: boolean;
}

export class Replica {
  #child: ChildProcess | undefined;
  #exits = 0;
  #asked = 0;
  /** Set by stop(): a fault still under way must not start the replica again during cleanup. */
  #retired = false;
  /** How long the last start() took until /healthz answered (the HTTP server listening). */
  listeningAfterMs: number | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly settings: ReplicaSettings,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/graphql`;
  }

  get pid(): number | undefined {
    return this.#child?.exitCode === null ? this.#child.pid : undefined;
  }

  /** Exits the soak did not cause (a crash). */
  get unexpectedExits(): number {
    return this.#exits;
  }

  /** Starts the process and waits until /readyz answers 200. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.#retired) throw new Error(`${this.name} is stopped for good`);
    const log = createWriteStream(join(this.settings.dir, `${this.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, this.settings.args ?? ['--import', 'tsx', 'src/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATABASE_URL: this.settings.databaseUrl,
        WHEELHOUSE_BOOTSTRAP_TOKEN: this.settings.bootstrapToken,
        WHEELHOUSE_DATA_DIR: join(this.settings.dir, `${this.name}-data`),
        // Docker from the default socket only: no Kubernetes cluster is part of the soak.
        KUBECONFIG: join(this.settings.dir, 'no-kubeconfig'),
        LOG_LEVEL: 'warn',
        // The soak's instances have no routes; with the edge on, its replicas would leave a detached HAProxy behind.
        WHEELHOUSE_EDGE: 'off',
        ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
        ...this.settings.env,
      },
      stdio: ['ignore', 'pipe', 'pipe', ...(this.settings.ipc ? (['ipc'] as const) : [])],
      // Its own process group: a Ctrl-C (or a signal to the soak's group) reaches the soak alone, which
      // deprovisions through the replicas before it stops them, rather than losing them first.
      detached: true,
    });
    // Not ended with the child's output: the exit line below still goes in.
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once('exit', (_code, signal) => {
      if (child === this.#child && signal !== 'SIGKILL' && signal !== 'SIGTERM') this.#exits++;
    });
    // 'close' comes after the child's output has ended, so nothing is written after this line.
    child.once('close', (code, signal) => {
      log.end(`\n--- soak: ${this.name} exited (code ${code}, signal ${signal}) at ${new Date().toISOString()}\n`);
    });
    this.#child = child;
    const startedAt = Date.now();
    this.listeningAfterMs = undefined;
    const deadline = startedAt + timeoutMs;
    const readyz = this.url.replace(/\/graphql$/, '/readyz');
    const healthz = this.url.replace(/\/graphql$/, '/healthz');
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited during start (code ${child.exitCode})`);
      try {
        // /healthz needs no database: it tells a process still starting from one whose readiness check waits.
        if (this.listeningAfterMs === undefined) {
          const live = await fetch(healthz, { signal: AbortSignal.timeout(2000) });
          if (live.ok) this.listeningAfterMs = Date.now() - startedAt;
        }
        const res = await fetch(readyz, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet, or not ready within the probe's timeout
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms`);
  }

  /** Sends `question` (with an id) over the IPC channel and resolves to the answer carrying the same id. */
  ask<T extends { id: number }>(question: Record<string, unknown>, timeoutMs = 30_000): Promise<T> {
    const child = this.#child;
    if (!child?.send) return Promise.reject(new Error(`${this.name} has no IPC channel`));
    const id = ++this.#asked;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`${this.name} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (m: T) => {
        if (m?.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ ...question, id });
    });
  }

  /** SIGKILL: no shutdown at all (leases, sockets and transactions are cut). */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; the replica is not started again. */
  async stop(graceMs = 15_000): Promise<void> {
    this.#retired = true;
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /**
   * The server's event streams (EventHub.diagnostics), asked for with SIGUSR2
   * and read back from the log, or undefined when it does not answer in time.
   */
  async streamDiagnostics(timeoutMs = 5_000): Promise<unknown> {
    const pid = this.pid;
    if (!pid) return undefined;
    const file = join(this.settings.dir, `${this.name}.log`);
    const sentAt = Date.now();
    process.kill(pid, 'SIGUSR2');
    while (Date.now() < sentAt + timeoutMs) {
      await new Promise((r) => setTimeout(r, 200));
      const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n');
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i]!;
        if (!line.includes('"event stream diagnostics"')) continue;
        const entry = JSON.parse(line) as { at: number; diagnostics: unknown };
        if (entry.at >= sentAt) return entry.diagnostics;
        break;
      }
    }
    return undefined;
  }

  /** Resident set size in bytes (from /proc), or undefined when not running. */
  async rss(): Promise<number | undefined> {
    const pid = this.pid;
    if (!pid) return undefined;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kb ? Number(kb) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }
}
