import { constants, existsSync } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type OidcConfig, readOidcConfig, readPublicUrl } from './oidc-config.js';

/** A configuration error: one line, naming the setting. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`${setting}: ${problem}`);
  }
}

const ProviderTypes = ['docker', 'kubernetes'] as const;

const providerEntrySchema = z.object({
  key: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, 'key must be lowercase letters, digits, ".", "_" or "-"'),
  type: z.enum(ProviderTypes),
  options: z.record(z.string(), z.unknown()).default({}),
  credential: z.string().optional(),
  default: z.boolean().default(false),
  region: z.string().optional(),
});
const providersFileSchema = z.union([
  z.object({ providers: z.array(providerEntrySchema) }),
  z.array(providerEntrySchema).transform((providers) => ({ providers })),
]);

/** One provider connection, from WHEELHOUSE_PROVIDERS or auto-detection. */
export type ProviderConnection = z.infer<typeof providerEntrySchema>;

/** Everything Wheelhouse reads from its environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  bootstrapToken: string | undefined;
  secretKey: string | undefined;
  /** Explicit connections from WHEELHOUSE_PROVIDERS, or undefined to auto-detect. */
  providers: ProviderConnection[] | undefined;
  dockerHost: string | undefined;
  /** WHEELHOUSE_DOCKER_LABELS: labels every Docker provider adds to everything it creates. */
  dockerLabels: Record<string, string>;
  kubeconfig: string;
  logLevel: string;
  /** Whether this process claims and runs operations (several replicas may). */
  runWorker: boolean;
  /**
   * How long an operation's claim lasts without its executor's heartbeat
   * (WHEELHOUSE_OPERATION_LEASE_SECONDS): after a crash, another process
   * re-claims (and a canary resumes) once it lapses.
   */
  operationLeaseSeconds: number;
  /** Whether this process runs the supervisor (the reconcile loop; replicas share its work). */
  runSupervisor: boolean;
  /** Seconds between supervisor observations of a running instance. */
  supervisorIntervalSeconds: number;
  /** Mutations a token may make per minute. */
  mutationRateLimitPerMinute: number;
  /** A port of its own for /metrics, unauthenticated (0 picks one); undefined serves it on PORT behind a SYSTEM token. */
  metricsPort: number | undefined;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownGraceSeconds: number;
  /** Browser origins allowed besides the server's own (WHEELHOUSE_CORS_ORIGINS; `*` for any); none by default. */
  corsOrigins: string[];
  /** Outbound webhooks: what an attempt may reach, its retry schedule and limits. */
  webhooks: WebhookConfig;
  /** Seconds between the autoscaler's samples and decisions (WHEELHOUSE_AUTOSCALE_INTERVAL_SECONDS, 1–300). */
  autoscaleIntervalSeconds: number;
  /** The Docker edge (WHEELHOUSE_EDGE*): routes, custom domains, TLS. */
  edge: EdgeConfig;
  /** Builds from source (WHEELHOUSE_BUILD*, WHEELHOUSE_GIT_ALLOW_LOCAL). */
  builds: BuildConfig;
  /**
   * WHEELHOUSE_BACKUP_DIR: the backup store, where volume backups' encrypted
   * archives are written (issue 36); `<dataDir>/backups` by default.
   */
  backupDir: string;
  /** Sign-in with OpenID Connect (WHEELHOUSE_OIDC_*); undefined: tokens only. */
  oidc: OidcConfig | undefined;
  /** WHEELHOUSE_PUBLIC_URL: where people reach this server (sign-in redirects); undefined: `http://HOST:PORT`. */
  publicUrl: string | undefined;
}

