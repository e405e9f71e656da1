/**
 * A real git server for tests: Debian's `git http-backend` run as a CGI
 * behind a Node HTTP server on 127.0.0.1 (smart HTTP, protocol v2), with
 * bare repositories made by the real `git`. The same repositories are
 * reachable as `file://` URLs. Optionally every request must carry a token
 * (HTTP Basic, any user name, the token as password; `Bearer` too), else 401;
 * every request is logged with the Authorization header it carried, so a test
 * can prove what git sent. `stall` makes the server take requests and never
 * answer (a fetch that hangs, for cancellation).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One request the server received. */
export interface GitRequest {
  method: string;
  /** Path and query, e.g. `/shop.git/info/refs?service=git-upload-pack`. */
  url: string;
  /** The Authorization header as sent, when there was one. */
  authorization?: string;
  /** The status answered (401 for a refused token); undefined while stalled. */
  status?: number;
}

/** What a commit writes: file contents by path, and symlinks (path → target). */
export interface CommitFiles {
  files?: Record<string, string>;
  symlinks?: Record<string, string>;
  /** Paths to delete. */
  remove?: string[];
}

export interface CommitOptions {
  /** The branch to commit on (created from the current one when new); default `main`. */
  branch?: string;
  /** An annotated tag to put on the new commit. */
  tag?: string;
  message?: string;
}

/** A running server and its repositories. */
export interface GitServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The directory holding `<name>.git` bare repositories. */
  readonly root: string;
  /** The repository's HTTP URL. */
  httpUrl(name: string): string;
  /** The repository's `file://` URL. */
  fileUrl(name: string): string;
  /** Creates a bare repository with one commit on `main` (or `opts.branch`); returns its sha. */
  createRepo(name: string, files: CommitFiles, opts?: CommitOptions): Promise<string>;
  /** Adds a commit to a repository and pushes it; returns its sha. */
  addCommit(name: string, files: CommitFiles, opts?: CommitOptions): Promise<string>;
  /** Requests received since the server started (or the last `clearLog`). */
  requests(): GitRequest[];
  clearLog(): void;
  /** While true, requests are accepted and never answered. */
  stall(on: boolean): void;
  /** While set, every request is answered with a 302 to this origin (same path). */
  redirectTo(origin: string | undefined): void;
  /** Requests currently held by `stall`. */
  stalled(): number;
  close(): Promise<void>;
}

/** Git as the test itself runs it: no user or system config, fixed identity. */
function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    LC_ALL: 'C',
  };
}

/** Starts a server; `token`: every request must carry it (else 401). */
export async function startGitServer(opts: { token?: string } = {}): Promise<GitServer> {
  const base = await mkdtemp(join(tmpdir(), 'wh-git-server-'));
  const root = join(base, 'repos');
  const work = join(base, 'work');
  await mkdir(root);
  await mkdir(work);
  const env = gitEnv(base);
  const git = async (cwd: string, ...args: string[]) =>
    (await run('git', args, { cwd, env, maxBuffer: 16 << 20 })).stdout.trim();

  const log: GitRequest[] = [];
  let stalling = false;
  let redirect: string | undefined;
  const held = new Set<ServerResponse>();

  const authorized = (header: string | undefined): boolean => {
    if (opts.token === undefined) return true;
    if (!header) return false;
    if (header === `Bearer ${opts.token}`) return true;
    const m = /^Basic (.+)$/.exec(header);
    if (!m) return false;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1) === opts.token;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const entry: GitRequest = { method: req.method ?? 'GET', url: req.url ?? '/' };
    if (req.headers.authorization) entry.authorization = req.headers.authorization;
    log.push(entry);
    if (stalling) {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (redirect) {
      entry.status = 302;
      res.writeHead(302, { Location: `${redirect}${req.url ?? '/'}` }).end();
      req.resume();
      return;
    }
    if (!authorized(req.headers.authorization)) {
      entry.status = 401;
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' });
      res.end('authentication required\n');
      req.resume();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgiEnv: NodeJS.ProcessEnv = {
      ...env,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GATEWAY_INTERFACE: 'CGI/1.1',
      REQUEST_METHOD: req.method,
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      REMOTE_USER: opts.token === undefined ? undefined : 'git',
      CONTENT_TYPE: req.headers['content-type'],
      CONTENT_LENGTH: req.headers['content-length'],
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'],
      HTTP_GIT_PROTOCOL: req.headers['git-protocol'] as string | undefined,
    };
    const cgi = spawn('git', ['http-backend'], { env: cgiEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    req.pipe(cgi.stdin);
    cgi.stdin.on('error', () => {});
    let head = Buffer.alloc(0);
    let headerDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headerDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n') >= 0 ? head.indexOf('\r\n\r\n') : head.indexOf('\n\n');
      if (end < 0) return;
      const sep = head.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
      headerDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const k = line.slice(0, i).trim();
        const v = line.slice(i + 1).trim();
        if (k.toLowerCase() === 'status') status = Number.parseInt(v, 10);
        else headers[k] = v;
      }
      entry.status = status;
      res.writeHead(status, headers);
      res.write(head.subarray(end + sep));
    });
    cgi.stdout.on('end', () => {
      if (!headerDone) {
        entry.status = 502;
        res.writeHead(502).end();
      } else res.end();
    });
    cgi.stderr.resume();
    res.on('close', () => cgi.kill());
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const write = async (dir: string, files: CommitFiles) => {
    for (const [path, content] of Object.entries(files.files ?? {})) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await rm(join(dir, path), { force: true });
      await writeFile(join(dir, path), content);
    }
    for (const [path, target] of Object.entries(files.symlinks ?? {})) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await rm(join(dir, path), { force: true });
      await symlink(target, join(dir, path));
    }
    for (const path of files.remove ?? []) await rm(join(dir, path), { recursive: true, force: true });
  };

  const commit = async (name: string, files: CommitFiles, o: CommitOptions = {}) => {
    const dir = join(work, name);
    const branch = o.branch ?? 'main';
    const current = await git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').catch(() => branch);
    if (current !== branch) await git(dir, 'checkout', '-q', '-B', branch);
    await write(dir, files);
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '--allow-empty', '-m', o.message ?? 'change');
    const sha = await git(dir, 'rev-parse', 'HEAD');
    await git(dir, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
    if (o.tag) {
      await git(dir, 'tag', '-a', o.tag, '-m', o.tag);
      await git(dir, 'push', '-q', 'origin', `refs/tags/${o.tag}`);
    }
    return sha;
  };

  return {
    origin,
    root,
    httpUrl: (name) => `${origin}/${name}.git`,
    fileUrl: (name) => `file://${join(root, `${name}.git`)}`,
    async createRepo(name, files, o = {}) {
      const bare = join(root, `${name}.git`);
      await git(root, 'init', '-q', '--bare', '-b', o.branch ?? 'main', bare);
      const dir = join(work, name);
      await git(work, 'init', '-q', '-b', o.branch ?? 'main', dir);
      await git(dir, 'remote', 'add', 'origin', bare);
      return commit(name, files, o);
    },
    addCommit: commit,
    requests: () => [...log],
    clearLog: () => {
      log.length = 0;
    },
    stall: (on) => {
      stalling = on;
    },
    stalled: () => held.size,
    redirectTo: (o) => {
      redirect = o;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(base, { recursive: true, force: true });
    },
  };
}
