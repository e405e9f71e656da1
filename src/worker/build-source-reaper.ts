import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';

/*
 * Killing a canceled git and everything it started. simple-git's abort sends
 * SIGINT to the `git` it spawned, but a fetch runs its transport in child
 * processes of its own (git-remote-http, ssh) that outlive it and would keep
 * the connection (and, for ssh, the key file's path) alive. Every process of
 * one run inherits a marker in its environment; the reaper finds them by it
 * in /proc and kills them. Where there is no /proc the reaper does nothing.
 */

/** The environment variable that marks a run's processes. */
export const RUN_MARKER = 'WHEELHOUSE_BUILD_SOURCE_RUN';

/** A fresh marker value for one run. */
export function newRunMarker(): string {
  return randomUUID();
}

/** SIGKILLs every process whose environment carries `RUN_MARKER=<marker>`; resolves with how many. */
export async function reap(marker: string): Promise<number> {
  const needle = `\0${RUN_MARKER}=${marker}\0`;
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return 0;
  }
  let killed = 0;
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const env = `\0${await readFile(`/proc/${pid}/environ`, 'latin1')}`;
        if (!env.includes(needle)) return;
        process.kill(Number(pid), 'SIGKILL');
        killed += 1;
      } catch {
        // gone meanwhile, or not ours to read
      }
    }),
  );
  return killed;
}
