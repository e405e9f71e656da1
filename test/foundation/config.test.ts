import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeArgsFor } from '../support/server-command.js';

/**
 * Start-up as a user meets it: the real entry point in a child process.
 * A bad setting stops it with one clear line naming the setting (no stack
 * trace); `npm start` on a fresh data dir serves and prints the first token
 * once; SIGTERM stops it cleanly.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wh-startup-'));
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  }
  await rm(dir, { recursive: true, force: true });
});

/** Only what a user's shell would have, plus `env`: no test-runner or CI variables leak in. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  // WHEELHOUSE_EDGE=off: a server that finds Docker starts the edge, a detached HAProxy that outlives it by
  // design; these starts are about settings and the first token, not routes.
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', WHEELHOUSE_EDGE: 'off', ...env };
}

/** Runs `node --import tsx src/main.ts` to its end (it should not get as far as serving). */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
      cwd: root,
      env: cleanEnv({ PORT: '0', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 90 s; stdout: ${stdout} stderr: ${stderr}`));
    }, 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

interface Server {
  child: ChildProcess;
  lines: string[];
  stderr: () => string;
  /** Resolves with the first stdout line matching `test` (already printed or yet to come). */
  waitFor(test: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves once the process and everything it started that shares its output have exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a long-running server process in its own process group. */
function startServer(command: string, args: string[], env: Record<string, string>): Server {
  const child = spawn(command, args, {
    cwd: root,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  const lines: string[] = [];
  const waiters = new Set<{ test: (l: string) => boolean; resolve: (l: string) => void }>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters) {
      if (w.test(line)) {
        waiters.delete(w);
        w.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  // 'close', not 'exit': it waits for every process holding the output pipes (npm's children too).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor(test, timeoutMs = 90_000) {
      const seen = lines.find(test);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no such line in ${timeoutMs} ms; stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`));
        }, timeoutMs);
        const w = {
          test,
          resolve: (l: string) => {
            clearTimeout(timer);
            resolve(l);
          },
        };
        waiters.add(w);
        void exited.then(() => {
          if (waiters.has(w)) {
            waiters.delete(w);
            clearTimeout(timer);
            reject(new Error(`exited before printing the line; stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`));
          }
        });
      });
    },
  };
}

/** The URL main logs (pino JSON on stdout) once it serves. */
async function servingUrl(server: Server): Promise<string> {
  const line = await server.waitFor((l) => l.startsWith('{') && l.includes('"url"'));
  const url = (JSON.parse(line) as { url?: unknown }).url;
  if (typeof url !== 'string') throw new Error(`no url in ${line}`);
  return url;
}

const TOKEN_LINE = /first API token .*: (whk_\S+)$/;

async function viewerTenant(url: string, token: string): Promise<{ status: number; tenant?: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ viewer { tenant { name } } }' }),
  });
  const body = (await res.json()) as { data?: { viewer?: { tenant?: { name?: string } } } };
  return { status: res.status, tenant: body.data?.viewer?.tenant?.name };
}

describe.concurrent('a bad setting stops start-up with one line naming it', () => {
  const cases: Array<[string, string, () => Promise<Record<string, string>>]> = [
    ['DATABASE_URL', 'that is not a URL', async () => ({ DATABASE_URL: 'not-a-url' })],
    ['DATABASE_URL', 'of another database', async () => ({ DATABASE_URL: 'mysql://x/y' })],
    [
      'DATABASE_URL',
      'of a server that does not answer',
      async () => ({ DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/nothing' }),
    ],
    [
      'WHEELHOUSE_DATA_DIR',
      'under a regular file',
      async () => {
        const file = join(dir, 'a-file');
        await writeFile(file, 'not a directory');
        return { WHEELHOUSE_DATA_DIR: join(file, 'sub') };
      },
    ],
    [
      'WHEELHOUSE_DATA_DIR',
      'that is a regular file',
      async () => {
        const file = join(dir, 'another-file');
        await writeFile(file, 'not a directory');
        return { WHEELHOUSE_DATA_DIR: file };
      },
    ],
    [
      'WHEELHOUSE_PROVIDERS',
      'naming a missing file',
      async () => ({ WHEELHOUSE_PROVIDERS: join(dir, 'missing.yaml') }),
    ],
    [
      'WHEELHOUSE_PROVIDERS',
      'that is not YAML',
      async () => {
        const file = join(dir, 'broken.yaml');
        await writeFile(file, 'providers: [\n  - key: a\n  type: ][');
        return { WHEELHOUSE_PROVIDERS: file };
      },
    ],
    [
      'WHEELHOUSE_PROVIDERS',
      'that breaks the schema',
      async () => {
        const file = join(dir, 'invalid.yaml');
        await writeFile(file, 'providers:\n  - key: Bad Key\n    type: docker\n');
        return { WHEELHOUSE_PROVIDERS: file };
      },
    ],
    ['PORT', 'that is not a number', async () => ({ PORT: 'abc' })],
  ];

  it.each(cases)(
    '%s %s',
    async (setting, _what, makeEnv) => {
      const env = await makeEnv();
      const { code, stdout, stderr } = await runMain({ WHEELHOUSE_DATA_DIR: join(dir, 'data'), ...env });
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = stderr.split('\n').filter((l) => l.length > 0);
      expect(lines, `stderr was:\n${stderr}`).toHaveLength(1);
      expect(stderr.endsWith('\n')).toBe(true);
      expect(lines[0]).toContain(setting);
      expect(lines[0]).toMatch(/^wheelhouse: /);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).not.toMatch(/^\s+at /m);
    },
    120_000,
  );
});

describe('npm start', () => {
  let dataDir: string;
  let firstToken: string;

  beforeAll(async () => {
    dataDir = join(dir, 'fresh');
  });

  it('serves /graphql and /healthz on a fresh data dir and prints the first token once', async () => {
    const server = startServer('npm', ['start', '--silent'], { PORT: '0', WHEELHOUSE_DATA_DIR: dataDir });
    try {
      const url = await servingUrl(server);
      const tokenLines = server.lines.filter((l) => TOKEN_LINE.test(l));
      expect(tokenLines, server.lines.join('\n')).toHaveLength(1);
      firstToken = TOKEN_LINE.exec(tokenLines[0]!)![1]!;

      const health = await fetch(new URL('/healthz', url));
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(new URL('/readyz', url));
      expect(ready.status).toBe(200);
      await ready.body?.cancel();
      expect(await viewerTenant(url, firstToken)).toEqual({ status: 200, tenant: 'default' });
    } finally {
      // npm does not pass SIGTERM on to its child: signal the whole group, as a terminal does on Ctrl-C.
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
    await server.waitFor((l) => l.includes('"msg":"stopping"'), 10_000);
    expect(server.lines.filter((l) => TOKEN_LINE.test(l))).toHaveLength(1);
  }, 120_000);

  it('does not print a new token on the next start, keeps the first one working, and exits 0 on SIGTERM', async () => {
    expect(firstToken).toBeDefined();
    const server = startServer(process.execPath, nodeArgsFor('src/main.ts'), {
      PORT: '0',
      WHEELHOUSE_DATA_DIR: dataDir,
    });
    let url: string;
    try {
      url = await servingUrl(server);
      expect(server.lines.some((l) => l.includes('first API token'))).toBe(false);
      expect(await viewerTenant(url, firstToken)).toEqual({ status: 200, tenant: 'default' });
      expect((await fetch(new URL('/healthz', url))).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
    expect(server.lines.some((l) => l.includes('first API token'))).toBe(false);
    await expect(fetch(new URL('/healthz', url))).rejects.toThrow();
  }, 120_000);
});
