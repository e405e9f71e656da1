/**
 * One bash for the whole session, as a user has one terminal: what a block
 * defines (TOKEN, a function, an exported id, the directory) is there for the
 * next. Standard error goes to the same pipe, so output reads in the order a
 * terminal shows it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** What one command printed and how it ended. */
export interface Ran {
  output: string;
  /** Its exit code; undefined when bash itself exited (a script failed under `set -e`) or the time ran out. */
  code: number | undefined;
  timedOut: boolean;
}

/** A long-lived bash reading commands from a pipe. */
export class Session {
  private readonly child: ChildProcess;
  private buffer = '';
  private readonly sentinel = `__readme_session_${randomBytes(6).toString('hex')}__`;
  private exited = false;
  private wake: (() => void) | undefined;

  constructor(cwd: string, env: Record<string, string>) {
    this.child = spawn('bash', ['--noprofile', '--norc'], {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const take = (d: Buffer) => {
      this.buffer += d.toString();
      this.wake?.();
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.child.on('exit', () => {
      this.exited = true;
      this.wake?.();
    });
    this.child.stdin!.write('exec 2>&1\nset -uo pipefail\n__rc=0\n');
  }

  /**
   * Runs `text` and resolves with what it printed. A `script` runs under
   * `set -e` (a failing line stops it, and ends the session); a terminal
   * line runs without it, and its exit code is kept for the next `$?`.
   */
  async run(text: string, opts: { script: boolean; timeoutMs: number }): Promise<Ran> {
    this.buffer = '';
    const end = new RegExp(`\\n?${this.sentinel} (\\d+)\\n`);
    // Braces keep the block in this shell; /dev/null keeps a command that reads stdin off the session's pipe.
    // A terminal line starts with the previous line's exit code in `$?` (for the README's `echo $?`).
    const wrapped = [
      opts.script ? 'set -e' : 'set +e\n(exit $__rc)',
      // Only comments (`$ # …`) would leave the braces empty, a syntax error: a no-op runs instead.
      `{\n${onlyComments(text) ? `:\n${text}` : text}\n} </dev/null`,
      '__rc=$?',
      'set +e',
      `printf '\\n%s %d\\n' '${this.sentinel}' "$__rc"`,
      '(exit $__rc)',
      '',
    ].join('\n');
    this.child.stdin!.write(wrapped);
    const deadline = Date.now() + opts.timeoutMs;
    for (;;) {
      const m = this.buffer.match(end);
      if (m) return { output: this.buffer.slice(0, m.index), code: Number(m[1]), timedOut: false };
      if (this.exited) return { output: this.buffer, code: undefined, timedOut: false };
      const left = deadline - Date.now();
      if (left <= 0) return { output: this.buffer, code: undefined, timedOut: true };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Ends bash and everything it started (a load loop left in the background), by its process group. */
  close(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** True when every line of `text` is blank or a comment. */
function onlyComments(text: string): boolean {
  return text.split('\n').every((l) => /^\s*(#.*)?$/.test(l));
}