/** Builds from source (issue 33). */
export interface BuildConfig {
  /** WHEELHOUSE_BUILDER: the key of the Docker provider whose engine builds; the default provider when unset. */
  builder: string | undefined;
  /** WHEELHOUSE_BUILD_REGISTRY: `host[:port]` built images are pushed to; unset keeps them on the builder's engine. */
  registry: string | undefined;
  /** WHEELHOUSE_BUILD_CONCURRENCY: builds run at once per process (1–64, default 2); the rest wait queued. */
  concurrency: number;
  /** WHEELHOUSE_GIT_ALLOW_LOCAL: accept `file://` repositories and private addresses (development, tests). */
  gitAllowLocal: boolean;
  /** WHEELHOUSE_BUILD_ARCHIVE_MAX_MB: the largest uploaded build context, in bytes (default 100 MiB). */
  archiveMaxBytes: number;
}

/** Outbound webhook settings (WHEELHOUSE_WEBHOOK_*). */
export interface WebhookConfig {
  /** Loopback, private, link-local and unique-local targets are allowed (cloud metadata addresses never are). */
  allowPrivate: boolean;
  /** Seconds to wait before each retry; after the last, a delivery is FAILED. */
  retrySeconds: number[];
  /** One attempt's limit, seconds. */
  timeoutSeconds: number;
  /** A webhook whose attempts fail without a success for this long is disabled. */
  disableAfterSeconds: number;
}

/** The Docker edge's settings. */
export interface EdgeConfig {
  /** `auto`: run the edge when HAProxy is installed; `off`: no edge. */
  mode: 'auto' | 'off';
  /** The HAProxy program (WHEELHOUSE_EDGE_HAPROXY; found on PATH or in /usr/sbin by default). */
  haproxyPath: string;
  httpPort: number;
  httpsPort: number;
  host: string;
  domain: string;
  /** How long a replica being replaced may finish requests in flight (WHEELHOUSE_EDGE_DRAIN_SECONDS). */
  drainTimeoutSeconds: number;
  /** How often the process that drives the edge checks the routes and the lease (ms). */
  syncIntervalMs: number;
  /** Scale to zero: how long the waker holds a request for a replica (WHEELHOUSE_EDGE_WAKE_HOLD_SECONDS). */
  wakeHoldSeconds: number;
  /** Scale to zero: requests the waker holds at once, over every service (WHEELHOUSE_EDGE_WAKE_MAX_HELD). */
  wakeMaxHeld: number;
}

const portSchema = z.coerce.number().int().min(0).max(65535);

