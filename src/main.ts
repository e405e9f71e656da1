import { ConfigError, loadConfig } from './config.js';

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
  try {
    app = await buildApp({ config, logger, registry });
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
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
