import { isIP } from 'node:net';
import { posix } from 'node:path';
import type { FieldError } from './errors.js';
// The address rule is the webhook guard's, shared so the two never disagree.
import { refusedAddress } from './webhook-addresses.js';

/*
 * What a build's input can be told apart from by its text alone, before any
 * byte is fetched: where in the source the context and the Dockerfile are
 * (never outside it), and which git repositories may be fetched (no transport
 * that runs a program, no credentials in the URL: those come from the vault).
 * The worker checks again after the checkout, with realpath, what only the
 * files can tell (a symlink that leads out).
 */

/** Field paths of the problems, as the API names them in a ValidationError. */
export const BUILD_FIELDS = {
  contextPath: ['build', 'contextPath'],
  dockerfile: ['build', 'dockerfile'],
  gitUrl: ['build', 'source', 'git', 'url'],
  gitRef: ['build', 'source', 'git', 'ref'],
  archive: ['build', 'source', 'archive'],
} as const satisfies Record<string, readonly string[]>;

const MAX_PATH_LENGTH = 1024;
const MAX_URL_LENGTH = 2048;
const MAX_REF_LENGTH = 255;

/**
 * A relative path inside a source, normalised (`./a//b/` → `a/b`, `.` for the
 * root), or a problem: absolute, NUL, a backslash-free escape through `..`.
 */
export function normaliseInside(raw: string): { path: string } | { problem: string } {
  if (raw.length === 0) return { problem: 'must not be empty' };
  if (raw.length > MAX_PATH_LENGTH) return { problem: `must be at most ${MAX_PATH_LENGTH} characters` };
  if (raw.includes('\0')) return { problem: 'must not contain a NUL character' };
  if (raw.startsWith('/') || /^[A-Za-z]:[\\/]/.test(raw) || raw.startsWith('\\'))
    return { problem: 'must be a relative path, not an absolute one' };
  const path = posix.normalize(raw).replace(/\/+$/, '') || '.';
  if (path === '..' || path.startsWith('../')) return { problem: 'must stay inside the source (it escapes with "..")' };
  return { path };
}

/** The normalised context path and Dockerfile (relative to the context), or their problems by field. */
export function buildPathErrors(
  contextPath: string,
  dockerfile: string,
): { contextPath: string; dockerfile: string; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const ctx = normaliseInside(contextPath);
  if ('problem' in ctx) errors.push({ path: [...BUILD_FIELDS.contextPath], message: ctx.problem });
  const df = normaliseInside(dockerfile);
  if ('problem' in df) errors.push({ path: [...BUILD_FIELDS.dockerfile], message: df.problem });
  else if (df.path === '.') errors.push({ path: [...BUILD_FIELDS.dockerfile], message: 'must name a file' });
  return {
    contextPath: 'path' in ctx ? ctx.path : '.',
    dockerfile: 'path' in df ? df.path : 'Dockerfile',
    errors,
  };
}

/** The transports a URL may use: `git fetch` is told to allow exactly this one (GIT_ALLOW_PROTOCOL). */
export type GitTransport = 'https' | 'ssh' | 'http' | 'file';

/** A git URL that passed the check: its transport, and the host to resolve (none for `file`). */
export interface CheckedGitUrl {
  transport: GitTransport;
  /** The host name or literal address, brackets of IPv6 removed; undefined for `file://`. */
  host?: string;
  /** The port when the URL names one. */
  port?: number;
}

/** `user@host:path`, git's scp-like SSH form (no `//` after the colon, no port). */
const SCP_LIKE = /^([A-Za-z0-9._~-]+)@(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(?!\/\/)(.+)$/;

/** A host git may be pointed at: DNS name or literal address, never an option (`-oProxyCommand`). */
function hostProblem(host: string): string | undefined {
  if (host.length === 0) return 'must name a host';
  if (host.startsWith('-')) return 'has a host that is not a host name';
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare)) return undefined;
  if (!/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/.test(bare))
    return 'has a host that is not a host name';
  return undefined;
}

/**
 * Checks a repository URL's form: `https://`, `ssh://` or scp-like
 * `git@host:path`; `http://` and `file://` only with `allowLocal`
 * (WHEELHOUSE_GIT_ALLOW_LOCAL). Refused: every other transport (`ext::`
 * runs a command, `fd::` reads a descriptor, `git://` is unauthenticated),
 * credentials in the URL (a vault secret carries them), and a host that
 * looks like an option. Literal private addresses are refused here; a name is
 * resolved and checked by the worker before it fetches.
 */
