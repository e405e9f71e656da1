import { fstatSync } from 'node:fs';
import { usageError } from './exit-codes.js';

/** The API's limit on an exec's stdin (instance-exec.ts). */
const MAX_STDIN_BYTES = 1024 * 1024;

/**
 * Whether `exec` sends the CLI's standard input: as asked (`-i`/`--stdin`,
 * `--no-stdin`), else when it is a pipe or a file (`echo hi | wheelhouse exec
 * …`, `< file`). A terminal is not read (the command would wait for a typed
 * end of file), nor a socket a parent process left open: both could hang.
 */
export function wantsStdin(asked: boolean | undefined): boolean {
  if (asked !== undefined) return asked;
  if (process.stdin.isTTY) return false;
  try {
    const s = fstatSync(0);
    return s.isFIFO() || s.isFile();
  } catch {
    return false;
  }
}

/** The CLI's standard input to its end, as text; more than the API takes is a usage error. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of process.stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    bytes += b.length;
    if (bytes > MAX_STDIN_BYTES)
      throw usageError('exec: standard input is larger than 1 MiB (the API takes at most that)');
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}
