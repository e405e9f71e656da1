import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError, ExitCode } from './exit-codes.js';

/** How long the CLI waits for the browser to come back. */
const WAIT_MS = 5 * 60 * 1000;

/**
 * `wheelhouse login --sso`: the person signs in with the organisation's identity provider in a
 * browser, and the CLI receives a token. The CLI listens on a loopback port and sends the
 * browser to `/auth/login?cli_redirect=http://127.0.0.1:PORT/callback&cli_challenge=…`; after
 * sign-in the server redirects there with a one-time code (sealed, 60 s) bound to the PKCE-style
 * challenge, and only this process, holding the verifier, can trade it at `/auth/cli-token` for
 * an API token with the person's role, valid 12 hours. No secret travels in a URL.
 */
export async function signInWithBrowser(
  serverUrl: string,
  o: { open: boolean; say: (line: string) => void },
): Promise<string> {
  const origin = new URL(serverUrl).origin;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  let settle: (code: string) => void = () => {};
  let fail: (err: Error) => void = () => {};
  const codeArrived = new Promise<string>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const code = url.searchParams.get('code');
    if (url.pathname !== '/callback' || !code) {
      res.writeHead(404);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><p>Signed in to Wheelhouse. You can close this tab and return to the terminal.</p>');
    settle(code);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const login = new URL('/auth/login', origin);
  login.searchParams.set('cli_redirect', `http://127.0.0.1:${port}/callback`);
  login.searchParams.set('cli_challenge', challenge);
  o.say(`Sign in in your browser: ${login.href}`);
  if (o.open) openBrowser(login.href);
  const timer = setTimeout(
    () => fail(new CliError('sign-in: no answer from the browser in 5 minutes', ExitCode.AUTH)),
    WAIT_MS,
  );
  try {
    const code = await codeArrived;
    const res = await fetch(new URL('/auth/cli-token', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code, code_verifier: verifier }).toString(),
    }).catch(() => {
      throw new CliError(`sign-in: ${origin} cannot be reached`, ExitCode.UNREACHABLE);
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string };
    if (!res.ok || !body.access_token)
      throw new CliError('sign-in: the server refused the sign-in code', ExitCode.AUTH);
    return body.access_token;
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}

/** Opens `url` in the desktop's browser, if there is one; the URL is printed either way. */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No browser here (a server, a container): the printed URL is the way.
  }
}
