import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import envPaths from 'env-paths';
import { CliError, ExitCode } from './exit-codes.js';

/** Where the CLI talks to and as whom. */
export interface Connection {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql. */
  url: string;
  /** The bearer token. */
  token: string;
}

/** What `login` stores. */
export interface StoredConfig {
  url?: string;
  token?: string;
}

/**
 * The config file: `WHEELHOUSE_CONFIG` when set (tests, several profiles),
 * else `config.json` in the user's config directory (XDG on Linux).
 */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WHEELHOUSE_CONFIG?.trim() || join(envPaths('wheelhouse', { suffix: '' }).config, 'config.json');
}

/** Reads the stored config; an absent file is an empty one. */
export async function readStoredConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as StoredConfig;
    return { url: parsed.url, token: parsed.token };
  } catch {
    throw new CliError(`${path}: not valid JSON; run \`wheelhouse login\` again`, ExitCode.USAGE);
  }
}

/** Writes the config readable by its owner only (it holds a bearer token). */
export async function writeStoredConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only when it creates the file: tighten an older one too.
  await chmod(path, 0o600);
}

/** The connection to use: WHEELHOUSE_URL / WHEELHOUSE_TOKEN override the stored values. */
export async function resolveConnection(env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  const stored = await readStoredConfig(configPath(env));
  const url = env.WHEELHOUSE_URL?.trim() || stored.url;
  const token = env.WHEELHOUSE_TOKEN?.trim() || stored.token;
  if (!url || !token) {
    throw new CliError(
      'not logged in: run `wheelhouse login` or set WHEELHOUSE_URL and WHEELHOUSE_TOKEN',
      ExitCode.AUTH,
    );
  }
  return { url: normalizeUrl(url), token };
}

/** Accepts a server root or the endpoint itself: `http://host:4000` means `http://host:4000/graphql`. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`url: "${raw}" is not a URL`, ExitCode.USAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`url: "${raw}" must be http:// or https://`, ExitCode.USAGE);
  }
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/graphql';
  return url.toString();
}