/**
 * Reads and checks the configuration. Every problem becomes a ConfigError
 * naming the variable, so start-up fails with one clear line.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const port = parseWith('PORT', portSchema, env.PORT ?? '4000');
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(env.WHEELHOUSE_DATA_DIR?.trim() || './.wheelhouse');

  let database: Config['database'];
  const url = env.DATABASE_URL?.trim();
  if (url) {
    database = { kind: 'postgres', url: checkDatabaseUrl(url) };
  } else {
    await checkDataDir(dataDir);
    database = { kind: 'pglite', dataDir: resolve(dataDir, 'pgdata') };
  }

  const bootstrapToken = env.WHEELHOUSE_BOOTSTRAP_TOKEN?.trim() || undefined;
  if (bootstrapToken !== undefined && bootstrapToken.length < 16) {
    throw new ConfigError('WHEELHOUSE_BOOTSTRAP_TOKEN', 'must be at least 16 characters');
  }
  const secretKey = env.WHEELHOUSE_SECRET_KEY?.trim() || undefined;
  if (secretKey !== undefined && !isKey(secretKey)) {
    throw new ConfigError('WHEELHOUSE_SECRET_KEY', 'must be 32 bytes as 64 hex characters or base64');
  }

  const providersFile = env.WHEELHOUSE_PROVIDERS?.trim();
  const providers = providersFile ? await readProvidersFile(providersFile) : undefined;

  return {
    port,
    host,
    database,
    dataDir,
    bootstrapToken,
    secretKey,
    providers,
    dockerHost: env.DOCKER_HOST?.trim() || undefined,
    dockerLabels: parseLabelList('WHEELHOUSE_DOCKER_LABELS', env.WHEELHOUSE_DOCKER_LABELS),
    kubeconfig: env.KUBECONFIG?.trim() || resolve(homedir(), '.kube', 'config'),
    logLevel: parseWith(
      'LOG_LEVEL',
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      env.LOG_LEVEL?.trim() || 'info',
    ),
    runWorker: parseWith('WHEELHOUSE_WORKER', z.enum(['true', 'false', '1', '0']), env.WHEELHOUSE_WORKER ?? 'true')
      .replace('1', 'true')
      .startsWith('t'),
    operationLeaseSeconds: parseWith(
      'WHEELHOUSE_OPERATION_LEASE_SECONDS',
      z.coerce.number().int().min(3).max(600),
      env.WHEELHOUSE_OPERATION_LEASE_SECONDS?.trim() || '30',
    ),
    runSupervisor: parseWith(
      'WHEELHOUSE_SUPERVISOR',
      z.enum(['true', 'false', '1', '0']),
      env.WHEELHOUSE_SUPERVISOR ?? 'true',
    )
      .replace('1', 'true')
      .startsWith('t'),
    supervisorIntervalSeconds: parseWith(
      'WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS',
      z.coerce.number().int().min(1).max(86_400),
      env.WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS ?? '60',
    ),
    mutationRateLimitPerMinute: parseWith(
      'WHEELHOUSE_MUTATION_RATE_LIMIT',
      z.coerce.number().int().min(1).max(1_000_000),
      env.WHEELHOUSE_MUTATION_RATE_LIMIT ?? '600',
    ),
    metricsPort: env.WHEELHOUSE_METRICS_PORT?.trim()
      ? parseWith('WHEELHOUSE_METRICS_PORT', portSchema, env.WHEELHOUSE_METRICS_PORT.trim())
      : undefined,
    shutdownGraceSeconds: parseWith(
      'WHEELHOUSE_SHUTDOWN_GRACE_SECONDS',
      z.coerce.number().min(0).max(3600),
      env.WHEELHOUSE_SHUTDOWN_GRACE_SECONDS ?? '20',
    ),
    corsOrigins: parseOrigins(env.WHEELHOUSE_CORS_ORIGINS),
    webhooks: readWebhookConfig(env),
    autoscaleIntervalSeconds: parseWith(
      'WHEELHOUSE_AUTOSCALE_INTERVAL_SECONDS',
      z.coerce.number().int().min(1).max(300),
      env.WHEELHOUSE_AUTOSCALE_INTERVAL_SECONDS ?? '15',
    ),
    edge: readEdgeConfig(env),
    builds: readBuildConfig(env),
    backupDir: resolve(env.WHEELHOUSE_BACKUP_DIR?.trim() || resolve(dataDir, 'backups')),
    oidc: readOidcConfig(env),
    publicUrl: readPublicUrl(env),
  };
}

function readBuildConfig(env: NodeJS.ProcessEnv): BuildConfig {
  const registry = env.WHEELHOUSE_BUILD_REGISTRY?.trim() || undefined;
  if (registry !== undefined && !/^[a-zA-Z0-9.-]+(:\d{1,5})?(\/[a-z0-9._/-]+)?$/.test(registry))
    throw new ConfigError('WHEELHOUSE_BUILD_REGISTRY', `${JSON.stringify(registry)} is not a registry (host[:port])`);
  return {
    builder: env.WHEELHOUSE_BUILDER?.trim() || undefined,
    registry,
    concurrency: parseWith(
      'WHEELHOUSE_BUILD_CONCURRENCY',
      z.coerce.number().int().min(1).max(64),
      env.WHEELHOUSE_BUILD_CONCURRENCY?.trim() || '2',
    ),
    gitAllowLocal:
      parseWith(
        'WHEELHOUSE_GIT_ALLOW_LOCAL',
        z.enum(['true', 'false', '1', '0']),
        env.WHEELHOUSE_GIT_ALLOW_LOCAL?.trim() || 'false',
      ).match(/^(true|1)$/) !== null,
    archiveMaxBytes:
      parseWith(
        'WHEELHOUSE_BUILD_ARCHIVE_MAX_MB',
        z.coerce.number().int().min(1).max(10_240),
        env.WHEELHOUSE_BUILD_ARCHIVE_MAX_MB?.trim() || '100',
      ) *
      1024 *
      1024,
  };
}

function readWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const rawRetries = env.WHEELHOUSE_WEBHOOK_RETRY_SECONDS?.trim() || '5,30,120,600,1800,3600,10800,21600';
  const retrySeconds = rawRetries.split(',').map((part) =>
    parseWith(
      'WHEELHOUSE_WEBHOOK_RETRY_SECONDS',
      z.coerce
        .number()
        .min(0)
        .max(7 * 86_400),
      part.trim(),
    ),
  );
  if (retrySeconds.length > 20) throw new ConfigError('WHEELHOUSE_WEBHOOK_RETRY_SECONDS', 'at most 20 delays');
  return {
    allowPrivate: parseWith(
      'WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE',
      z.enum(['true', 'false', '1', '0']),
      env.WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE?.trim() || 'false',
    )
      .replace('1', 'true')
      .startsWith('t'),
    retrySeconds,
    timeoutSeconds: parseWith(
      'WHEELHOUSE_WEBHOOK_TIMEOUT_SECONDS',
      z.coerce.number().min(0.1).max(300),
      env.WHEELHOUSE_WEBHOOK_TIMEOUT_SECONDS?.trim() || '10',
    ),
    disableAfterSeconds: parseWith(
      'WHEELHOUSE_WEBHOOK_DISABLE_AFTER_SECONDS',
      z.coerce
        .number()
        .min(1)
        .max(365 * 86_400),
      env.WHEELHOUSE_WEBHOOK_DISABLE_AFTER_SECONDS?.trim() || String(5 * 86_400),
    ),
  };
}

/**
 * `key=value,key=value` into labels. Keys follow Docker's label syntax and stay
 * out of the provider's own `wheelhouse.` keys; values may be empty but hold no comma.
 */
