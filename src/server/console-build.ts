import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest directory above this file with a package.json (this file runs
 * as src/server/console-build.ts through tsx, or compiled as dist/src/server/console-build.js).
 */
const ROOT = repositoryRoot(dirname(fileURLToPath(import.meta.url)));

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '../..');
  }
}

/** Where the console's source lives and where its build is served from. */
export const CONSOLE_SOURCE_DIR = join(ROOT, 'console');
export const CONSOLE_BUILD_DIR = join(CONSOLE_SOURCE_DIR, 'dist');

/** The file in a build that records which sources it was built from. */
const STAMP_FILE = '.build-stamp';

/**
 * Everything the bundle is made of: the console itself, the modules it imports
 * from src/ (the YAML spec parser and the apply plan), and the lockfile (an
 * upgraded dependency is a new bundle).
 */
const INPUTS = [
  join(ROOT, 'package-lock.json'),
  CONSOLE_SOURCE_DIR,
  join(ROOT, 'src/cli/spec-parse.ts'),
  join(ROOT, 'src/cli/apply-plan.ts'),
  join(ROOT, 'src/cli/exit-codes.ts'),
];

/** A hash of every source file's path and content (the build output excluded). */
export async function consoleSourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of INPUTS) files.push(...(await listFiles(input)));
  for (const file of files.sort()) {
    hash
      .update(relative(ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

async function listFiles(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  if (!path.startsWith(CONSOLE_SOURCE_DIR)) return [path];
  const out: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (full === CONSOLE_BUILD_DIR || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out;
}

/** What ensureConsoleBuilt did. */
export interface ConsoleBuildResult {
  built: boolean;
  hash: string;
  ms: number;
}

/**
 * Builds the console with Vite's JS API when its build is missing or older
 * than its sources (the stamp in the build holds the source hash), so a fresh
 * clone needs only `npm start`. The build goes to a temporary directory that
 * replaces the old one at the end: a half-written build is never served.
 */
export async function ensureConsoleBuilt(log: (line: string) => void = () => {}): Promise<ConsoleBuildResult> {
  const started = Date.now();
  const hash = await consoleSourceHash();
  const stamp = await readFile(join(CONSOLE_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '');
  if (stamp.trim() === hash) return { built: false, hash, ms: Date.now() - started };

  // Loaded only when a build is needed: Vite is large and most starts have a fresh build.
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const staging = `${CONSOLE_BUILD_DIR}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  // Vite and the React plugin read NODE_ENV: under Vitest it is `test`, which would give
  // React's development build (and JSX compiled for it). The console is always a production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildWith(build, react, staging);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(join(staging, STAMP_FILE), `${hash}\n`);
  await rm(CONSOLE_BUILD_DIR, { recursive: true, force: true });
  await rename(staging, CONSOLE_BUILD_DIR);
  const ms = Date.now() - started;
  log(`built the web console in ${ms} ms (console/dist)`);
  return { built: true, hash, ms };
}

async function buildWith(
  build: typeof import('vite').build,
  react: typeof import('@vitejs/plugin-react').default,
  outDir: string,
): Promise<void> {
  await build({
    root: CONSOLE_SOURCE_DIR,
    configFile: false,
    logLevel: 'warn',
    base: '/',
    plugins: [react()],
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      // The polyfill would be an inline script, which the Content-Security-Policy forbids.
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 1024,
    },
  });
}