export function checkGitUrl(
  raw: string,
  allowLocal: boolean,
): { url: CheckedGitUrl; errors: [] } | { url?: undefined; errors: FieldError[] } {
  const path = [...BUILD_FIELDS.gitUrl];
  const fail = (message: string) => ({ errors: [{ path, message }] });
  if (raw.length === 0) return fail('must not be empty');
  if (raw.length > MAX_URL_LENGTH) return fail(`must be at most ${MAX_URL_LENGTH} characters`);
  // Control characters and whitespace would reach git's own URL parsing (and a
  // newline once reached credential helpers' input): never legitimate here.
  if (/\s/.test(raw) || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return fail('must not contain whitespace or control characters');
  if (raw.startsWith('-')) return fail('must be a URL');
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(raw)) return fail('uses a remote helper transport ("::"), which is refused');

  const scp = SCP_LIKE.exec(raw);
  if (scp && !raw.includes('://')) {
    const host = scp[2]!;
    const why = hostProblem(host);
    if (why) return fail(why);
    if (scp[3]!.startsWith('-')) return fail('has a path that is not a path');
    const literal = literalRefused(stripBrackets(host), allowLocal);
    if (literal) return fail(literal);
    return { url: { transport: 'ssh', host: stripBrackets(host) }, errors: [] };
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('is not a git URL (https://…, ssh://… or git@host:path)');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'file') {
    if (!allowLocal) return fail('file:// repositories are refused (WHEELHOUSE_GIT_ALLOW_LOCAL is off)');
    if (url.host !== '') return fail('must be a local file:// URL (file:///path)');
    return { url: { transport: 'file' }, errors: [] };
  }
  if (scheme === 'http' && !allowLocal)
    return fail('must use https:// (plain http:// only with WHEELHOUSE_GIT_ALLOW_LOCAL)');
  if (scheme !== 'https' && scheme !== 'http' && scheme !== 'ssh')
    return fail(`the ${scheme}:// transport is refused (https://, ssh:// or git@host:path)`);
  if (url.password) return fail('must not carry credentials (give a credentialSecret instead)');
  // https://TOKEN@host is a credential even without a password; ssh's user name is not.
  if (url.username && scheme !== 'ssh') return fail('must not carry credentials (give a credentialSecret instead)');
  const why = hostProblem(url.hostname);
  if (why) return fail(why);
  if (decodeURIComponent(url.username).startsWith('-')) return fail('has a user name that is not a user name');
  const host = stripBrackets(url.hostname);
  const literal = literalRefused(host, allowLocal);
  if (literal) return fail(literal);
  const port = url.port ? Number(url.port) : undefined;
  return { url: { transport: scheme, host, ...(port !== undefined && { port }) }, errors: [] };
}

/** The guard's reason, naming this feature's setting rather than the webhooks'. */
export function gitAddressReason(reason: string): string {
  return reason.replace('WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE', 'WHEELHOUSE_GIT_ALLOW_LOCAL');
}

/** Why a literal address host is refused (a name is resolved and judged by the worker). */
function literalRefused(host: string, allowLocal: boolean): string | undefined {
  if (!isIP(host)) return undefined;
  const refused = refusedAddress(host, allowLocal);
  return refused ? `is refused: ${gitAddressReason(refused)}` : undefined;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Checks a ref: a branch, a tag, `HEAD`, `refs/…` or a commit sha. Never an
 * option (`--upload-pack=…`), a refspec with a destination (`a:b`), a
 * pattern, or anything `git check-ref-format` refuses.
 */
export function gitRefErrors(ref: string): FieldError[] {
  const path = [...BUILD_FIELDS.gitRef];
  const fail = (message: string) => [{ path, message }];
  if (ref.length === 0) return fail('must not be empty');
  if (ref.length > MAX_REF_LENGTH) return fail(`must be at most ${MAX_REF_LENGTH} characters`);
  if (ref.startsWith('-')) return fail('must not start with "-"');
  if (!/^[A-Za-z0-9._/@+-]+$/.test(ref) || ref.includes('..') || ref.includes('@{') || ref.includes('//'))
    return fail('is not a branch, a tag or a commit sha');
  if (ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.') || ref.endsWith('.lock') || ref.startsWith('+'))
    return fail('is not a branch, a tag or a commit sha');
  if (ref.split('/').some((c) => c.startsWith('.'))) return fail('is not a branch, a tag or a commit sha');
  return [];
}

/**
 * A git URL fit to show (a log line, the BuildSource's `url`): userinfo
 * dropped, whatever the form. Something unparseable is shown as `<url>` rather
 * than risk printing a credential.
 */
export function redactUrl(raw: string): string {
  const scp = SCP_LIKE.exec(raw);
  if (scp && !raw.includes('://')) return raw;
  try {
    const url = new URL(raw);
    if (url.protocol === 'ssh:') {
      // ssh's user name is an account, not a secret; a password is dropped.
      url.password = '';
      return url.toString();
    }
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    const at = raw.lastIndexOf('@');
    return at >= 0 ? '<url>' : raw;
  }
}
