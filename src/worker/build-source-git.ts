import { lookup } from 'node:dns/promises';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { type SimpleGit, simpleGit } from 'simple-git';
import {
  BUILD_FIELDS,
  checkGitUrl,
  type GitTransport,
  gitAddressReason,
  gitRefErrors,
  redactUrl,
} from '../control/build-paths.js';
import { refusedAddress } from '../control/webhook-addresses.js';
import { newRunMarker, RUN_MARKER, reap } from './build-source-reaper.js';
import {
  abortError,
  BuildSourceError,
  checkedPaths,
  newSourceDir,
  type PreparedSource,
  removeDir,
  resolveContext,
} from './build-source-tree.js';
import { Masker } from './masking.js';

/*
 * A git source: one commit fetched into a fresh directory with Debian's git
 * (through simple-git), as little of the history as the ref needs.
 *
 * Git runs in a clean environment: no system or user config, no terminal
 * prompt, no hooks, no submodules, no redirects, only the transport the URL
 * check allowed (GIT_ALLOW_PROTOCOL), and the host pinned to the addresses
 * the SSRF guard approved (curl's resolve list for http(s), ssh's Hostname),
 * so a name cannot resolve to a private address between the check and the
 * connection. Credentials reach git only through its environment (an https
 * token as an extra header in GIT_CONFIG_*) or a 0600 key file outside the
 * checkout (GIT_SSH_COMMAND): never its argv, where `ps` shows them, and
 * never the checkout's `.git/config`. Whatever git says is scrubbed of them
 * before it leaves this module.
 */

/** What to fetch, and where. */
export interface GitSourceInput {
  /** The repository URL (checked again here: https, ssh, scp-like; file/http only with allowLocal). */
  url: string;
  /** A branch, a tag, `HEAD`, `refs/…` or a commit sha (full or abbreviated). */
  ref?: string;
  /** The vault value: an https token, or an SSH private key (told apart by its PEM/OpenSSH header). */
  credential?: string;
  /** WHEELHOUSE_GIT_ALLOW_LOCAL: file:// URLs and private addresses. */
  allowLocal: boolean;
  /** A directory the source's own temporary directory is made in. */
  workDir: string;
  /** Inside the source (default `.`). */
  contextPath?: string;
  /** Relative to the context (default `Dockerfile`). */
  dockerfile?: string;
  /** Aborting kills the running git and removes everything made. */
  signal: AbortSignal;
  /** git's own progress lines (scrubbed), for the build's log. */
  onLine?: (line: string) => void;
  /** Resolves host names (default dns.lookup, every address); tests pass a stub. */
  resolve?: (host: string) => Promise<string[]>;
}

/** Longest time git may go without a byte of output (with --progress) before it is killed. */
const STALL_MS = 120_000;
const CREDENTIAL_FIELD = ['build', 'source', 'git', 'credentialSecret'] as const;
const SSH_KEY = /-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----/;

const defaultResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Fetches `ref` of `url` and checks out its commit; see the module comment. */
export async function prepareGitSource(input: GitSourceInput): Promise<PreparedSource> {
  const { signal } = input;
  const ref = input.ref ?? 'HEAD';
  const paths = checkedPaths(input.contextPath ?? '.', input.dockerfile ?? 'Dockerfile');
  const checked = checkGitUrl(input.url, input.allowLocal);
  if (!checked.url) {
    const e = checked.errors;
    throw new BuildSourceError('BUILD_SOURCE_INVALID', `build.source.git.url: ${e[0]!.message}`, e);
  }
  const refErrors = gitRefErrors(ref);
  if (refErrors.length > 0)
    throw new BuildSourceError('BUILD_SOURCE_INVALID', `build.source.git.ref: ${refErrors[0]!.message}`, refErrors);
  const { transport } = checked.url;
  const shownUrl = redactUrl(input.url);

  const masker = new Masker();
  const credential = credentialOf(input.credential, transport, masker);
  signal.throwIfAborted();
  const pinned = await pinnedAddresses(checked.url, input.allowLocal, input.resolve ?? defaultResolve);
  signal.throwIfAborted();

  const dir = await newSourceDir(input.workDir, 'git');
  const cleanup = () => removeDir(dir);
  // On abort, git's transport children are killed too (see build-source-reaper.ts).
  const marker = newRunMarker();
  const onAbort = () => void reap(marker);
  signal.addEventListener('abort', onAbort, { once: true });
  const tree = join(dir, 'tree');
  const sshDir = join(dir, 'ssh');
  try {
    await mkdir(tree);
    await mkdir(join(dir, 'home'), { mode: 0o700 });
    const env = await gitEnvironment({ dir, sshDir, transport, credential, pinned, checkedHost: checked.url });
    env[RUN_MARKER] = marker;
    const git = gitIn(tree, env, signal, input.onLine, masker);
    const run = async (what: string, args: string[]) => {
      try {
        return await git.raw(args);
      } catch (err) {
        if (signal.aborted) throw abortError(signal);
        const said = scrubUrls(err instanceof Error ? err.message : String(err))
          .trim()
          .slice(-2000);
        // The whole message is masked: git may echo any argument back, the ref included.
        throw new BuildSourceError(
          'BUILD_SOURCE_FAILED',
          masker.text(`${what} ${shownUrl} at ${JSON.stringify(ref)} failed: ${said}`),
        );
      }
    };

    await run('git init of', ['init', '-q']);
    const fetchArgs = ['fetch', '--no-tags', '--no-recurse-submodules', '--progress'];
    try {
      await run('git fetch of', [...fetchArgs, '--depth', '1', '--end-of-options', input.url, ref]);
      await run('git checkout of', ['checkout', '-q', '--detach', 'FETCH_HEAD']);
    } catch (err) {
      // A commit sha a server will not hand out by itself (protocol v0, or an
      // abbreviated one): fetch the branches and tags, then find it among them.
      if (signal.aborted || !/^[0-9a-f]{7,40}$/i.test(ref)) throw err;
      await run('git fetch of', [
        ...fetchArgs,
        '--end-of-options',
        input.url,
        '+refs/heads/*:refs/remotes/origin/*',
        '+refs/tags/*:refs/tags/*',
      ]);
      const commit = (
        await run('git rev-parse in', ['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`])
      ).trim();
      await run('git checkout of', ['checkout', '-q', '--detach', commit]);
    }
    const commit = (await run('git rev-parse in', ['rev-parse', 'HEAD'])).trim();
    // The key is needed no longer than the fetch.
    await removeDir(sshDir);
    const resolved = await resolveContext(tree, paths.contextPath, paths.dockerfile);
    signal.throwIfAborted();
    return {
      dir,
      ...resolved,
      source: { kind: 'git', url: shownUrl, ref, commit },
      cleanup,
    };
  } catch (err) {
    // A failed or killed git may leave its transport running: end it before removing its files.
    await reap(marker);
    await cleanup();
    if (signal.aborted) throw abortError(signal);
    // No git on this host: say what to install rather than a bare "spawn git ENOENT".
    if (/spawn git ENOENT/.test(String(err)))
      throw new BuildSourceError(
        'BUILD_SOURCE_FAILED',
        'git is not installed where Wheelhouse runs: install it (Debian/Ubuntu: apt-get install git) to build from git sources',
      );
    if (err instanceof BuildSourceError) throw err;
    // Anything else (a file system error) is scrubbed like git's words.
    throw new BuildSourceError('BUILD_SOURCE_FAILED', masker.text(scrubUrls(String(err))));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The vault value as git will use it, refused when it does not fit the URL's transport. */
type GitCredential = { kind: 'token'; token: string } | { kind: 'key'; key: string } | undefined;

function credentialOf(raw: string | undefined, transport: GitTransport, masker: Masker): GitCredential {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  masker.add([raw, value]);
  if (SSH_KEY.test(value)) {
    if (transport !== 'ssh')
      throw BuildSourceError.field(
        'BUILD_SOURCE_INVALID',
        CREDENTIAL_FIELD,
        'holds an SSH private key, which only an ssh:// or git@host:path URL can use',
      );
    return { kind: 'key', key: `${value}\n` };
  }
  if (transport !== 'https' && transport !== 'http')
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      CREDENTIAL_FIELD,
      'holds a token, which only an https:// URL can use (an ssh URL needs a private key)',
    );
  if (/[\r\n]/.test(value))
    throw BuildSourceError.field('BUILD_SOURCE_INVALID', CREDENTIAL_FIELD, 'holds a token with a line break');
  const basic = Buffer.from(`x-access-token:${value}`).toString('base64');
  masker.add([basic, Buffer.from(value).toString('base64')]);
  return { kind: 'token', token: value };
}

/**
 * The SSRF guard: every address the URL's host resolves to must be allowed
 * (loopback, private and link-local only with allowLocal; cloud metadata
 * never). Returns them, for git to connect to those and no others.
 */
async function pinnedAddresses(
  url: { transport: GitTransport; host?: string },
  allowLocal: boolean,
  resolve: (host: string) => Promise<string[]>,
): Promise<string[]> {
  if (url.transport === 'file' || url.host === undefined) return [];
  let addresses: string[];
  try {
    addresses = isIP(url.host) ? [url.host] : await resolve(url.host);
  } catch {
    throw BuildSourceError.field('BUILD_SOURCE_FAILED', BUILD_FIELDS.gitUrl, `host ${url.host} does not resolve`);
  }
  if (addresses.length === 0)
    throw BuildSourceError.field('BUILD_SOURCE_FAILED', BUILD_FIELDS.gitUrl, `host ${url.host} has no address`);
  for (const a of addresses) {
    const why = refusedAddress(a, allowLocal);
    if (why)
      throw BuildSourceError.field(
        'BUILD_SOURCE_REFUSED',
        BUILD_FIELDS.gitUrl,
        `is refused: ${url.host} resolves to ${gitAddressReason(why)}`,
      );
  }
  return addresses;
}

/** Git's whole environment: built from nothing, so no operator or user config reaches it. */
async function gitEnvironment(o: {
  dir: string;
  sshDir: string;
  transport: GitTransport;
  credential: GitCredential;
  pinned: string[];
  checkedHost: { host?: string; port?: number };
}): Promise<Record<string, string>> {
  const config: [string, string][] = [
    ['core.hooksPath', '/dev/null'],
    ['submodule.recurse', 'false'],
    ['fetch.recurseSubmodules', 'false'],
    ['protocol.version', '2'],
    ['http.followRedirects', 'false'],
    // A stalled transfer ends on its own too, not only by the abort.
    ['http.lowSpeedLimit', '1'],
    ['http.lowSpeedTime', '60'],
    ['advice.detachedHead', 'false'],
    ['init.defaultBranch', 'main'],
  ];
  const { host, port } = o.checkedHost;
  if ((o.transport === 'https' || o.transport === 'http') && host && o.pinned.length > 0) {
    const p = port ?? (o.transport === 'https' ? 443 : 80);
    const list = o.pinned.map((a) => (isIP(a) === 6 ? `[${a}]` : a)).join(',');
    config.push(['http.curloptResolve', `${host}:${p}:${list}`]);
  }
  if (o.credential?.kind === 'token') {
    const basic = Buffer.from(`x-access-token:${o.credential.token}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: join(o.dir, 'home'),
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ALLOW_PROTOCOL: o.transport,
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  if (o.transport === 'ssh') {
    await mkdir(o.sshDir, { mode: 0o700 });
    const known = join(o.sshDir, 'known_hosts');
    const ssh = ['ssh', '-F', '/dev/null', '-o', 'IdentitiesOnly=yes', '-o', 'StrictHostKeyChecking=accept-new'];
    ssh.push('-o', 'BatchMode=yes', '-o', `UserKnownHostsFile=${shellQuote(known)}`);
    if (host && o.pinned[0]) ssh.push('-o', `HostKeyAlias=${shellQuote(host)}`, '-o', `Hostname=${o.pinned[0]}`);
    if (o.credential?.kind === 'key') {
      const keyFile = join(o.sshDir, 'id');
      await writeFile(keyFile, o.credential.key, { mode: 0o600 });
      await chmod(keyFile, 0o600);
      ssh.push('-i', shellQuote(keyFile));
    }
    env.GIT_SSH_COMMAND = ssh.join(' ');
  }
  return env;
}

/** simple-git in `tree` with exactly `env`, killed by `signal`, git's stderr lines to `onLine`. */
function gitIn(
  tree: string,
  env: Record<string, string>,
  signal: AbortSignal,
  onLine: ((line: string) => void) | undefined,
  masker: Masker,
): SimpleGit {
  const git = simpleGit({
    baseDir: tree,
    binary: 'git',
    maxConcurrentProcesses: 1,
    abort: signal,
    timeout: { block: STALL_MS },
    // Each of these is set by this module, never from input: the URL and ref
    // are checked, and simple-git's own checks stay on for the argv.
    unsafe: {
      allowUnsafeConfigEnvCount: true,
      allowUnsafeConfigPaths: true,
      allowUnsafeHooksPath: true,
      allowUnsafeSshCommand: true,
    },
  }).env(env);
  if (onLine) {
    git.outputHandler((_cmd, _stdout, stderr) => {
      let pending = '';
      stderr.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        // Progress redraws its line with \r: only finished lines are kept.
        let nl = pending.indexOf('\n');
        while (nl >= 0) {
          const line = pending.slice(0, nl).split('\r').pop()!.trimEnd();
          pending = pending.slice(nl + 1);
          if (line) onLine(masker.text(scrubUrls(line)));
          nl = pending.indexOf('\n');
        }
      });
    });
  }
  return git;
}

/** URL userinfo removed from any text (git echoes URLs in its errors). */
export function scrubUrls(text: string): string {
  return text.replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/\s@]*@/g, '$1');
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
