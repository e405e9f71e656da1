import { join, resolve } from 'node:path';

/** The repository root. */
const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Whether tests that start a server (or another entry point) as a child process run the compiled
 * JavaScript in dist/ (WHEELHOUSE_TEST_COMPILED=1; the global setup builds it) instead of the
 * TypeScript through tsx. CI runs one of its passes this way, so what `npm start` runs is tested too.
 */
export const compiledServer = process.env.WHEELHOUSE_TEST_COMPILED === '1';

/**
 * Node's arguments to run `script` (a path under the repository, e.g. `src/main.ts`): the compiled
 * `dist/src/main.js`, or `--import tsx src/main.ts`.
 */
export function nodeArgsFor(script: string): string[] {
  if (!compiledServer) return ['--import', 'tsx', script];
  return [join(ROOT, 'dist', script.replace(/\.ts$/, '.js'))];
}
