import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
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
 * Builds the console with Vite (in a process of its own) when its build is missing or older
 * than its sources (the stamp in the build holds the source hash), so a fresh
 * clone needs only `npm start`. The build goes to a temporary directory that
 * replaces the old one at the end: a half-written build is never served.
 */
export async function ensureConsoleBuilt(log: (line: string) => void = () => {}): Promise<ConsoleBuildResult> {
  const started = Date.now();
  const hash = await consoleSourceHash();
  const stamp = await readFile(join(CONSOLE_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '');
  if (stamp.trim() === hash) return { built: false, hash, ms: Date.now() - started };

  const staging = `${CONSOLE_BUILD_DIR}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await buildInChild(staging);
  await writeFile(join(staging, STAMP_FILE), `${hash}\n`);
  await rm(CONSOLE_BUILD_DIR, { recursive: true, force: true });
  await rename(staging, CONSOLE_BUILD_DIR);
  const ms = Date.now() - started;
  log(`built the web console in ${ms} ms (console/dist)`);
  return { built: true, hash, ms };
}

/**
 * Runs scripts/console-build.mjs in a process of its own: Vite and Rollup
 * loaded into the server would stay in its memory for good (a server that
 * built the console at its start held ~570 MB instead of ~200 MB).
 */
async function buildInChild(outDir: string): Promise<void> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'console-build.mjs'), outDir], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-4000);
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`building the web console failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`);
}
