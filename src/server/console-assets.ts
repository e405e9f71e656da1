import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONSOLE_BUILD_DIR } from './console-build.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** A Host header as it may appear in a CSP source (anything else falls back to 'self' alone). */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The console's Content-Security-Policy: scripts, styles and everything else
 * only from this origin (no inline script or style), GraphQL over HTTP to
 * 'self' and over WebSocket to the same host; no frames, no plugins.
 */
export function consoleCsp(host: string | undefined): string {
  const ws = host && SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built console (console/dist) to GET and HEAD: a file that exists
 * as itself (hashed assets cached for a year, the rest revalidated), a
 * missing asset as 404, and any other path as index.html, so client routes
 * like /instances/… load the app. Every answer carries the CSP.
 */
export async function serveConsole(req: IncomingMessage, res: ServerResponse, dir = CONSOLE_BUILD_DIR): Promise<void> {
  // Called without await by the HTTP server: a failure here must answer, never reject.
  try {
    await serve(req, res, dir);
  } catch {
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  }
}

async function serve(req: IncomingMessage, res: ServerResponse, dir: string): Promise<void> {
  // A malformed escape (`%E0%A4%A`) throws: answered 400 by serveConsole.
  const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
  const headers = {
    'content-security-policy': consoleCsp(req.headers.host),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  const file = normalize(join(dir, path));
  const inside = file.startsWith(dir + sep);
  const isAsset = path.startsWith('/assets/') || extname(path) !== '';
  if (inside && isAsset && (await isFile(file))) {
    const immutable = path.startsWith('/assets/');
    return send(req, res, file, {
      ...headers,
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  if (isAsset) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('not found\n');
    return;
  }
  const index = join(dir, 'index.html');
  if (!(await isFile(index))) {
    res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('the web console is not built: `npm start` builds it\n');
    return;
  }
  return send(req, res, index, { ...headers, 'content-type': CONTENT_TYPES['.html']!, 'cache-control': 'no-cache' });
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

function send(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>): void {
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
