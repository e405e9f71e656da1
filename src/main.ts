import module from 'node:module';
import { type Config, ConfigError, loadConfig } from './config.js';

// On Node 22.1 and later, V8's compiled code for the server's modules is kept on disk (in the system's
// temporary directory) and reused by the next start instead of parsing and compiling them again.
// Node 20 has no such cache: there this does nothing.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

/** Reads configuration, starts Wheelhouse, and stops it cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: Awaited<ReturnType<typeof loadConfig>>;
  try {
    config = await loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`wheelhouse: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // The database opens and migrates while the server's modules load: PGlite's WASM compiles on other threads
  // and a Postgres connection's handshake is a wait, either of which a start would otherwise spend doing nothing.
  // Its failure is reported where buildApp would have hit it (the catch here only keeps it from being unhandled).
  const opening = openAndMigrate(config.database);
  opening.catch(() => {});
  // Only once the settings are good: a mistyped setting is reported in a fraction of a second instead of after
  // loading the server, its providers' clients and the database drivers.
  const [{ buildApp }, { createLogger }, { registerConfiguredProviders }, { Registry }, consoleBuild, diagnostics] =
    await Promise.all([
      import('./app.js'),
      import('./logger.js'),
      import('./providers/configure.js'),
      import('./providers/registry.js'),
      import('./server/console-build.js'),
      import('./server/stream-diagnostics.js'),
    ]);
  const { ensureConsoleBuilt } = consoleBuild;
  const { dumpStreamsOnSignal } = diagnostics;
  const logger = createLogger(config.logLevel);
  const registry = new Registry();
  try {
    await registerConfiguredProviders(registry, config, logger);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`wheelhouse: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<typeof opening>;
  try {
    database = await opening;
    app = await buildApp({ config, logger, registry, database, migrated: true });
  } catch (err) {
    const setting = config.database.kind === 'postgres' ? 'DATABASE_URL' : 'WHEELHOUSE_DATA_DIR';
    process.stderr.write(`wheelhouse: cannot open the database (${setting}): ${(err as Error).message}\n`);
    process.exit(2);
  }
  // Before listening, so `/` never serves a missing or stale console.
  await ensureConsoleBuilt((line) => logger.info(line));
  const { url } = await app.start();
  logger.info({ url, database: config.database.kind, providers: registry.list() }, 'wheelhouse is serving');
  // `kill -USR2 <pid>`: every open event stream's state, in the log (docs/operations.md).
  dumpStreamsOnSignal('SIGUSR2', app.services.events, logger);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Opens the configured database and brings it to the latest migration. */
async function openAndMigrate(target: Config['database']) {
  const [{ openDatabase }, { migrateToLatest }] = await Promise.all([
    import('./db/connect.js'),
    import('./db/migrator.js'),
  ]);
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

await main();
