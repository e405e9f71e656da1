import { readFile } from 'node:fs/promises';
import { usageError } from './exit-codes.js';
import { sourceInputOf } from './source-files.js';
import { type AppSpec, parseSpec } from './spec-parse.js';

export type { AppSpec, ServiceSpec } from './spec-parse.js';
export { parseSpec } from './spec-parse.js';

/** Reads and validates a spec file; every problem becomes one `file:line: path: message` line (exit 2). */
export async function loadSpecFile(path: string): Promise<AppSpec> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw usageError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot read (${code ?? String(err)})`);
  }
  const spec = parseSpec(text, path);
  // A source's files are read here, next to the spec file (the parser itself reads nothing).
  if (spec.source) spec.sourceInput = await sourceInputOf(spec.source, path);
  return spec;
}
