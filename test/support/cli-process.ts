import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The CLI as installed (bin/wheelhouse, running the compiled or source entry point). */
export const CLI_BIN = resolve(import.meta.dirname, '../../bin/wheelhouse');

/** With WHEELHOUSE_PRINT_SESSION=1, every run is echoed as a terminal session (the docs' real output). */
const PRINT = process.env.WHEELHOUSE_PRINT_SESSION === '1';

/** What one CLI run gave: its exit code and what it printed. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the wheelhouse CLI as a user would: its own process, in `cwd`, with
 * HOME there and only PATH and `env` from outside (so no config of the
 * developer's leaks in). `onStdout` sees what it printed so far, as it prints
 * it (a test can act on a line while the command still runs).
 */
export function runCli(
  args: string[],
  opts: {
    cwd: string;
    env: Record<string, string>;
    onStdout?: (soFar: string) => void;
    /** Sees what it printed on stderr so far (progress, a sign-in URL). */
    onStderr?: (soFar: string) => void;
  },
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env },
  });
  return collect(child, `wheelhouse ${args.join(' ')}`, opts.onStdout, opts.onStderr);
}

/**
 * Runs a shell line as a user types it (pipes and all), `$WHEELHOUSE` being
 * the CLI, with the same environment as runCli.
 */
export function runShell(line: string, opts: { cwd: string; env: Record<string, string> }): Promise<CliResult> {
  const child = spawn('sh', ['-c', line], {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, WHEELHOUSE: `${process.execPath} ${CLI_BIN}`, ...opts.env },
  });
  return collect(child, line.replaceAll('$WHEELHOUSE', 'wheelhouse'));
}

/** What a child printed until it closed, and its exit code. */
function collect(
  child: ChildProcessWithoutNullStreams,
  shown: string,
  onStdout?: (soFar: string) => void,
  onStderr?: (soFar: string) => void,
) {
  return new Promise<CliResult>((res) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
      onStdout?.(stdout);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
      onStderr?.(stderr);
    });
    child.on('close', (code) => {
      if (PRINT) process.stdout.write(`$ ${shown}\n${stdout}${stderr}\n`);
      res({ code, stdout, stderr });
    });
  });
}