function parseLabelList(setting: string, raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of (raw ?? '').split(',')) {
    if (!item.trim()) continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim();
    if (eq < 0 || !/^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$/.test(key)) {
      throw new ConfigError(
        setting,
        `${JSON.stringify(item.trim())} is not key=value with a label key (letters, digits, . _ / -)`,
      );
    }
    if (key.startsWith('wheelhouse.'))
      throw new ConfigError(setting, `label key ${key}: keys under wheelhouse. are reserved`);
    out[key] = item.slice(eq + 1).trim();
  }
  return out;
}

/** A comma-separated list of origins (`https://host[:port]`) or `*`, each normalised as a browser sends it. */
function parseOrigins(raw: string | undefined): string[] {
  const out: string[] = [];
  for (const item of (raw ?? '').split(',').map((s) => s.trim())) {
    if (!item) continue;
    if (item === '*') {
      out.push(item);
      continue;
    }
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new ConfigError('WHEELHOUSE_CORS_ORIGINS', `"${item}" is not an origin (expected https://host[:port])`);
    }
    const onlyOrigin = url.pathname === '/' && !url.search && !url.hash && !url.username;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !onlyOrigin) {
      throw new ConfigError('WHEELHOUSE_CORS_ORIGINS', `"${item}" is not an origin (expected https://host[:port])`);
    }
    out.push(url.origin);
  }
  return out;
}

