import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './connect.js';
import { migrateDown, migrateToLatest, migrationStatus } from './migrator.js';

/**
 * `npm run migrate -- up|down|status`: for operators who migrate the database
 * before rolling out new replicas (the server also migrates up on start). It
 * reads the same configuration as the server (DATABASE_URL or
 * WHEELHOUSE_DATA_DIR) and prints one line per migration.
 * Exit codes: 0 done, 1 a migration failed or the database is newer than this
 * code, 2 a configuration error.
 */
const program = new Command('wheelhouse-migrate')
  .description("Migrates Wheelhouse's database (DATABASE_URL, or the embedded one in WHEELHOUSE_DATA_DIR).")
  .showHelpAfterError()
  // Usage errors exit 2 (as configuration errors do); help itself exits 0.
  .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

program
  .command('status')
  .description('List every migration: applied (with when), pending, or unknown to this version.')
  .action(() =>
    withDatabase(async (db) => {
      for (const m of await migrationStatus(db)) {
        const state = !m.known
          ? 'unknown (newer code)'
          : m.executedAt
            ? `applied ${m.executedAt.toISOString()}`
            : 'pending';
        process.stdout.write(`${m.name}  ${state}\n`);
      }
    }),
  );

program
  .command('up')
  .description('Apply every pending migration.')
  .action(() =>
    withDatabase(async (db) => {
      const result = await migrateToLatest(db);
      const applied = (result.results ?? []).map((r) => r.migrationName);
      process.stdout.write(applied.length ? applied.map((n) => `applied ${n}\n`).join('') : 'up to date\n');
    }),
  );

program
  .command('down')
  .description('Undo the newest applied migration (with --all, every one: this drops all data).')
  .option('--all', 'undo every migration')
  .action((opts: { all?: boolean }) =>
    withDatabase(async (db) => {
      const undone = await migrateDown(db, { all: opts.all });
      process.stdout.write(undone.length ? undone.map((n) => `reverted ${n}\n`).join('') : 'nothing to undo\n');
    }),
  );

async function withDatabase(work: (db: Parameters<typeof migrateToLatest>[0]) => Promise<void>): Promise<void> {
  let config: Awaited<ReturnType<typeof loadConfig>>;
  try {
    config = await loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`wheelhouse-migrate: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const handle = await openDatabase(config.database);
  try {
    await work(handle.db);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`wheelhouse-migrate: ${message}\n`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

await program.parseAsync(process.argv);
