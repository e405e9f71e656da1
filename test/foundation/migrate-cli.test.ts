import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { openDatabase } from '../../src/db/connect.js';
import { nodeArgsFor } from '../support/server-command.js';

/**
 * `npm run migrate` as an operator runs it: the real script in a child
 * process against an embedded database directory, each effect checked in the
 * database itself. A database migrated by newer code is refused by both the
 * script and the server.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wh-migrate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgsFor(script), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        WHEELHOUSE_DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), SLOW);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

const migrate = (args: string[], dataDir: string) => run('src/db/migrate-cli.ts', args, dataDir);

/** What the database itself says: the applied migration names and whether the instances table exists. */
async function inspect(dataDir: string): Promise<{ applied: string[]; hasInstances: boolean }> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
  try {
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(handle.db);
    const names = tables.rows.map((r) => r.name);
    const applied = names.includes('kysely_migration')
      ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map(
          (r) => r.name,
        )
      : [];
    return { applied, hasInstances: names.includes('instances') };
  } finally {
    await handle.close();
  }
}

const latest = Object.keys(migrations).sort().at(-1)!;
// Each step starts a fresh Node process with tsx and an embedded database: seconds on a quiet
// machine, much more on a loaded one. Nothing here measures time.
const SLOW = 300_000;

describe('npm run migrate', () => {
  it(
    'status, up and down change the database as they say, one line per migration',
    async () => {
      const data = join(dir, 'updown');
      const before = await migrate(['status'], data);
      expect(before.code).toBe(0);
      // The positive control of the usage test's check: any command that opens the database creates its directory.
      expect(existsSync(join(data, 'pgdata'))).toBe(true);
      expect(before.out).toContain(`${latest}  pending`);

      const up = await migrate(['up'], data);
      expect(up.code, up.err).toBe(0);
      expect(up.out).toContain(`applied ${latest}`);
      expect(await inspect(data)).toEqual({ applied: Object.keys(migrations).sort(), hasInstances: true });

      const again = await migrate(['up'], data);
      expect(again.out.trim()).toBe('up to date');
      expect((await migrate(['status'], data)).out).toMatch(new RegExp(`${latest}  applied \\d{4}-`));

      const down = await migrate(['down', '--all'], data);
      expect(down.code, down.err).toBe(0);
      expect(down.out).toContain(`reverted ${latest}`);
      expect(await inspect(data)).toEqual({ applied: [], hasInstances: false });
    },
    SLOW,
  );

  it(
    'a usage error exits 2 and changes nothing',
    async () => {
      const data = join(dir, 'usage');
      const result = await migrate(['sideways'], data);
      expect(result.code).toBe(2);
      expect(result.err).toContain("unknown command 'sideways'");
      // Nothing at all: not even the database directory (which any open creates; see the first test).
      expect(existsSync(data)).toBe(false);
    },
    SLOW,
  );

  it(
    'a database migrated by newer code is refused by migrate and by the server, with a message saying so',
    async () => {
      const data = join(dir, 'newer');
      expect((await migrate(['up'], data)).code).toBe(0);
      // Positive control: before the newer migration exists, nothing is unknown.
      expect((await migrate(['status'], data)).out).not.toContain('unknown');

      const handle = await openDatabase({ kind: 'pglite', dataDir: join(data, 'pgdata') });
      await sql`insert into kysely_migration (name, timestamp) values ('2999-01-01T00-00-00-from-the-future', now()::text)`.execute(
        handle.db,
      );
      await handle.close();

      const status = await migrate(['status'], data);
      expect(status.out).toContain('2999-01-01T00-00-00-from-the-future  unknown (newer code)');
      const up = await migrate(['up'], data);
      expect(up.code).toBe(1);
      expect(up.err).toContain('migrated by a newer version of Wheelhouse');

      const server = await run('src/main.ts', [], data);
      expect(server.code).toBe(2);
      expect(server.err).toContain('migrated by a newer version of Wheelhouse');
      expect(server.err).toContain('2999-01-01T00-00-00-from-the-future');
      expect(server.out).not.toContain('wheelhouse is serving');
    },
    SLOW,
  );
});
