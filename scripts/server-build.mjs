// Compiles the server, the CLI and the migrations (src/ and migrations/) to JavaScript in dist/, when
// dist/ is missing or older than its sources: `npm start` and bin/wheelhouse run it before they load
// anything, so a fresh clone still needs only `npm ci` and `npm start`, and the running process loads
// no TypeScript loader. Plain JavaScript, since it runs before there is any compiled code.
//
// esbuild transpiles file by file (no type check: `npm run typecheck` does that), so dist/ mirrors
// the tree (dist/src/cli/main.js, dist/migrations/…) and imports resolve as they do under tsx. The
// server's entry point, dist/src/main.js, is then replaced by a bundle of it and the packages a start
// loads (dist/src/chunks/ holds what it imports lazily): Node's ES module loader resolves, reads and
// links each of the ~1,500 files of a start one by one, which took most of a restart (1.4–2.2 s of
// module loading against 0.3–0.6 s for the bundle, docs/operations.md). esbuild's binary comes in a
// platform package it lists as an optional dependency; `npm ci` installs that without running any
// install script.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (this file is scripts/server-build.mjs). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the compiled tree goes. */
export const SERVER_BUILD_DIR = join(ROOT, 'dist');
/** The compiled server's entry point. */
export const SERVER_MAIN = join(SERVER_BUILD_DIR, 'src', 'main.js');

const SOURCE_DIRS = ['src', 'migrations'];

/**
 * Packages the server bundle leaves in node_modules: each is loaded only when it is needed (PGlite
 * for the embedded database, whose WASM and data files sit beside its module; a provider's client
 * with that provider; Vite to build the console; GraphiQL's page when it is asked for; X.509 when
 * a certificate is made) or is an optional native add-on of one of those.
 */
const SERVER_EXTERNAL = [
  '@electric-sql/pglite',
  'dockerode',
  '@kubernetes/client-node',
  'vite',
  '@vitejs/plugin-react',
  '@graphql-yoga/render-graphiql',
  '@peculiar/x509',
  'reflect-metadata',
  'pg-native',
];
/** Files whose change makes a new build too (the compiler's version is in the lockfile). */
const EXTRA_INPUTS = ['package-lock.json', 'scripts/server-build.mjs'];
const STAMP_FILE = '.build-stamp';

async function listSources(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listSources(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The TypeScript sources, and a hash of them (and of the compiler's version) that names a build. */
export async function serverSources() {
  const files = (await Promise.all(SOURCE_DIRS.map((d) => listSources(join(ROOT, d))))).flat().sort();
  const hash = createHash('sha256');
  for (const file of [...files, ...EXTRA_INPUTS.map((f) => join(ROOT, f))]) {
    if (!existsSync(file)) continue;
    hash
      .update(relative(ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return { files, hash: hash.digest('hex').slice(0, 32) };
}

/** Whether dist/ was built from the sources as they are now. */
export async function serverBuildFresh() {
  const { hash } = await serverSources();
  const stamp = await readFile(join(SERVER_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '');
  return stamp.trim() === hash;
}

/**
 * Builds dist/ when it is missing or stale; resolves to what it did. The build goes to a temporary
 * directory that replaces dist/ at the end: a half-written build is never run. Two processes that
 * build at once both succeed (the second finds the first's identical build in place).
 */
export async function ensureServerBuilt(log = () => {}) {
  const started = Date.now();
  const { files, hash } = await serverSources();
  const stamp = await readFile(join(SERVER_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '');
  if (stamp.trim() === hash) return { built: false, hash, ms: Date.now() - started };

  const { build } = await import('esbuild');
  const staging = `${SERVER_BUILD_DIR}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await build({
    entryPoints: files,
    outdir: staging,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    bundle: false,
    logLevel: 'warning',
  });
  await build({
    entryPoints: [join(ROOT, 'src', 'main.ts')],
    outdir: join(staging, 'src'),
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: SERVER_EXTERNAL,
    // Bundled CommonJS packages call require() for Node's built-in modules; an ES module has none.
    banner: {
      js: "import { createRequire as __wheelhouseRequire } from 'node:module'; const require = __wheelhouseRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  await writeFile(join(staging, STAMP_FILE), `${hash}\n`);
  // Another process built the same sources meanwhile (and may be running them): keep its build.
  if ((await readFile(join(SERVER_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '')).trim() === hash) {
    await rm(staging, { recursive: true, force: true });
    return { built: false, hash, ms: Date.now() - started };
  }
  await rm(SERVER_BUILD_DIR, { recursive: true, force: true });
  try {
    await rename(staging, SERVER_BUILD_DIR);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    const other = await readFile(join(SERVER_BUILD_DIR, STAMP_FILE), 'utf8').catch(() => '');
    if (other.trim() !== hash) throw err;
  }
  const ms = Date.now() - started;
  log(`compiled the server in ${ms} ms (dist/)`);
  return { built: true, hash, ms };
}

// `node scripts/server-build.mjs` (npm run build): build if stale and say what happened.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const result = await ensureServerBuilt((line) => process.stdout.write(`${line}\n`));
  if (!result.built) process.stdout.write('dist/ is up to date\n');
}
