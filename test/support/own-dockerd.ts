/**
 * A Docker daemon of the test's own: its own socket, data root, exec root and
 * pid file under one temporary directory, no iptables, no default bridge, vfs
 * storage and an address pool of its own, so stopping and starting it leaves
 * the engine the rest of the suite uses untouched. Needs root and `dockerd`
 * (CI has both); `available()` says why not otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import Dockerode from 'dockerode';
import { dockerAvailable } from './docker-images.js';

/** The dockerd binary: on PATH, else where Debian's docker.io puts it. */
function findDockerd(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'dockerd'), constants.X_OK);
      return join(dir, 'dockerd');
    } catch {}
  }
  return undefined;
}

/** Why a private dockerd cannot run here, or undefined when it can. */
export function ownDockerdUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root';
  if (!findDockerd()) return 'no dockerd binary';
  return undefined;
}

/** A private dockerd, stopped and started at will; `destroy()` removes it and everything it wrote. */
export class OwnDockerd {
  readonly dir = mkdtempSync(join(tmpdir(), 'wh-dockerd-'));
  readonly socketPath = join(this.dir, 'docker.sock');
  readonly client = new Dockerode({ socketPath: this.socketPath });
  #child: ChildProcess | undefined;

  /** Starts the daemon and waits until it answers (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.#child) return;
    const log = openSync(join(this.dir, 'dockerd.log'), 'a');
    const child = spawn(
      findDockerd() ?? 'dockerd',
      [
        '-H',
        `unix://${this.socketPath}`,
        '--data-root',
        join(this.dir, 'data'),
        '--exec-root',
        join(this.dir, 'exec'),
        '--pidfile',
        join(this.dir, 'docker.pid'),
        '--iptables=false',
        '--ip-masq=false',
        '--bridge=none',
        '--storage-driver=vfs',
        // Not the main engine's pools: two daemons must not hand out the same subnets.
        '--default-address-pool',
        'base=10.213.0.0/16,size=24',
        // A stop of the daemon stops its containers; they are the test's, and quick to stop.
        '--shutdown-timeout',
        '2',
        '--log-level',
        'warn',
      ],
      { stdio: ['ignore', log, log] },
    );
    this.#child = child;
    const deadline = Date.now() + timeoutMs;
    while (!(await dockerAvailable(this.client, 1000))) {
      if (child.exitCode !== null) throw new Error(`dockerd exited (${child.exitCode}):\n${this.log()}`);
      if (Date.now() > deadline) throw new Error(`dockerd did not answer within ${timeoutMs} ms:\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Stops the daemon (SIGTERM, as an operator or systemd would) and waits for it to exit. */
  async stop(timeoutMs = 60_000): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** The daemon's log, for failure messages. */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'dockerd.log'), 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  /** Stops the daemon, then removes its containers' mounts and every file it wrote. */
  async destroy(): Promise<void> {
    await this.stop();
    // vfs layers and the exec root may hold mounts (netns, shm) a plain rm cannot remove.
    await new Promise<void>((resolve) => {
      const umount = spawn('sh', ['-c', `grep -o " ${this.dir}[^ ]*" /proc/mounts | sort -r | xargs -r umount -l`], {
        stdio: 'ignore',
      });
      umount.once('exit', () => resolve());
      umount.once('error', () => resolve());
    });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
