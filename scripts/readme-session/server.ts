/**
 * The server the session talks to, started as the README's "Install and
 * start" says (`npm start`, i.e. `node scripts/start.mjs`) on a fresh data
 * dir, with free ports instead of 4000/8080/8443 so it can run beside another
 * Wheelhouse. Its first start prints the token the session uses.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { edgePaths, stopProcess } from '../../src/providers/docker/docker-edge-process.js';

/** A running session server. */
export interface SessionServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>/graphql`. */
  url: string;
  /** The edge's `http://127.0.0.1:<port>` and `https://…`. */
  edgeHttp: string;
  edgeHttps: string;
  /** The first API token the first start printed. */
  token: string;
  /** Everything it logged so far. */
  log(): string;
  /** SIGTERM, then the edge's HAProxy (which outlives the server by design). */
  stop(): Promise<void>;
}

/** Starts the server from `root` with `dataDir`; `env` adds settings (short drains, labels). */
export async function startSessionServer(
  root: string,
  dataDir: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<SessionServer> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WHEELHOUSE_DATA_DIR: dataDir,
      WHEELHOUSE_EDGE_HTTP_PORT: '0',
      WHEELHOUSE_EDGE_HTTPS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await stopProcess(edgePaths(join(dataDir, 'edge')));
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const token = out.match(/first API token for tenant "default" \(shown once, store it now\): (whk_\S+)/)?.[1];
    const serving = jsonLine(out, 'wheelhouse is serving');
    const edge = jsonLine(out, 'driving the edge');
    if (token && serving && edge) {
      return {
        child,
        url: String(serving.url),
        edgeHttp: String(edge.httpAddress),
        edgeHttps: String(edge.httpsAddress),
        token,
        log: () => out,
        stop,
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the session's server did not start (token, serving and edge lines expected):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first JSON log line whose msg starts with `msg`. */
function jsonLine(log: string, msg: string): Record<string, unknown> | undefined {
  for (const line of log.split('\n')) {
    if (!line.startsWith('{') || !line.includes(msg)) continue;
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (String(parsed.msg).startsWith(msg)) return parsed;
    } catch {
      // A partial line: read again later.
    }
  }
  return undefined;
}
