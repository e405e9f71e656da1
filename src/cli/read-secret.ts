import { readFile } from 'node:fs/promises';
import { usageError } from './exit-codes.js';

/**
 * A secret value from a file or standard input, never from argv (which other
 * users can read in the process list and which lands in shell history). One
 * trailing newline is dropped, as `echo value |` adds it.
 */
export async function readSecretValue(
  fromFile: string | undefined,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  let value: string;
  if (fromFile !== undefined) {
    try {
      value = await readFile(fromFile, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw usageError(code === 'ENOENT' ? `${fromFile}: no such file` : `${fromFile}: cannot read (${code})`);
    }
  } else {
    if (stdin.isTTY) throw usageError('give the value on standard input (e.g. `pbpaste |`) or with --from-file');
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    value = Buffer.concat(chunks).toString('utf8');
  }
  value = value.replace(/\r?\n$/, '');
  if (value.length === 0) throw usageError('value: empty');
  return value;
}
