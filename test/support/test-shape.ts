/**
 * Which test files differ by database, read from the files themselves, so no
 * list is kept by hand. CI runs the suite twice, once on PGlite and once on
 * Postgres, but only the tests that use the pass's database can behave
 * differently between the two; the others (unit tests, tests that drive the
 * Docker Engine, HAProxy or a browser, processes with databases of their own)
 * would only take the same time twice. `WHEELHOUSE_TEST_ONLY` (TEST_SUBSETS)
 * makes vitest.config.ts run a subset: the PGlite pass runs the files that
 * differ by database; the Postgres pass runs everything.
 *
 * A file uses the pass's database when it, or a test module it imports
 * (transitively), calls one of PASS_DATABASE below. It drives a real
 * component when it, or a module it imports, imports one of the ENGINE
 * modules or packages; such a file runs once, on the Postgres pass (with the
 * dockerd outage), even when it also uses the database: the database code it
 * reaches is what the database-only files already run on both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The calls that open the pass's own database (test/support/database.ts). */
const PASS_DATABASE = /\b(openTestDatabase|testDatabaseTarget|usingPostgres)\(/;

/** What makes a file drive a real component besides the database: the Docker Engine, HAProxy, a browser. */
const ENGINE_MODULES = ['test/support/docker-images.ts', 'test/support/own-dockerd.ts', 'test/support/edge.ts'];
const ENGINE_PACKAGES = ['playwright-core', 'dockerode'];

/** What a test file reaches. */
export interface TestShape {
  /** It uses the database of the pass it runs in (so it may differ between PGlite and Postgres). */
  database: boolean;
  /** It drives the Docker Engine, HAProxy or a browser. */
  engine: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The shape of every `*.test.ts` under `test/`, by path relative to `root`. */
export function testShapes(root: string): Map<string, TestShape> {
  const memo = new Map<string, TestShape>();
  const shapeOf = (file: string, seen: Set<string>): TestShape => {
    const known = memo.get(file);
    if (known) return known;
    const rel = relative(root, file);
    const shape: TestShape = { database: false, engine: ENGINE_MODULES.includes(rel) };
    if (seen.has(file)) return shape;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (rel !== 'test/support/database.ts' && PASS_DATABASE.test(text)) shape.database = true;
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? '';
      if (ENGINE_PACKAGES.includes(spec)) shape.engine = true;
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      // Only the suite's own modules: src/ is what every test exercises, not how it runs.
      if (!relative(root, target).startsWith('test/')) continue;
      const inner = shapeOf(target, seen);
      shape.database ||= inner.database;
      shape.engine ||= inner.engine;
    }
    memo.set(file, shape);
    return shape;
  };
  const out = new Map<string, TestShape>();
  for (const file of testFiles(join(root, 'test'))) out.set(relative(root, file), shapeOf(file, new Set()));
  return out;
}

/**
 * The subsets a CI pass may ask for (`WHEELHOUSE_TEST_ONLY`): `database`, the files that use the pass's
 * database and drive no real component (the PGlite pass); `no-engine`, every file that drives no real
 * component (the Node 24 pass, which checks the runtime, not the engine again).
 */
export const TEST_SUBSETS = {
  database: (s: TestShape) => s.database && !s.engine,
  'no-engine': (s: TestShape) => !s.engine,
} as const;
export type TestSubset = keyof typeof TEST_SUBSETS;

/** The test files of one subset, relative to `root`; an unknown subset name throws, naming the known ones. */
export function filesOf(root: string, subset: string): string[] {
  const keep = TEST_SUBSETS[subset as TestSubset];
  if (!keep) throw new Error(`WHEELHOUSE_TEST_ONLY=${subset}: expected one of ${Object.keys(TEST_SUBSETS).join(', ')}`);
  return [...testShapes(root)].filter(([, s]) => keep(s)).map(([f]) => f);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}
