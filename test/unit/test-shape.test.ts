/**
 * The suite's own shape (test/support/test-shape.ts): which files the PGlite
 * pass runs is read from their imports, on a tree made here (every rule, with
 * its negative) and on the suite itself.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOf, testShapes } from '../support/test-shape.js';

const ROOT = join(import.meta.dirname, '../..');

describe('the test shape', () => {
  let root: string;
  const files: Record<string, string> = {
    'test/support/database.ts': 'export function openTestDatabase() {}\nexport const usingPostgres = () => false;',
    'test/support/app.ts':
      "import { openTestDatabase } from './database.js';\nexport const app = () => openTestDatabase();",
    'test/support/docker-images.ts': 'export const images = 1;',
    'test/support/helper.ts': "import { images } from './docker-images.js';\nexport const h = images;",
    'test/support/loop-a.ts': "import { b } from './loop-b.js';\nexport const a = b;",
    'test/support/loop-b.ts':
      "import { a } from './loop-a.js';\nimport { app } from './app.js';\nexport const b = a ?? app;",
    'test/x/uses-app.test.ts': "import { app } from '../support/app.js';\napp();",
    'test/x/own-call.test.ts': "import { openTestDatabase } from '../support/database.js';\nopenTestDatabase();",
    'test/x/imports-only.test.ts': "import { type X } from '../support/database.js';",
    'test/x/docker.test.ts': "import { app } from '../support/app.js';\nimport { h } from '../support/helper.js';",
    'test/x/browser.test.ts': "import { chromium } from 'playwright-core';",
    'test/x/lazy.test.ts': "const m = await import('../support/app.js');",
    'test/x/loop.test.ts': "import { a } from '../support/loop-a.js';",
    'test/x/src-only.test.ts': "import { x } from '../../src/db/connect.js';",
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wh-shape-'));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reads database use and real components through imports, dynamic ones and cycles included', () => {
    expect(Object.fromEntries(testShapes(root))).toEqual({
      'test/x/uses-app.test.ts': { database: true, engine: false },
      'test/x/own-call.test.ts': { database: true, engine: false },
      'test/x/imports-only.test.ts': { database: false, engine: false },
      'test/x/docker.test.ts': { database: true, engine: true },
      'test/x/browser.test.ts': { database: false, engine: true },
      'test/x/lazy.test.ts': { database: true, engine: false },
      'test/x/loop.test.ts': { database: true, engine: false },
      'test/x/src-only.test.ts': { database: false, engine: false },
    });
    expect(filesOf(root, 'database').sort()).toEqual([
      'test/x/lazy.test.ts',
      'test/x/loop.test.ts',
      'test/x/own-call.test.ts',
      'test/x/uses-app.test.ts',
    ]);
    expect(filesOf(root, 'no-engine')).not.toContain('test/x/docker.test.ts');
    expect(() => filesOf(root, 'everything')).toThrow(/expected one of database, no-engine/);
  });

  it('runs the suite’s database tests on both passes and its engine tests once', () => {
    const shapes = testShapes(ROOT);
    // A control-plane test on the fake provider differs by database; an edge test drives HAProxy and Docker.
    expect(shapes.get('test/control/operations.test.ts')).toEqual({ database: true, engine: false });
    expect(shapes.get('test/edge/canary.test.ts')?.engine).toBe(true);
    expect(shapes.get('test/browser/graphiql.test.ts')?.engine).toBe(true);
    expect(shapes.get('test/unit/cursor.test.ts')).toEqual({ database: false, engine: false });
    const database = filesOf(ROOT, 'database');
    expect(database).toContain('test/security/isolation.test.ts');
    expect(database).not.toContain('test/edge/canary.test.ts');
    expect(database).not.toContain('test/unit/cursor.test.ts');
  });
});
