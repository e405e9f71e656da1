import { spawn } from 'node:child_process';
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
  opts: { cwd: string; env: Record<string, string>; onStdout?: (soFar: string) => void },
): Promise<CliResult> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
      opts.onStdout?.(stdout);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('close', (code) => {
      if (PRINT) process.stdout.write(`$ wheelhouse ${args.join(' ')}\n${stdout}${stderr}\n`);
      res({ code, stdout, stderr });
    });
  });
}
