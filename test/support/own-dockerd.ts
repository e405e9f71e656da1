/**
 * A Docker daemon of the test's own: its own socket, data root, exec root and
 * pid file under one temporary directory, no iptables, a bridge of its own,
 * vfs storage and an address pool of its own, so stopping and starting it
 * leaves the engine the rest of the suite uses untouched. One thing it does
 * not leave alone by itself: started again on its data root, dockerd deletes
 * the host's `docker0` (with `--bridge=none` or a bridge of its own alike), and
 * the main engine's builds then fail every RUN step ("could not find bridge
 * docker0"); `start` puts the main engine's bridge back as it was. Needs root and `dockerd`
 * (CI has both); `available()` says why not otherwise.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
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
  /** The daemon's own bridge interface (at most 15 characters), made at its first start. */
  readonly bridge = `whtest${randomInt(1_000_000)}`;
  #bridgeMade = false;
  #child: ChildProcess | undefined;

  /** The host's docker0 (the main engine's bridge) as `ip` shows it, or undefined when there is none. */
  static hostBridge(): { addresses: string[] } | undefined {
    try {
      const out = execFileSync('ip', ['-j', 'addr', 'show', 'dev', 'docker0'], { encoding: 'utf8' });
      const [link] = JSON.parse(out) as { addr_info?: { family: string; local: string; prefixlen: number }[] }[];
      return { addresses: (link?.addr_info ?? []).map((a) => `${a.local}/${a.prefixlen}`) };
    } catch {
      return undefined;
    }
  }

  /** Puts the main engine's docker0 back when this daemon deleted it. */
  static restoreHostBridge(before: { addresses: string[] } | undefined): void {
    if (!before || OwnDockerd.hostBridge()) return;
    const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'ignore' });
    ip('link', 'add', 'docker0', 'type', 'bridge');
    for (const a of before.addresses) ip('addr', 'add', a, 'dev', 'docker0');
    ip('link', 'set', 'docker0', 'up');
  }

  /** Makes the bridge the daemon uses instead of docker0, with an address of its own pool. */
  #makeBridge(): void {
    if (this.#bridgeMade) return;
    const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'ignore' });
    ip('link', 'add', this.bridge, 'type', 'bridge');
    ip('addr', 'add', `10.214.${randomInt(1, 250)}.1/24`, 'dev', this.bridge);
    ip('link', 'set', this.bridge, 'up');
    this.#bridgeMade = true;
  }

  /** Starts the daemon and waits until it answers (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.#child) return;
    this.#makeBridge();
    const hostBridge = OwnDockerd.hostBridge();
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
        `--bridge=${this.bridge}`,
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
    OwnDockerd.restoreHostBridge(hostBridge);
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
    if (this.#bridgeMade) {
      try {
        execFileSync('ip', ['link', 'del', this.bridge], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    }
  }
}