const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function readEdgeConfig(env: NodeJS.ProcessEnv): EdgeConfig {
  const domain = (env.WHEELHOUSE_EDGE_DOMAIN?.trim() || 'localhost').toLowerCase();
  if (!DNS_NAME.test(domain))
    throw new ConfigError('WHEELHOUSE_EDGE_DOMAIN', `${JSON.stringify(domain)} is not a DNS name`);
  return {
    mode: parseWith('WHEELHOUSE_EDGE', z.enum(['auto', 'off']), env.WHEELHOUSE_EDGE?.trim() || 'auto'),
    haproxyPath: env.WHEELHOUSE_EDGE_HAPROXY?.trim() || findOnPath('haproxy', env.PATH) || '/usr/sbin/haproxy',
    httpPort: parseWith('WHEELHOUSE_EDGE_HTTP_PORT', portSchema, env.WHEELHOUSE_EDGE_HTTP_PORT?.trim() || '8080'),
    httpsPort: parseWith('WHEELHOUSE_EDGE_HTTPS_PORT', portSchema, env.WHEELHOUSE_EDGE_HTTPS_PORT?.trim() || '8443'),
    host: env.WHEELHOUSE_EDGE_HOST?.trim() || '127.0.0.1',
    domain,
    drainTimeoutSeconds: parseWith(
      'WHEELHOUSE_EDGE_DRAIN_SECONDS',
      z.coerce.number().min(0).max(3600),
      env.WHEELHOUSE_EDGE_DRAIN_SECONDS?.trim() || '30',
    ),
    syncIntervalMs: 2000,
    // Below HAProxy's `timeout server` (60 s), so the edge never cuts a held request before the waker answers it.
    wakeHoldSeconds: parseWith(
      'WHEELHOUSE_EDGE_WAKE_HOLD_SECONDS',
      z.coerce.number().min(1).max(55),
      env.WHEELHOUSE_EDGE_WAKE_HOLD_SECONDS?.trim() || '30',
    ),
    wakeMaxHeld: parseWith(
      'WHEELHOUSE_EDGE_WAKE_MAX_HELD',
      z.coerce.number().int().min(1).max(10_000),
      env.WHEELHOUSE_EDGE_WAKE_MAX_HELD?.trim() || '200',
    ),
  };
}

function findOnPath(program: string, path: string | undefined): string | undefined {
  for (const dir of [...(path ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = resolve(dir, program);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function parseWith<T>(setting: string, schema: z.ZodType<T>, raw: string): T {
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new ConfigError(setting, `invalid value ${JSON.stringify(raw)} (${r.error.issues[0]?.message})`);
  return r.data;
}

function checkDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL', 'is not a URL (expected postgres://user:password@host:5432/database)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `unsupported scheme "${parsed.protocol}" (expected postgres://)`);
  }
  if (!parsed.pathname || parsed.pathname === '/') {
    throw new ConfigError('DATABASE_URL', 'names no database (expected postgres://host/database)');
  }
  return url;
}

async function checkDataDir(dir: string): Promise<void> {
  try {
    const s = await stat(dir);
    if (!s.isDirectory()) throw new ConfigError('WHEELHOUSE_DATA_DIR', `${dir} is not a directory`);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError('WHEELHOUSE_DATA_DIR', `${dir} cannot be read (${(err as NodeJS.ErrnoException).code})`);
    }
    try {
      await mkdir(dir, { recursive: true });
    } catch (e) {
      throw new ConfigError('WHEELHOUSE_DATA_DIR', `${dir} cannot be created (${(e as NodeJS.ErrnoException).code})`);
    }
  }
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new ConfigError('WHEELHOUSE_DATA_DIR', `${dir} is not readable and writable`);
  }
}

function isKey(s: string): boolean {
  if (/^[0-9a-fA-F]{64}$/.test(s)) return true;
  try {
    return Buffer.from(s, 'base64').length === 32;
  } catch {
    return false;
  }
}

async function readProvidersFile(path: string): Promise<ProviderConnection[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new ConfigError('WHEELHOUSE_PROVIDERS', `cannot read ${path} (${(err as NodeJS.ErrnoException).code})`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new ConfigError(
      'WHEELHOUSE_PROVIDERS',
      `${path} is not valid YAML/JSON: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const r = providersFileSchema.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ConfigError('WHEELHOUSE_PROVIDERS', `${path}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const keys = new Set<string>();
  for (const p of r.data.providers) {
    if (keys.has(p.key)) throw new ConfigError('WHEELHOUSE_PROVIDERS', `${path}: duplicate key "${p.key}"`);
    keys.add(p.key);
  }
  if (r.data.providers.filter((p) => p.default).length > 1) {
    throw new ConfigError('WHEELHOUSE_PROVIDERS', `${path}: more than one provider is marked default`);
  }
  return r.data.providers;
}
